import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { primaryButton, secondaryButton } from '../form';
import { MissedList, SessionSummary, sessionVerdict, type Missed } from '../SessionSummary';

/**
 * The end of every player session: "You got 8 of 10", a verdict, what was missed with its
 * explanation, "Retry the n you missed" and one next step. The score arrives with a short
 * lift (none under reduced motion). `children` go between the verdict and the actions (where
 * the points went, say); `actions` after the retry (a new set).
 */
export function PlayerSummary({
  eyebrow,
  title,
  right,
  total,
  detail,
  verdict,
  missed,
  missedNoun,
  onRetry,
  next,
  lead,
  actions,
  testId,
  focus = true,
  children,
}: {
  eyebrow: string;
  /** Replaces "You got {right} of {total}" (flashcards: what the learner knew). */
  title?: string;
  right: number;
  total: number;
  /** After the score in the heading, e.g. ' · 80%'. */
  detail?: string;
  /** Replaces the default verdict. */
  verdict?: ReactNode;
  missed: readonly Missed[];
  missedNoun?: string;
  /** Asks the missed items again; shown when something was missed. */
  onRetry?: () => void;
  /** The one next step: primary when nothing is left to retry. */
  next?: { href: string; label: string };
  /**
   * Which button is the summary's one primary: the retry (the default when something was
   * missed), the next step, or neither (`children` or `actions` hold it, e.g. a guest's
   * account card).
   */
  lead?: 'retry' | 'next' | 'none';
  actions?: ReactNode;
  testId: string;
  focus?: boolean;
  children?: ReactNode;
}) {
  const retry = onRetry && missed.length > 0;
  const primary = lead ?? (retry ? 'retry' : 'next');
  return (
    <SessionSummary
      eyebrow={eyebrow}
      title={title ?? `You got ${right} of ${total}${detail ?? ''}`}
      verdict={verdict ?? sessionVerdict(right, total)}
      testId={testId}
      focus={focus}
      className="motion-safe:animate-[goal-met-in_320ms_ease-out]"
    >
      <div
        aria-hidden="true"
        className="mt-4 h-3 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div
          className="h-full rounded-full bg-emerald-500"
          style={{ width: `${total === 0 ? 0 : Math.round((right / total) * 100)}%` }}
        />
      </div>
      {children}
      <div className="mt-5 flex flex-wrap gap-3">
        {primary === 'next' && next && (
          <Link to={next.href} className={primaryButton}>
            {next.label}
          </Link>
        )}
        {retry && (
          <button
            type="button"
            className={primary === 'retry' ? primaryButton : secondaryButton}
            onClick={onRetry}
          >
            Retry the {missed.length === 1 ? 'one' : missed.length} you missed
          </button>
        )}
        {actions}
        {next && primary !== 'next' && (
          <Link to={next.href} className={secondaryButton}>
            {next.label}
          </Link>
        )}
      </div>
      <MissedList items={missed} noun={missedNoun} />
    </SessionSummary>
  );
}
