import { createEmptyCard, fsrs, Rating, type Card, type FSRS, type State } from 'ts-fsrs';
import { REVIEW_BATCH, REVIEW_CAPS, REVIEW_RETENTION } from './results';

/**
 * FSRS-6 with its default weights and retention 0.9. Short-term (minute) learning steps are
 * off: review is a daily session graded pass/fail, so every interval is whole days (a new
 * card passed comes back in 3 days, a failed one tomorrow) and "due today" means something.
 * Fuzz spreads load in production; tests switch it off to get exact intervals.
 */
export function reviewScheduler(opts: { fuzz: boolean }): FSRS {
  return fsrs({
    request_retention: REVIEW_RETENTION,
    enable_fuzz: opts.fuzz,
    enable_short_term: false,
  });
}

/** A card's scheduling fields as stored (ISO strings for the dates). */
export interface CardState {
  due: string;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  state: State;
  last_review: string | null;
}

function toStored(card: Card): CardState {
  return {
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: card.elapsed_days,
    scheduled_days: card.scheduled_days,
    learning_steps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    last_review: card.last_review ? card.last_review.toISOString() : null,
  };
}

/** A new card, due at once. */
export function newCard(now: Date): CardState {
  return toStored(createEmptyCard(now));
}

/** What one review did: the rating, the card before (ts-fsrs's ReviewLog fields) and after. */
export interface ReviewOutcome {
  rating: Rating.Again | Rating.Good;
  before: {
    state: State;
    due: string;
    stability: number;
    difficulty: number;
    elapsed_days: number;
    last_elapsed_days: number;
    scheduled_days: number;
    learning_steps: number;
  };
  card: CardState;
}

/** Grades a review automatically: pass → Good, fail → Again. */
export function applyReview(
  scheduler: FSRS,
  card: CardState,
  passed: boolean,
  now: Date,
): ReviewOutcome {
  const rating = passed ? Rating.Good : Rating.Again;
  const input = { ...card, last_review: card.last_review ?? undefined };
  const { card: next, log } = scheduler.next(input, now, rating);
  return {
    rating,
    before: {
      state: log.state,
      due: log.due.toISOString(),
      stability: log.stability,
      difficulty: log.difficulty,
      elapsed_days: log.elapsed_days,
      last_elapsed_days: log.last_elapsed_days,
      scheduled_days: log.scheduled_days,
      learning_steps: log.learning_steps,
    },
    card: toStored(next),
  };
}

export interface QueueCounts {
  /** Seen cards due before today ends. */
  dueReviews: number;
  /** Cards never reviewed (all of them are due). */
  newCards: number;
  /** Reviews of seen cards and of new cards already done today. */
  reviewedToday: number;
  newToday: number;
}

export interface QueuePlan {
  /** What today's caps still allow. */
  dueToday: number;
  /** Due beyond the caps: the backlog catch-up works through. */
  waiting: number;
  /** How many of each to serve now (oldest first): one batch, due reviews before new cards. */
  take: { reviews: number; new: number };
}

/**
 * Today's queue. Normally the caps count what was done today; in catch-up each request is a
 * further batch past them, so a backlog is worked off without being dumped at once. Either
 * way one request serves at most `batch` cards, reviews first.
 */
export function planQueue(
  counts: QueueCounts,
  mode: 'today' | 'catch-up',
  caps: { newPerDay: number; reviewsPerDay: number } = REVIEW_CAPS,
  batch = REVIEW_BATCH,
): QueuePlan {
  const reviewsLeft = Math.max(0, caps.reviewsPerDay - counts.reviewedToday);
  const newLeft = Math.max(0, caps.newPerDay - counts.newToday);
  const today = {
    reviews: Math.min(counts.dueReviews, reviewsLeft),
    new: Math.min(counts.newCards, newLeft),
  };
  const dueToday = today.reviews + today.new;
  const take =
    mode === 'today'
      ? today
      : {
          reviews: Math.min(counts.dueReviews, caps.reviewsPerDay),
          new: Math.min(counts.newCards, caps.newPerDay),
        };
  const reviews = Math.min(take.reviews, batch);
  return {
    dueToday,
    waiting: counts.dueReviews + counts.newCards - dueToday,
    take: { reviews, new: Math.min(take.new, batch - reviews) },
  };
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function wallClock(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    if (formatters.size > 1000) formatters.clear();
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Milliseconds the zone's wall clock is ahead of UTC at an instant. */
function zoneOffset(at: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  const f = wallClock(timeZone);
  for (const p of f.formatToParts(new Date(at))) parts[p.type] = Number(p.value);
  const wall = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return wall - Math.floor(at / 1000) * 1000;
}

/** The instant a wall-clock midnight (y-m-d 00:00 in the zone) happens. */
function zoneMidnight(y: number, m: number, d: number, timeZone: string): Date {
  const wall = Date.UTC(y, m - 1, d);
  let at = wall - zoneOffset(wall, timeZone);
  at = wall - zoneOffset(at, timeZone); // a second pass settles DST changes
  return new Date(at);
}

/** Start and end (exclusive) of the calendar day `now` falls on in the zone. */
export function dayBounds(now: Date, timeZone: string): { start: Date; end: Date } {
  const local = new Date(now.getTime() + zoneOffset(now.getTime(), timeZone));
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth() + 1;
  const d = local.getUTCDate();
  return { start: zoneMidnight(y, m, d, timeZone), end: zoneMidnight(y, m, d + 1, timeZone) };
}
