import { REVIEW_BATCH, REVIEW_CAPS, type ReviewQueue } from '../../../core/review/results';
import { primaryButton, secondaryButton } from '../../ui/form';

interface Props {
  queue: ReviewQueue;
  mode: 'today' | 'catch-up';
  /** Cards answered so far in this batch. */
  answered: number;
  onCatchUp: () => void;
}

/** "n due today, m more waiting · Catch up": the backlog is always visible, never dumped at once. */
export function ReviewStatus({ queue, mode, answered, onCatchUp }: Props) {
  if (mode === 'catch-up') {
    const left = queue.cards.length - answered;
    const after = Math.max(0, queue.dueToday + queue.waiting - queue.cards.length);
    return (
      // How batches work was said where catching up was offered; the player comes first now.
      <p className="font-semibold" data-testid="review-status">
        Catching up: {left} left in this batch, {after} more waiting after it.
      </p>
    );
  }
  const due = Math.max(0, queue.dueToday - answered);
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-2" data-testid="review-status">
      <span className="font-semibold">
        {due} due today
        {queue.waiting > 0 && `, ${queue.waiting} more waiting`}
      </span>
      {queue.waiting > 0 && (
        <button type="button" className={secondaryButton} onClick={onCatchUp}>
          Catch up
        </button>
      )}
    </p>
  );
}

/**
 * Today's share is done and a backlog waits: say so, and make catching up the one next step
 * (a batch of REVIEW_BATCH, oldest first).
 */
export function BacklogWaiting({ waiting, onCatchUp }: { waiting: number; onCatchUp: () => void }) {
  return (
    <div className="grid justify-items-center gap-3" data-testid="review-status">
      <p>
        {waiting} more {waiting === 1 ? 'card is' : 'cards are'} waiting from earlier days.
      </p>
      <button type="button" className={primaryButton} onClick={onCatchUp}>
        {waiting > REVIEW_BATCH
          ? `Catch up on the next ${REVIEW_BATCH}`
          : waiting === 1
            ? 'Catch up on the last card'
            : `Catch up on the last ${waiting}`}
      </button>
    </div>
  );
}

export function CatchUpNote() {
  return (
    <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
      Catch-up brings back the backlog oldest first, {REVIEW_BATCH} cards at a time, so you can work
      through it at your own pace. Normally you get up to {REVIEW_CAPS.reviewsPerDay} reviews and{' '}
      {REVIEW_CAPS.newPerDay} new cards a day.
    </p>
  );
}
