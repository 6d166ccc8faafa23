import { useId } from 'react';
import { Link } from 'wouter';
import { paths } from '../../../core/paths';
import type { WritingFinding } from '../../../core/writing/findings';
import { topicLabel } from '../../../core/writing/summary';
import { useTopicTitles } from '../../data/writing';

const fixButton =
  'inline-flex min-h-9 items-center rounded-control bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800 dark:bg-brand-600 dark:hover:bg-brand-700';
const otherFix =
  'inline-flex min-h-9 items-center rounded-control border border-slate-300 px-3 py-1.5 text-sm font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800';
const quiet =
  'inline-flex min-h-9 items-center rounded-control px-2 py-1.5 text-sm font-semibold text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white';

/** A replacement as a button's words: "Use “fewer”", or "Remove “the”" for an empty one. */
const fixLabel = (words: string, replacement: string) =>
  replacement === '' ? `Remove “${words}”` : `Use “${replacement}”`;

/**
 * One finding: its kind and topic, the words and the fix, the one-line reason, and three
 * actions — the fix in one press, "Learn why" (the topic's lesson) and Dismiss.
 */
export function FindingCard({
  finding,
  words,
  active,
  onFocus,
  onFix,
  onDismiss,
}: {
  finding: WritingFinding;
  /** The words flagged, as they stand in the text. */
  words: string;
  /** The caret is in these words: the card is the one being looked at. */
  active: boolean;
  onFocus: () => void;
  onFix: (replacement: string) => void;
  onDismiss: () => void;
}) {
  const id = useId();
  const titles = useTopicTitles();
  const error = finding.severity === 'error';
  const topic = finding.topic && (titles[finding.topic] ?? topicLabel(finding.topic));
  const lesson = finding.topic ? paths.grammarTopic(finding.topic) : finding.lesson;
  const [best, ...others] = finding.suggestions.slice(0, 3);
  return (
    <article
      aria-labelledby={`${id}-h`}
      data-testid="finding-card"
      data-severity={finding.severity}
      onFocus={onFocus}
      className={`rounded-xl border border-l-4 bg-white p-3 shadow-sm transition-colors motion-reduce:transition-none dark:bg-slate-900 ${
        error ? 'border-l-red-600 dark:border-l-red-400' : 'border-l-sky-600 dark:border-l-sky-400'
      } ${
        active
          ? 'border-slate-400 ring-2 ring-brand-600/40 dark:border-slate-500'
          : 'border-slate-200 dark:border-slate-700'
      }`}
    >
      <h3
        id={`${id}-h`}
        className={`text-xs font-semibold tracking-wide uppercase ${
          error ? 'text-red-700 dark:text-red-300' : 'text-sky-700 dark:text-sky-300'
        }`}
      >
        {error ? 'Error' : 'Suggestion'}
        {topic && <span className="text-slate-600 dark:text-slate-400"> · {topic}</span>}
      </h3>
      <p className="mt-1 break-words">
        <span
          className={`font-medium ${best !== undefined ? 'text-slate-500 line-through decoration-1 dark:text-slate-400' : ''}`}
        >
          {words}
        </span>
        {best !== undefined && (
          <>
            {' → '}
            <span className="font-semibold">{best === '' ? '(remove)' : best}</span>
          </>
        )}
      </p>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{finding.message}</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        {best !== undefined && (
          <button type="button" className={fixButton} onClick={() => onFix(best)}>
            {fixLabel(words, best)}
          </button>
        )}
        {others.map((s) => (
          <button key={s} type="button" className={otherFix} onClick={() => onFix(s)}>
            {fixLabel(words, s)}
          </button>
        ))}
        {lesson && (
          <Link
            to={lesson}
            className="inline-flex min-h-9 items-center px-2 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-sky-400"
          >
            Learn why
          </Link>
        )}
        <button type="button" className={`${quiet} ml-auto`} onClick={onDismiss}>
          Dismiss
        </button>
      </div>
    </article>
  );
}
