import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'wouter';

/**
 * The end of a practice session (word game, review, deep dive), in the topic quiz's style
 * (QuizResults): what finished, the score as the heading (focused, so a screen reader hears
 * it), a verdict, then the actions and what was missed, each with its explanation.
 */
export function SessionSummary({
  eyebrow,
  title,
  verdict,
  testId,
  focus = true,
  className = '',
  children,
}: {
  eyebrow: string;
  title: string;
  verdict?: ReactNode;
  testId: string;
  /** Move focus to the heading when it appears (false when it is there on arrival). */
  focus?: boolean;
  /** Extra classes, e.g. the space above it on a page. */
  className?: string;
  children?: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus, title]);
  return (
    <section
      aria-labelledby={`${testId}-title`}
      className={`scroll-mt-20 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6 dark:border-slate-700 dark:bg-slate-900 ${className}`}
      data-testid={testId}
    >
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-sky-400">
        {eyebrow}
      </p>
      <h2
        id={`${testId}-title`}
        ref={heading}
        tabIndex={-1}
        className="mt-1 scroll-mt-20 text-2xl font-bold outline-none"
      >
        {title}
      </h2>
      {verdict && <p className="mt-2 text-slate-700 dark:text-slate-200">{verdict}</p>}
      {children}
    </section>
  );
}

/** "Strong result…", "Good progress…" or "Needs practice…" from the share right. */
export function sessionVerdict(right: number, total: number): string {
  const share = total === 0 ? 0 : right / total;
  if (share >= 0.8) return 'Strong result — well done.';
  if (share >= 0.5) return 'Good progress. Go over what you missed below, then retry it.';
  return 'This needs more practice. Read the explanations below, then retry.';
}

export interface Missed {
  key: string;
  /** The question or definition as it was asked. */
  prompt: string;
  yours: string | null;
  correct: string;
  explanation?: string | null;
  /** Where to study it again. */
  link?: { to: string; label: string };
}

/** "Your 2 mistakes": each with the answer given, the right one and why. */
export function MissedList({
  items,
  noun = 'mistake',
}: {
  items: readonly Missed[];
  noun?: string;
}) {
  if (items.length === 0) return null;
  return (
    <div className="mt-6">
      <h3 className="text-lg font-semibold">
        Your {items.length === 1 ? noun : `${items.length} ${noun}s`}
      </h3>
      <ol className="mt-3 grid gap-3 lg:grid-cols-2">
        {items.map((m) => (
          <li key={m.key} className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
            <p className="font-medium">{m.prompt}</p>
            <p className="mt-2 text-sm">
              <span className="font-semibold text-red-700 dark:text-red-400">✗ Your answer:</span>{' '}
              {m.yours ?? '—'}
            </p>
            <p className="text-sm">
              <span className="font-semibold text-emerald-700 dark:text-emerald-400">
                ✓ Correct:
              </span>{' '}
              {m.correct}
            </p>
            {m.explanation && (
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{m.explanation}</p>
            )}
            {m.link && (
              <p className="mt-2 text-sm">
                <Link to={m.link.to} className="text-brand-700 underline dark:text-sky-400">
                  {m.link.label}
                </Link>
              </p>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
