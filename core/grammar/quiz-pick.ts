/**
 * Which questions a topic quiz asks (issue 18): QUIZ_LENGTH from the topic's bank. A learner
 * who retakes a topic gets questions they have not seen until the bank is used up; after
 * that, the ones they got wrong come first. Randomness comes from the caller.
 */
import { shuffle as shuffled } from '../random';

export const QUIZ_LENGTH = 10;

export interface QuizHistory {
  /** Question ids asked in earlier runs of this topic. */
  seen: readonly string[];
  /** Of those, the ones last answered wrongly. */
  wrong: readonly string[];
}

export const EMPTY_HISTORY: QuizHistory = { seen: [], wrong: [] };

/**
 * The ids of the next run, in the bank's order (lessons build up through a topic): questions
 * not seen in this round first; when fewer than QUIZ_LENGTH remain, the rest are filled with
 * questions last answered wrongly, then with the others.
 */
export function pickQuizQuestions(
  bank: readonly { id: string }[],
  history: QuizHistory,
  random: () => number,
  length = QUIZ_LENGTH,
): string[] {
  if (bank.length <= length) return bank.map((q) => q.id);
  const seen = new Set(history.seen);
  const wrong = new Set(history.wrong);
  const ids = bank.map((q) => q.id);
  // Unseen before seen; within each, the questions last answered wrongly first.
  const tiers = [
    ids.filter((id) => !seen.has(id) && wrong.has(id)),
    ids.filter((id) => !seen.has(id) && !wrong.has(id)),
    ids.filter((id) => seen.has(id) && wrong.has(id)),
    ids.filter((id) => seen.has(id) && !wrong.has(id)),
  ];
  const chosen = new Set(tiers.flatMap((t) => shuffled(t, random)).slice(0, length));
  return ids.filter((id) => chosen.has(id));
}

/** The history after a run: its questions seen, each one's last result kept. */
export function recordRun(
  history: QuizHistory,
  bankIds: readonly string[],
  asked: readonly string[],
  wrongNow: readonly string[],
): QuizHistory {
  const bank = new Set(bankIds);
  const askedSet = new Set(asked);
  let seen = [...new Set([...history.seen, ...asked])].filter((id) => bank.has(id));
  // The whole bank seen: a new round begins, so the next runs start again from unseen
  // questions, with the ones missed in this round first among the rest.
  if (seen.length >= bank.size) seen = [...asked];
  const wrong = [...history.wrong.filter((id) => !askedSet.has(id) && bank.has(id)), ...wrongNow];
  return { seen, wrong };
}
