import type { InterviewType } from '../constants';

/**
 * How long a spoken answer of each interview type should run, from the first word to the
 * last (decision 055). The content has no time per question, so the target is per type: a
 * behavioral model answer is 250–400 words, about two minutes aloud (STAR_ANSWER_WORDS); a
 * coding answer talks through clarifying, an approach, its complexity and a test in about
 * three; a system-design walk-through covers requirements to trade-offs in about four, inside
 * the recorder's five-minute limit.
 */
export const SPEAKING_TARGET_MS: Record<InterviewType, number> = {
  behavioral: 2 * 60_000,
  coding: 3 * 60_000,
  'system-design': 4 * 60_000,
};
