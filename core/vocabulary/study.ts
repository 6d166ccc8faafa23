import type { ItemLists } from '../items/items';
import type { StudyMode } from './modes';

/**
 * Studying a word set (issue 27): the five modes, how a typed answer is judged, and what
 * "learned" means. The player screens (app/features/vocabulary/study/), the review's typed
 * recall (server/features/review/) and the set's progress all use these rules.
 */
export { STUDY_MODES, isStudyMode, type StudyMode } from './modes';

/** Each mode as the word set page offers it: its name and one line on what it asks. */
export const STUDY_MODE_INFO: Record<StudyMode, { title: string; blurb: string }> = {
  flashcards: {
    title: 'Flashcards',
    blurb: 'Flip each card, then sort it: know it, or still learning.',
  },
  learn: {
    title: 'Learn',
    blurb: 'Choose the word for each meaning, then type it from memory.',
  },
  match: {
    title: 'Match',
    blurb: 'Pair words with their meanings against the clock.',
  },
  listen: {
    title: 'Listen and type',
    blurb: 'Hear a word and spell it.',
  },
  test: {
    title: 'Test',
    blurb: 'A short mixed test. Pass it to mark its words learned.',
  },
};

/** Words in one Learn round and in one Listen round (the set's first unlearned words). */
export const LEARN_ROUND_WORDS = 8;
/** Questions in a test; passing needs TEST_PASS_PERCENT right. */
export const TEST_QUESTIONS = 10;
export const TEST_PASS_PERCENT = 80;

/**
 * A typed answer as it is compared: Unicode-normalized, curly apostrophes and dashes made
 * plain, spaces collapsed and trimmed, lower case. Spelling is not forgiven: "stakeholer"
 * is not "stakeholder".
 */
export function normalizeTyped(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u2010-\u2014]/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** Whether what the learner typed is the word: tolerant of case and spaces, strict on spelling. */
export function typedMatches(typed: string, word: string): boolean {
  const t = normalizeTyped(typed);
  return t.length > 0 && t === normalizeTyped(word);
}

/** A word's place in a learner's study of it. */
export type WordStatus = 'learned' | 'learning' | 'new';

/**
 * Learned: completed (shown in Learn or Test, or "I already know this"). Learning: studied
 * and not learned yet, or missed in review since. New: neither.
 */
export function wordStatus(
  lists: Pick<ItemLists, 'completed' | 'learning'>,
  id: string,
): WordStatus {
  if (lists.completed.includes(id)) return 'learned';
  if (lists.learning.includes(id)) return 'learning';
  return 'new';
}

/** How many of a set's words are learned, learning and new. */
export function setProgress(
  lists: Pick<ItemLists, 'completed' | 'learning'>,
  wordIds: readonly string[],
): Record<WordStatus, number> {
  const completed = new Set(lists.completed);
  const learning = new Set(lists.learning);
  const out = { learned: 0, learning: 0, new: 0 };
  for (const id of wordIds) {
    if (completed.has(id)) out.learned++;
    else if (learning.has(id)) out.learning++;
    else out.new++;
  }
  return out;
}

/**
 * The words a round studies: those not learned yet first (learning before new, in the set's
 * order), then — once the set is learned — all of them, so a finished set can still be
 * practiced.
 */
export function studyOrder<T extends { id: string }>(
  words: readonly T[],
  lists: Pick<ItemLists, 'completed' | 'learning'>,
): T[] {
  const rank = (w: T) => ({ learning: 0, new: 1, learned: 2 })[wordStatus(lists, w.id)];
  return [...words].sort((a, b) => rank(a) - rank(b));
}

/** Whether a test's score passes: TEST_PASS_PERCENT of the questions or more. */
export const testPassed = (right: number, total: number) =>
  total > 0 && right * 100 >= total * TEST_PASS_PERCENT;
