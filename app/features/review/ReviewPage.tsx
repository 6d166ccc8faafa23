import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { links, paths } from '../../../core/paths';
import {
  nextDueText,
  nextReviewText,
  type ReviewCardView,
  type ReviewQueue,
} from '../../../core/review/results';
import { useAuth } from '../../lib/auth';
import { EmptyState } from '../../ui/EmptyState';
import { primaryButton, secondaryButton } from '../../ui/form';
import { Page } from '../../ui/Page';
import {
  MissedList,
  SessionSummary,
  SummaryActions,
  sessionVerdict,
} from '../../ui/SessionSummary';
import { Skeleton } from '../../ui/Skeleton';
import { refreshReviewCount } from '../../data/review';
import { browserZone } from '../../lib/time-zone';
import { fetchReviewBatch, type ReviewOutcome } from './queries';
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
        <Link to={links.login(paths.review())} className={link}>
          Log in to start reviewing
        </Link>
      </p>
    </EmptyState>
  );
}

type Mode = 'today' | 'catch-up';

/** One answered card of a batch, for its summary. */
interface Answered {
  card: ReviewCardView;
  choice: number;
  outcome: ReviewOutcome;
}

/**
 * Fetches a batch (today's, or a catch-up batch) and steps through it. A batch is fixed
 * while it is answered (a plain fetch, not a revalidating cache); finishing it fetches the
 * queue again and shows the finished batch's summary with what comes next.
 */
function ReviewSession() {
  const [batch, setBatch] = useState<{
    mode: Mode;
    round: number;
    queue: ReviewQueue;
    finished: Answered[] | null;
  } | null>(null);
  const [failed, setFailed] = useState<{ mode: Mode; finished: Answered[] | null } | null>(null);
  const rounds = useRef(0);

  const fetchBatch = useCallback(async (mode: Mode, finished: Answered[] | null) => {
    try {
      const queue = await fetchReviewBatch(mode);
      rounds.current += 1;
      setBatch({ mode, round: rounds.current, queue, finished });
    } catch {
      setFailed({ mode, finished });
    }
  }, []);
  useEffect(() => {
    void fetchBatch('today', null);
  }, [fetchBatch]);

  function load(mode: Mode, finished: Answered[] | null = null) {
    setBatch(null);
    setFailed(null);
    void fetchBatch(mode, finished);
    void refreshReviewCount();
  }

  if (failed)
    return (
      <p role="alert">
        Your review could not load. Check your connection.{' '}
        <button
          type="button"
          className={secondaryButton}
          onClick={() => load(failed.mode, failed.finished)}
        >
          Try again
        </button>
      </p>
    );
  if (!batch) return <Skeleton lines={5} />;
  const next = (
    <Batch
      key={batch.round}
      queue={batch.queue}
      mode={batch.mode}
      onDone={load}
      focusFirst={batch.round > 1 && !batch.finished?.length}
    />
  );
  return batch.finished?.length ? (
    <BatchSummary key={batch.round} finished={batch.finished} queue={batch.queue}>
      {next}
    </BatchSummary>
  ) : (
    next
  );
}

interface BatchProps {
  queue: ReviewQueue;
  mode: Mode;
  onDone: (mode: Mode, finished: Answered[]) => void;
  focusFirst: boolean;
}

function Batch({ queue, mode, onDone, focusFirst }: BatchProps) {
  const [pos, setPos] = useState(0);
  const [answered, setAnswered] = useState<Answered[]>([]);
  const card = queue.cards[pos];
  const catchUp = () => onDone('catch-up', answered);
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
          <NothingDue nextDue={queue.nextDue} />
        )}
      </div>
    );
  }

  return (
    <div className="grid gap-6">
      <ReviewStatus queue={queue} mode={mode} answered={answered.length} onCatchUp={catchUp} />
      <ReviewCard
        key={card.cardId}
        card={card}
        position={pos}
        total={queue.cards.length}
        focusOnShow={pos > 0 || focusFirst}
        onAnswered={(choice, outcome) => setAnswered((a) => [...a, { card, choice, outcome }])}
        onNext={() => {
          if (pos + 1 < queue.cards.length) setPos(pos + 1);
          else onDone(mode, answered);
        }}
      />
    </div>
  );
}

/**
 * A finished batch: how many were reviewed and right, each missed card with the right
 * answer, its explanation and where to study it, when they come back — then what is next.
 */
function BatchSummary({
  finished,
  queue,
  children,
}: {
  finished: Answered[];
  queue: ReviewQueue;
  children: ReactNode;
}) {
  const graded = finished.flatMap((a) =>
    a.outcome.kind === 'graded' ? [{ ...a, result: a.outcome.result }] : [],
  );
  const right = graded.filter((a) => a.result.correct).length;
  const missed = graded.filter((a) => !a.result.correct);
  const pending = finished.length - graded.length;
  const soonest = Math.min(...missed.map((m) => m.result.next.scheduledDays));
  const [continued, setContinued] = useState(false);
  if (continued) return children;
  return (
    <div className="grid gap-8">
      <SessionSummary
        eyebrow="Review finished"
        title={`${finished.length} reviewed · ${right} right`}
        verdict={
          <>
            {graded.length > 0 && sessionVerdict(right, graded.length)}
            {pending > 0 &&
              ` ${pending} ${pending === 1 ? 'answer is' : 'answers are'} kept offline and will be checked when you are back online.`}
            {missed.length > 0 &&
              ` The ${missed.length === 1 ? 'card you missed comes' : 'cards you missed come'} back ${nextReviewText(soonest)}, so you see ${missed.length === 1 ? 'it' : 'them'} again before you forget.`}
          </>
        }
        testId="review-summary"
      >
        {queue.cards.length > 0 && (
          <SummaryActions>
            <button type="button" className={primaryButton} onClick={() => setContinued(true)}>
              Review the next {queue.cards.length === 1 ? 'card' : `${queue.cards.length} cards`}
            </button>
          </SummaryActions>
        )}
        <MissedList
          items={missed.map((m) => ({
            key: m.card.cardId,
            prompt: m.card.detail ? `${m.card.prompt} ${m.card.detail}` : m.card.prompt,
            yours: m.card.options[m.choice] ?? null,
            correct: m.card.options[m.result.correctIndex] ?? '',
            explanation: m.result.explanation,
            link: { to: m.card.source.path, label: `Study it again in ${m.card.source.label}` },
          }))}
        />
      </SessionSummary>
      {queue.cards.length === 0 && children}
    </div>
  );
}

function NothingDue({ nextDue }: { nextDue: string | null }) {
  return (
    <EmptyState title="Nothing to review today">
      <p>
        {nextDue
          ? `Your next review is due ${nextDueText(nextDue, new Date(), browserZone())}. `
          : ''}
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
      <p className="mt-4 font-semibold text-slate-800 dark:text-slate-100">Meanwhile:</p>
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        <Link to={paths.grammar()} className={primaryButton}>
          Take a grammar quiz
        </Link>
        <Link to={paths.vocabulary()} className={secondaryButton}>
          Learn a word set
        </Link>
      </div>
    </EmptyState>
  );
}
