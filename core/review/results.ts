import type { GoalAfterWrite } from '../progress/goal';
import { zoneDayKey } from '../progress/dashboard';
import { formatDayMonth } from '../dates';
/** Most new cards and reviews served per day (in the learner's zone) before catch-up. */
export const REVIEW_NEW_PER_DAY = 20;
export const REVIEW_REVIEWS_PER_DAY = 100;
/**
 * Cards served at once. A batch ends with its summary and the next one is fetched then, so a
 * day of 120 cards comes as six sessions, and the queue's cost (each card is built from
 * content and sent) stays that of a short session however many cards are due (issue 32).
 */
export const REVIEW_BATCH = 20;
export const REVIEW_CAPS = {
  newPerDay: REVIEW_NEW_PER_DAY,
  reviewsPerDay: REVIEW_REVIEWS_PER_DAY,
} as const;
/** The recall probability FSRS schedules for. */
export const REVIEW_RETENTION = 0.9;
/** Options offered for a word card. */
export const WORD_OPTIONS = 4;
/** The longest typed answer taken (a word or a short phrase, with room to spare). */
export const REVIEW_TYPED_MAX = 120;

export const REVIEW_KINDS = ['word', 'grammar'] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];

/** `word:<wordId>` or `grammar:<questionId>` (deep dives as `grammar:deep-dive-{n}`). */
export const reviewCardId = (kind: ReviewKind, itemId: string) => `${kind}:${itemId}`;

export function parseCardId(cardId: string): { kind: ReviewKind; itemId: string } | null {
  const at = cardId.indexOf(':');
  if (at < 0 || at === cardId.length - 1) return null;
  const kind = cardId.slice(0, at);
  return (REVIEW_KINDS as readonly string[]).includes(kind)
    ? { kind: kind as ReviewKind, itemId: cardId.slice(at + 1) }
    : null;
}

/** How a card is answered this round: choosing an option, or typing the word (core/review/ask.ts). */
export type AnswerMode = 'choice' | 'typed';

/** What the learner gave: an option (in the order shown) or the word typed. */
export type ReviewResponse = { choiceIndex: number } | { typed: string };

/** One card as the client asks it; the correct option is only sent after answering. */
export type ReviewCardView = {
  cardId: string;
  kind: ReviewKind;
  /** First review of this card. */
  isNew: boolean;
  /**
   * The grammar question, or the task for a word ("Which word fits this definition?",
   * "Type the word for this meaning").
   */
  prompt: string;
  /** For words: the definition, or the example with the word taken out. */
  detail: string | null;
  /** Where the card comes from, to study it again. */
  source: { label: string; path: string };
} & (
  | {
      answer: 'choice';
      /** In this round's order (shuffled from the card's id and due time). */
      options: string[];
    }
  /** Typed recall: no options; the learner types the word. */
  | { answer: 'typed' }
);

export interface ReviewQueue {
  /** Still to do today within the daily caps. */
  dueToday: number;
  /** Due beyond the caps, for catch-up. */
  waiting: number;
  cards: ReviewCardView[];
  /** When the first card due after today is due (ISO), or null when there is none. */
  nextDue: string | null;
}

export interface ReviewAnswerResult {
  correct: boolean;
  /** The right option in the order shown; null on a typed card. */
  correctIndex: number | null;
  /**
   * The right answer in words: the word (its spelling, after a typed miss) or the right
   * option. Absent, like the explanation, only on a replay whose content has since gone.
   */
  answer?: string;
  explanation?: string;
  next: { due: string; scheduledDays: number };
  /** Points this answer added: POINTS_PER_CORRECT_ANSWER when right, 0 when wrong or a replay. */
  pointsAdded: number;
  /** As a grammar answer's: the daily goal after this answer when it added points, else null. */
  goal?: GoalAfterWrite | null;
}

/** "tomorrow", "in 3 days": when the next review is. */
export function nextReviewText(scheduledDays: number): string {
  if (scheduledDays <= 0) return 'later today';
  if (scheduledDays === 1) return 'tomorrow';
  return `in ${scheduledDays} days`;
}

/**
 * When the next review is due, in calendar days of the learner's zone: "tomorrow",
 * "in 3 days", or a date beyond a week ("on 5 Mar").
 */
export function nextDueText(nextDue: string, now: Date, timeZone: string): string {
  const days = Math.round(
    (Date.parse(zoneDayKey(nextDue, timeZone)) - Date.parse(zoneDayKey(now, timeZone))) /
      86_400_000,
  );
  if (days <= 7) return nextReviewText(days);
  return `on ${formatDayMonth(nextDue, timeZone)}`;
}
