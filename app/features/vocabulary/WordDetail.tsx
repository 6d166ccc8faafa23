import { Link } from 'wouter';
import type { TWord } from '../../../core/content/vocabulary';
import { links } from '../../../core/paths';
import type { WordStatus } from '../../../core/vocabulary/study';
import type { Kept } from '../../data/doodles';
import { FormAlert, secondaryButton } from '../../ui/form';
import { ListenButton } from '../../ui/ListenButton';
import { ModalDialog } from '../../ui/ModalDialog';
import { StatusBadge, WordActions } from './WordCard';
import { WordPicture } from './WordPicture';

interface Props {
  word: TWord;
  status: WordStatus;
  planned: boolean;
  liked: boolean;
  doodles: readonly Kept[] | undefined;
  onPlan: () => void;
  onLearned: () => void;
  onLike: () => void;
  /** Why the last change was refused, shown beside the actions. */
  error?: string | null;
  onClose: () => void;
}

/**
 * The whole entry for one word; deep-linkable as ?word={id}. It opens with the word at its
 * top (ModalDialog's longContent): its pronunciation and Listen, the learner's drawing,
 * the meaning, an example, near-synonyms and usage, and the same actions as its card.
 */
export function WordDetail(props: Props) {
  const { word, status, planned, liked, doodles, onPlan, onLearned, onLike, error, onClose } =
    props;
  return (
    <ModalDialog
      title={word.word}
      titleClassName="text-2xl font-bold"
      onClose={onClose}
      longContent
      className="max-h-[85dvh] max-w-lg overflow-y-auto border border-slate-200 dark:border-slate-700"
    >
      <p className="text-slate-700 dark:text-slate-300">
        <span className="text-lg" data-testid="word-ipa">
          {word.ipa}
        </span>
        <span className="text-sm text-slate-500 italic dark:text-slate-400">
          {' '}
          · {word.partOfSpeech} · {word.level} · {word.professions.join(', ')}
        </span>
      </p>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <ListenButton text={word.word} />
          <StatusBadge status={status} />
        </div>
        <WordActions
          word={word.word}
          learned={status === 'learned'}
          planned={planned}
          liked={liked}
          onPlan={onPlan}
          onLearned={onLearned}
          onLike={onLike}
        />
      </div>
      {error && (
        <div className="mt-3">
          <FormAlert>{error}</FormAlert>
        </div>
      )}
      {doodles && doodles.length > 0 && (
        <WordPicture key={word.id} word={word.word} doodles={doodles} size="large" />
      )}
      <p className="mt-4">{word.definition}</p>
      <blockquote className="mt-3 border-l-4 border-brand-600 pl-3 text-slate-700 italic dark:text-slate-300">
        {word.example}
      </blockquote>
      <h3 className="mt-5 font-semibold">Close in meaning</h3>
      <ul className="mt-1 space-y-1">
        {word.synonyms.map((s) => (
          <li key={s.word}>
            <strong>{s.word}</strong> — {s.nuance}
          </li>
        ))}
      </ul>
      <h3 className="mt-5 font-semibold">Usage</h3>
      <p className="mt-1">{word.usage}</p>
      <h3 className="mt-5 font-semibold">Draw it</h3>
      <p className="mt-1">{word.doodle}</p>
      <p className="mt-3">
        <Link to={links.doodle(word.id)} className={secondaryButton}>
          {doodles && doodles.length > 0 ? 'Draw it again' : 'Doodle this word'}
        </Link>
      </p>
    </ModalDialog>
  );
}
