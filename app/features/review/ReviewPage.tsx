import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { paths } from '../../../core/paths';
import type { ReviewQueue } from '../../../core/review-api';
import { useAuth } from '../../lib/auth';
import { EmptyState } from '../../ui/EmptyState';
import { secondaryButton } from '../../ui/form';
import { Page } from '../../ui/Page';
import { Skeleton } from '../../ui/Skeleton';
import { fetchReviewBatch, refreshReviewCount } from './api';
import { ReviewCard } from './ReviewCard';
import { CatchUpNote, ReviewStatus } from './ReviewStatus';

const link = 'font-semibold text-brand-700 underline dark:text-sky-400';

export default function ReviewPage() {
  const { user, ready } = useAuth();
  return (
    <Page route="review">
      {!ready ? <Skeleton lines={4} /> : user ? <ReviewSession /> : <GuestReview />}
    </Page>
  );
}

function GuestReview() {
  return (
    <EmptyState title="Remember what you learn">
      <p>
        Signed in, every word you complete and every grammar question you miss becomes a review
        card. Each one comes back just before you would forget it, a few minutes a day.
      </p>
      <p className="mt-3">
        <Link to={`${paths.login()}?next=${encodeURIComponent(paths.review())}`} className={link}>
          Log in to start reviewing
        </Link>
      </p>
    </EmptyState>
  );
}

type Mode = 'today' | 'catch-up';

/**
 * Fetches a batch (today's, or a catch-up batch) and steps through it. A batch is fixed
 * while it is answered (a plain fetch, not a revalidating cache); finishing it fetches the
 * queue again.
 */
function ReviewSession() {
  const [batch, setBatch] = useState<{ mode: Mode; round: number; queue: ReviewQueue } | null>(
    null,
  );
  const [failed, setFailed] = useState<Mode | null>(null);
  const rounds = useRef(0);

  const fetchBatch = useCallback(async (mode: Mode) => {
    try {
      const queue = await fetchReviewBatch(mode);
      rounds.current += 1;
      setBatch({ mode, round: rounds.current, queue });
    } catch {
      setFailed(mode);
    }
  }, []);
  useEffect(() => {
    void fetchBatch('today');
  }, [fetchBatch]);

  function load(mode: Mode) {
    setBatch(null);
    setFailed(null);
    void fetchBatch(mode);
    void refreshReviewCount();
  }

  if (failed)
    return (
      <p role="alert">
        Your review could not load. Check your connection.{' '}
        <button type="button" className={secondaryButton} onClick={() => load(failed)}>
          Try again
        </button>
      </p>
    );
  if (!batch) return <Skeleton lines={5} />;
  return (
    <Batch
      key={batch.round}
      queue={batch.queue}
      mode={batch.mode}
      onDone={load}
      focusFirst={batch.round > 1}
    />
  );
}

interface BatchProps {
  queue: ReviewQueue;
  mode: Mode;
  onDone: (mode: Mode) => void;
  focusFirst: boolean;
}

function Batch({ queue, mode, onDone, focusFirst }: BatchProps) {
  const [pos, setPos] = useState(0);
  const [answered, setAnswered] = useState(0);
  const card = queue.cards[pos];
  const catchUp = () => onDone('catch-up');
  // After a finished batch, focus lands on what comes next rather than on the page body.
  const endRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (focusFirst) endRef.current?.focus();
  }, [focusFirst]);

  if (!card) {
    return (
      <div ref={endRef} tabIndex={-1} className="outline-none">
        {queue.waiting > 0 ? (
          <EmptyState title="Today’s reviews are done">
            <ReviewStatus queue={queue} mode="today" answered={0} onCatchUp={catchUp} />
            <CatchUpNote />
          </EmptyState>
        ) : (
          <NothingDue />
        )}
      </div>
    );
  }

  return (
    <div className="grid gap-6">
      <ReviewStatus queue={queue} mode={mode} answered={answered} onCatchUp={catchUp} />
      <ReviewCard
        key={card.cardId}
        card={card}
        position={pos}
        total={queue.cards.length}
        focusOnShow={pos > 0 || focusFirst}
        onAnswered={() => setAnswered((n) => n + 1)}
        onNext={() => {
          if (pos + 1 < queue.cards.length) setPos(pos + 1);
          else onDone(mode);
        }}
      />
    </div>
  );
}

function NothingDue() {
  return (
    <EmptyState title="Nothing to review today">
      <p>
        Cards come from words you mark as completed in{' '}
        <Link to={paths.vocabulary()} className={link}>
          Vocabulary
        </Link>{' '}
        and questions you get wrong in{' '}
        <Link to={paths.grammar()} className={link}>
          Grammar
        </Link>
        . Each one comes back here just before you would forget it.
      </p>
    </EmptyState>
  );
}
