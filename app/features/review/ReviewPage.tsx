import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { links, paths } from '../../../core/paths';
import {
  nextDueText,
  nextReviewText,
  type ReviewAnswerResult,
  type ReviewCardView,
  type ReviewQueue,
  type ReviewResponse,
} from '../../../core/review/results';
import { typedMatches } from '../../../core/vocabulary/study';
import { useAuth } from '../../lib/auth';
import { EmptyState } from '../../ui/EmptyState';
import { primaryButton, secondaryButton } from '../../ui/form';
import { Page } from '../../ui/Page';
import { sessionVerdict } from '../../ui/SessionSummary';
import { useLeave } from '../../ui/player/Player';
import { PlayerSummary } from '../../ui/player/PlayerSummary';
import { Skeleton } from '../../ui/Skeleton';
import { staleToday } from '../../data/today';
import { browserZone } from '../../lib/time-zone';
import { fetchReviewBatch, type ReviewOutcome } from './queries';
import { ReviewCard } from './ReviewCard';
import { BacklogWaiting, CatchUpNote, ReviewStatus } from './ReviewStatus';

const link = 'font-semibold text-brand-700 underline dark:text-sky-400';

const NEXT = { href: paths.home(), label: 'Back to Today' };
const LEAVE = { href: paths.home(), note: 'The cards you answered are saved.' };

export default function ReviewPage() {
  const { user, ready } = useAuth();
  return (
    <Page route="review" compact>
      {!ready ? <Skeleton lines={4} /> : user ? <ReviewSession /> : <GuestReview />}
    </Page>
  );
}

function GuestReview() {
  return (
    <EmptyState title="Remember what you learn">
      <p>
        With a free account, every word you complete and every grammar question you miss becomes a
        review card. Each one comes back just before you would forget it, a few minutes a day.
      </p>
      <p className="mt-3">
        <Link to={links.signUp(paths.review())} className={link}>
          Create a free account to start reviewing
        </Link>
      </p>
    </EmptyState>
  );
}

type Mode = 'today' | 'catch-up';

/** One answered card of a batch, for its summary. */
interface Answered {
  card: ReviewCardView;
  given: ReviewResponse;
  outcome: ReviewOutcome;
}

/** What the learner gave, in words: the option chosen or the word typed. */
const givenText = (card: ReviewCardView, given: ReviewResponse | undefined): string | null =>
  !given
    ? null
    : 'typed' in given
      ? given.typed
      : card.answer === 'choice'
        ? (card.options[given.choiceIndex] ?? null)
        : null;

/** The card as it was asked, for a summary: "Type the word for this meaning: …". */
const askedText = (card: ReviewCardView): string =>
  card.detail
    ? `${card.prompt}${/[.?!:]$/.test(card.prompt) ? '' : ':'} ${card.detail}`
    : card.prompt;

/** The right answer in words. */
const rightText = (card: ReviewCardView, result: ReviewAnswerResult): string =>
  result.answer ??
  (card.answer === 'choice' && result.correctIndex !== null
    ? (card.options[result.correctIndex] ?? '')
    : '');

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
    // The due count in the navigation and on Today follows what this batch leaves.
    void staleToday();
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
  const leaving = useLeave(LEAVE);
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
            <BacklogWaiting waiting={queue.waiting} onCatchUp={catchUp} />
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
        onAnswered={(given, outcome) => setAnswered((a) => [...a, { card, given, outcome }])}
        onNext={() => {
          if (pos + 1 < queue.cards.length) setPos(pos + 1);
          else onDone(mode, answered);
        }}
        leave={LEAVE}
        onLeave={leaving.ask}
      />
      {leaving.dialog}
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
  const points = graded.reduce((sum, a) => sum + a.result.pointsAdded, 0);
  const more = queue.cards.length > 0;
  const [continued, setContinued] = useState(false);
  const [retry, setRetry] = useState<number>(0);
  if (continued) return children;
  if (retry > 0)
    return (
      <RetryMissed
        key={retry}
        missed={missed}
        onDone={() => setRetry(0)}
        onAgain={() => setRetry((r) => r + 1)}
      />
    );
  return (
    <div className="grid gap-8">
      <PlayerSummary
        eyebrow="Review finished"
        right={right}
        total={finished.length}
        verdict={
          <>
            {graded.length > 0 && sessionVerdict(right, graded.length)}
            {pending > 0 &&
              ` ${pending} ${pending === 1 ? 'answer is' : 'answers are'} kept offline and will be checked when you are back online.`}
            {missed.length > 0 &&
              ` The ${missed.length === 1 ? 'card you missed comes' : 'cards you missed come'} back ${nextReviewText(soonest)}, so you see ${missed.length === 1 ? 'it' : 'them'} again before you forget.`}
          </>
        }
        missed={missed.map((m) => ({
          key: m.card.cardId,
          prompt: askedText(m.card),
          yours: givenText(m.card, m.given),
          correct: rightText(m.card, m.result),
          explanation: m.result.explanation,
          link: { to: m.card.source.path, label: `Study it again in ${m.card.source.label}` },
        }))}
        onRetry={() => setRetry(1)}
        lead={more ? 'none' : 'next'}
        actions={
          more && (
            <button type="button" className={primaryButton} onClick={() => setContinued(true)}>
              Review the next {queue.cards.length === 1 ? 'card' : `${queue.cards.length} cards`}
            </button>
          )
        }
        next={more ? undefined : NEXT}
        testId="review-summary"
      >
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">
          {finished.length} reviewed
          {points > 0 && (
            <>
              {' · '}
              <strong
                className="font-semibold text-emerald-800 dark:text-emerald-300"
                data-testid="review-points"
              >
                +{points} points
              </strong>{' '}
              this session
            </>
          )}
          {!more && queue.nextDue
            ? `. Your next review is due ${nextDueText(queue.nextDue, new Date(), browserZone())}.`
            : '.'}
        </p>
      </PlayerSummary>
      {/* What is left today (a catch-up batch) follows; "nothing due" would be a second,
          competing next step, so it is not shown under a summary. */}
      {!more && queue.waiting > 0 && children}
    </div>
  );
}

type Graded = Answered & { result: ReviewAnswerResult };

/**
 * The missed cards once more, in this session: practice graded here with what the server
 * said (the right option and why), not sent again — each was already graded and scheduled.
 */
function RetryMissed({
  missed,
  onDone,
  onAgain,
}: {
  missed: readonly Graded[];
  onDone: () => void;
  onAgain: () => void;
}) {
  const [pos, setPos] = useState(0);
  const [answers, setAnswers] = useState<ReviewResponse[]>([]);
  const leaving = useLeave(LEAVE);
  const item = missed[pos];
  if (!item) {
    const wrong = missed.filter((m, i) => {
      const given = answers[i];
      if (!given) return true;
      return 'typed' in given
        ? !typedMatches(given.typed, rightText(m.card, m.result))
        : given.choiceIndex !== m.result.correctIndex;
    });
    return (
      <PlayerSummary
        eyebrow="Retry finished"
        right={missed.length - wrong.length}
        total={missed.length}
        missed={wrong.map((m) => ({
          key: m.card.cardId,
          prompt: askedText(m.card),
          yours: givenText(m.card, answers[missed.indexOf(m)]),
          correct: rightText(m.card, m.result),
          explanation: m.result.explanation,
        }))}
        onRetry={onAgain}
        actions={
          <button type="button" className={secondaryButton} onClick={onDone}>
            Back to your results
          </button>
        }
        next={NEXT}
        testId="review-retry-summary"
      >
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          Retries are practice: each card comes back when it was scheduled.
        </p>
      </PlayerSummary>
    );
  }
  return (
    <>
      <ReviewCard
        key={`${item.card.cardId}-${pos}`}
        card={item.card}
        position={pos}
        total={missed.length}
        focusOnShow
        practice={{
          correctIndex: item.result.correctIndex,
          answer: rightText(item.card, item.result),
          explanation: item.result.explanation ?? null,
        }}
        onAnswered={() => {}}
        onChoose={(given) => setAnswers((a) => [...a.slice(0, pos), given])}
        onNext={() => setPos(pos + 1)}
        leave={LEAVE}
        onLeave={leaving.ask}
      />
      {leaving.dialog}
    </>
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
