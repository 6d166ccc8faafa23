import { memo } from 'react';
import type { TWord } from '../../../core/content/vocabulary';

interface Props {
  word: TWord;
  planned: boolean;
  completed: boolean;
  liked: boolean;
  signedIn: boolean;
  /** Each is called with the word's id (stable functions keep the memoized card still). */
  onOpen: (id: string) => void;
  onPlan: (id: string) => void;
  onComplete: (id: string) => void;
  onLike: (id: string) => void;
}

/** The word's toggle buttons (Plan, Complete, Like), on its card and in its dialog. */
export const chip =
  'rounded-full border px-3 py-1 text-sm font-medium disabled:opacity-50 aria-pressed:border-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white dark:border-slate-600';

/**
 * Plan (a toggle) and Complete (once) for one word: the same two buttons on its card and in
 * its dialog, so both always agree.
 */
export function PlanComplete(props: {
  word: string;
  planned: boolean;
  completed: boolean;
  onPlan: () => void;
  onComplete: () => void;
  className?: string;
}) {
  const { word, planned, completed, onPlan, onComplete, className = chip } = props;
  return (
    <>
      <button
        type="button"
        className={className}
        aria-pressed={planned}
        onClick={onPlan}
        aria-label={`${planned ? 'Unplan' : 'Plan'} ${word}`}
      >
        {planned ? 'Planned' : 'Plan'}
      </button>
      <button
        type="button"
        className={className}
        aria-pressed={completed}
        disabled={completed}
        onClick={onComplete}
        aria-label={`Complete ${word}`}
      >
        Complete
      </button>
    </>
  );
}

export const WordCard = memo(function WordCard({
  word,
  planned,
  completed,
  liked,
  signedIn,
  onOpen,
  onPlan,
  onComplete,
  onLike,
}: Props) {
  return (
    <article
      aria-labelledby={`w-${word.id}`}
      className="flex h-full flex-col rounded-xl border border-slate-200 p-4 dark:border-slate-700"
    >
      <h2 id={`w-${word.id}`} className="text-lg font-semibold">
        <button type="button" onClick={() => onOpen(word.id)} className="text-left hover:underline">
          {word.word}
        </button>
      </h2>
      <p className="text-sm text-slate-500 italic dark:text-slate-400">
        {word.partOfSpeech} · {word.level}
      </p>
      <p className="mt-2 flex-1 text-slate-700 dark:text-slate-300">{word.definition}</p>
      {completed && (
        <p className="mt-2 text-sm font-semibold text-emerald-700 dark:text-emerald-400">
          ✓ Completed
        </p>
      )}
      {signedIn && (
        <div className="mt-3 flex flex-wrap gap-2">
          <PlanComplete
            word={word.word}
            planned={planned}
            completed={completed}
            onPlan={() => onPlan(word.id)}
            onComplete={() => onComplete(word.id)}
          />
          <button
            type="button"
            className={chip}
            aria-pressed={liked}
            onClick={() => onLike(word.id)}
            aria-label={`Like ${word.word}`}
          >
            {liked ? '♥ Liked' : '♡ Like'}
          </button>
        </div>
      )}
    </article>
  );
});
