import { Link } from 'wouter';
import type { TWord } from '../../../core/content/vocabulary';
import type { ItemRecord } from '../../../core/items';
import { ModalDialog } from '../../ui/ModalDialog';

interface Props {
  word: TWord;
  record: ItemRecord | null;
  onClose: () => void;
}

/** The whole entry for one word; deep-linkable as ?word={id}. */
export function WordDetail({ word, record, onClose }: Props) {
  return (
    <ModalDialog
      title={word.word}
      titleClassName="text-2xl font-bold"
      onClose={onClose}
      className="max-h-[85dvh] max-w-lg overflow-y-auto"
    >
      <p className="text-sm text-slate-500 italic dark:text-slate-400">
        {word.partOfSpeech} · {word.level} · {word.professions.join(', ')}
      </p>
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
          to={`/doodles?word=${word.id}`}
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
      <button
        type="button"
        onClick={onClose}
        className="mt-6 rounded-lg border border-slate-300 px-4 py-2 font-semibold dark:border-slate-600"
      >
        Close
      </button>
    </ModalDialog>
  );
}
