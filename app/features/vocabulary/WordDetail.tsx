import { links } from '../../../core/paths';
import { Link } from 'wouter';
import type { TWord } from '../../../core/content/vocabulary';
import type { ItemRecord } from '../../../core/items/items';
import { canSpeak, useSpeech } from '../../lib/speech';
import { FormAlert } from '../../ui/form';
import { SpeakerIcon } from '../../ui/icons';
import { ModalDialog } from '../../ui/ModalDialog';
import { PlanComplete, chip } from './WordCard';

interface Props {
  word: TWord;
  record: ItemRecord | null;
  planned: boolean;
  completed: boolean;
  onPlan: () => void;
  onComplete: () => void;
  /** Why the last plan or complete was refused, shown beside the buttons. */
  error?: string | null;
  onClose: () => void;
}

/**
 * The whole entry for one word; deep-linkable as ?word={id}. It opens with the word at its
 * top (ModalDialog's longContent), reads the word aloud where the browser can, and plans or
 * completes it with the same actions as its card, so both always agree.
 */
export function WordDetail(props: Props) {
  const { word, record, planned, completed, onPlan, onComplete, error, onClose } = props;
  const [speaking, say] = useSpeech();
  return (
    <ModalDialog
      title={word.word}
      titleClassName="text-2xl font-bold"
      onClose={onClose}
      longContent
      className="max-h-[85dvh] max-w-lg overflow-y-auto border border-slate-200 dark:border-slate-700"
    >
      <p className="text-sm text-slate-500 italic dark:text-slate-400">
        {word.partOfSpeech} · {word.level} · {word.professions.join(', ')}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {canSpeak() && (
          <button
            type="button"
            className={`${chip} inline-flex min-h-10 items-center gap-1.5`}
            onClick={() => say(word.word)}
            aria-label={`Listen to “${word.word}”`}
          >
            <SpeakerIcon className={speaking ? 'text-brand-700 dark:text-sky-400' : undefined} />
            {speaking ? 'Speaking…' : 'Listen'}
          </button>
        )}
        <PlanComplete
          word={word.word}
          planned={planned}
          completed={completed}
          onPlan={onPlan}
          onComplete={onComplete}
          className={`${chip} min-h-10`}
        />
        {completed && (
          <span className="text-sm font-semibold text-emerald-700 dark:text-emerald-400">
            ✓ Completed
          </span>
        )}
      </div>
      {error && (
        <div className="mt-3">
          <FormAlert>{error}</FormAlert>
        </div>
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
      <p className="mt-2">
        <Link
          to={links.doodle(word.id)}
          className="font-semibold text-brand-700 underline dark:text-sky-400"
        >
          Doodle this word
        </Link>
      </p>
      {record && (
        <p className="mt-4 text-sm text-slate-500 dark:text-slate-400" data-testid="word-visits">
          You have opened this word {record.visits} {record.visits === 1 ? 'time' : 'times'}.
        </p>
      )}
    </ModalDialog>
  );
}
