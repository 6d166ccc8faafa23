import { memo } from 'react';
import type { TWord } from '../../../core/content/vocabulary';
import type { WordStatus } from '../../../core/vocabulary/study';
import type { Kept } from '../../data/doodles';
import { BookmarkIcon, CheckCircleIcon, HeartIcon } from './icons';
import { WordPicture } from './WordPicture';

interface Props {
  word: TWord;
  status: WordStatus;
  planned: boolean;
  liked: boolean;
  doodles: readonly Kept[] | undefined;
  /** Each is called with the word's id (and word), stable so the memoized card stays still. */
  onOpen: (id: string) => void;
  onPlan: (id: string, word: string) => void;
  onLearned: (id: string, word: string) => void;
  onLike: (id: string) => void;
}

const iconButton =
  'relative z-10 inline-flex size-11 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-900 aria-pressed:text-brand-700 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white dark:aria-pressed:text-sky-400';

/**
 * A word's three quiet actions, the same on its card and in its dialog: plan, learned and
 * like, as icon buttons that say what they do to assistive technology and on hover.
 */
export function WordActions({
  word,
  learned,
  planned,
  liked,
  onPlan,
  onLearned,
  onLike,
  className = '',
}: {
  word: string;
  learned: boolean;
  planned: boolean;
  liked: boolean;
  onPlan: () => void;
  onLearned: () => void;
  onLike: () => void;
  className?: string;
}) {
  const plan = planned ? `Remove “${word}” from your plan` : `Plan “${word}”`;
  const known = learned ? `Mark “${word}” as not learned yet` : `I already know “${word}”`;
  const like = liked ? `Unlike “${word}”` : `Like “${word}”`;
  return (
    <div className={`flex items-center gap-1 ${className}`}>
      <button
        type="button"
        className={iconButton}
        aria-pressed={planned}
        onClick={onPlan}
        aria-label={plan}
        title={plan}
      >
        <BookmarkIcon filled={planned} />
      </button>
      <button
        type="button"
        className={`${iconButton} aria-pressed:text-emerald-700 dark:aria-pressed:text-emerald-400`}
        aria-pressed={learned}
        onClick={onLearned}
        aria-label={known}
        title={known}
      >
        <CheckCircleIcon filled={learned} />
      </button>
      <button
        type="button"
        className={`${iconButton} aria-pressed:text-rose-600 dark:aria-pressed:text-rose-400`}
        aria-pressed={liked}
        onClick={onLike}
        aria-label={like}
        title={like}
      >
        <HeartIcon filled={liked} />
      </button>
    </div>
  );
}

/** Learned or learning, in words and colour; a new word has no badge. */
export function StatusBadge({ status }: { status: WordStatus }) {
  if (status === 'new') return <span />;
  return status === 'learned' ? (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2.5 py-0.5 text-sm font-semibold text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300">
      <span aria-hidden="true">✓</span> Learned
    </span>
  ) : (
    <span className="inline-flex items-center rounded-full bg-amber-100 px-2.5 py-0.5 text-sm font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-300">
      Learning
    </span>
  );
}

/**
 * One word of a set: the whole card opens the word (its name is the button, stretched over
 * the card), with its pronunciation, its meaning, the learner's drawing of it, where it
 * stands, and the quiet actions.
 */
export const WordCard = memo(function WordCard({
  word,
  status,
  planned,
  liked,
  doodles,
  onOpen,
  onPlan,
  onLearned,
  onLike,
}: Props) {
  return (
    <article
      aria-labelledby={`w-${word.id}`}
      className="relative flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 transition-colors hover:border-brand-600 hover:shadow-sm has-[h2_button:focus-visible]:outline-2 has-[h2_button:focus-visible]:outline-brand-600 dark:border-slate-700 dark:bg-slate-900 dark:hover:border-sky-500"
    >
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <h2 id={`w-${word.id}`} className="text-lg leading-snug font-semibold">
            <button
              type="button"
              onClick={() => onOpen(word.id)}
              className="text-left text-brand-800 outline-none after:absolute after:inset-0 after:rounded-xl dark:text-sky-300"
            >
              {word.word}
            </button>
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            <span>{word.ipa}</span>
            <span className="italic">
              {' '}
              · {word.partOfSpeech} · {word.level}
            </span>
          </p>
        </div>
        {doodles && doodles.length > 0 && (
          <WordPicture word={word.word} doodles={doodles} size="thumb" />
        )}
      </div>
      <p className="mt-2 flex-1 text-slate-700 dark:text-slate-300">{word.definition}</p>
      <div className="mt-2 -mb-2 flex items-center justify-between gap-2">
        <span className="flex flex-wrap items-center gap-1.5">
          <StatusBadge status={status} />
          {planned && (
            <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-semibold text-brand-800 dark:bg-slate-800 dark:text-sky-300">
              Planned
            </span>
          )}
        </span>
        <WordActions
          word={word.word}
          learned={status === 'learned'}
          planned={planned}
          liked={liked}
          onPlan={() => onPlan(word.id, word.word)}
          onLearned={() => onLearned(word.id, word.word)}
          onLike={() => onLike(word.id)}
          className="-mr-2"
        />
      </div>
    </article>
  );
});
