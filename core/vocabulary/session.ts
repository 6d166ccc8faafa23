import { shuffle } from '../random';
import { LEARN_ROUND_WORDS, TEST_QUESTIONS, testPassed } from './study';

/**
 * One study session over a word set (Flashcards, Learn, Listen and type, Test): a queue of
 * steps, what an answer does to it, and what the session shows as learned at the end. Pure,
 * so the screens (app/features/vocabulary/study/) only draw it.
 */

/** What a step asks about a word. */
export type StepKind =
  /** A flashcard: flip it, then "Know it" or "Still learning". */
  | 'card'
  /** The definition; choose the word. */
  | 'choose-word'
  /** The word; choose its definition. */
  | 'choose-definition'
  /** The definition; type the word. */
  | 'type-word'
  /** The word read aloud; type it. */
  | 'listen';

export interface Step {
  kind: StepKind;
  wordId: string;
  /** For the choose steps: the options' word ids, the right one among them. */
  options?: string[];
}

export interface StudyWord {
  id: string;
  word: string;
  partOfSpeech: string;
}

/** How many options a choose step offers. */
export const STUDY_OPTIONS = 4;

/**
 * Options for a word: the word and three others of the set, the same part of speech first
 * (so the grammar of a definition does not give the answer away), in random order. Words
 * spelled alike (the same word in two sets) are offered once.
 */
export function wordChoices<W extends StudyWord>(
  word: W,
  words: readonly W[],
  random: () => number,
  count = STUDY_OPTIONS,
): W[] {
  const seen = new Set([word.word.toLowerCase()]);
  const others = words.filter((w) => {
    const key = w.word.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const same = shuffle(
    others.filter((w) => w.partOfSpeech === word.partOfSpeech),
    random,
  );
  const rest = shuffle(
    others.filter((w) => w.partOfSpeech !== word.partOfSpeech),
    random,
  );
  return shuffle([word, ...[...same, ...rest].slice(0, count - 1)], random);
}

export type SessionMode = 'flashcards' | 'learn' | 'listen' | 'test';

export interface Session {
  mode: SessionMode;
  /** Steps still to do, the current one first. */
  queue: Step[];
  /**
   * Steps answered, in order, with whether each was right (a card's "Know it") and what was
   * given (the word chosen or typed), for the summary.
   */
  done: { step: Step; right: boolean; given?: string }[];
  /** Steps in the session as planned; a step that comes back again does not add to it. */
  planned: number;
}

const choose = (
  kind: StepKind,
  word: StudyWord,
  words: readonly StudyWord[],
  random: () => number,
): Step => ({
  kind,
  wordId: word.id,
  options: wordChoices(word, words, random).map((w) => w.id),
});

/**
 * The steps of a new session over `order` (the set's words, those to study first):
 * - flashcards: every word's card, in order;
 * - learn: LEARN_ROUND_WORDS words, each chosen from options first, then typed;
 * - listen: LEARN_ROUND_WORDS words, in random order, each heard and typed;
 * - test: up to TEST_QUESTIONS words, one question each, the kinds mixed.
 */
export function startSession(
  mode: SessionMode,
  order: readonly StudyWord[],
  all: readonly StudyWord[],
  random: () => number,
): Session {
  let queue: Step[];
  if (mode === 'flashcards') {
    queue = order.map((w) => ({ kind: 'card', wordId: w.id }));
  } else if (mode === 'learn') {
    const round = order.slice(0, LEARN_ROUND_WORDS);
    queue = [
      ...round.map((w) => choose('choose-word', w, all, random)),
      ...shuffle(round, random).map((w): Step => ({ kind: 'type-word', wordId: w.id })),
    ];
  } else if (mode === 'listen') {
    queue = shuffle(order.slice(0, LEARN_ROUND_WORDS), random).map((w) => ({
      kind: 'listen',
      wordId: w.id,
    }));
  } else {
    const words = shuffle(order.slice(0, TEST_QUESTIONS), random);
    // A third each: choose the word, choose the definition, type the word.
    queue = words.map((w, i) =>
      i % 3 === 2
        ? { kind: 'type-word', wordId: w.id }
        : choose(i % 3 === 0 ? 'choose-word' : 'choose-definition', w, all, random),
    );
  }
  return { mode, queue, done: [], planned: queue.length };
}

/** Steps between a missed step and its second try: it comes back after a little while. */
export const RETRY_GAP = 2;

/**
 * Records the answer to the current step. Flashcards put a "Still learning" card at the end
 * of the queue, so the pile comes back until it is empty; Learn and Listen bring a missed
 * step back after RETRY_GAP others; a test asks each question once.
 */
export function answerStep(session: Session, right: boolean, given?: string): Session {
  const [step, ...rest] = session.queue;
  if (!step) return session;
  const done = [...session.done, { step, right, ...(given !== undefined ? { given } : {}) }];
  if (right || session.mode === 'test') return { ...session, queue: rest, done };
  const again: Step = {
    kind: step.kind,
    wordId: step.wordId,
    ...(step.options ? { options: step.options } : {}),
  };
  const queue =
    session.mode === 'flashcards'
      ? [...rest, again]
      : [...rest.slice(0, RETRY_GAP), again, ...rest.slice(RETRY_GAP)];
  return { ...session, queue, done };
}

/**
 * Where the session is, for the progress bar: steps finished of those planned. A missed step
 * that comes back is not finished, so the bar waits for it (it never runs backwards or
 * grows).
 */
export function sessionProgress(session: Session): { finished: number; planned: number } {
  return { finished: session.planned - session.queue.length, planned: session.planned };
}

export interface SessionResult {
  /** Words of the session, in the order first met. */
  words: string[];
  /** Words right at every try of every step (the first try of each step was right). */
  firstTry: string[];
  /** Words missed at least once. */
  missed: string[];
  /** Words never missed, of the words met: the score a learner reads. */
  right: number;
  total: number;
  /** For each missed word, what the learner first gave instead (absent for a flashcard). */
  yours: Record<string, string>;
  /** Tests only: whether the score passes. */
  passed: boolean | null;
  /**
   * What the session changes on the learner's words: `learned` are completed (Learn: both
   * steps right the first time; a passed test: its right answers), `learning` go on the
   * learning list (any miss; flashcards marked "Still learning"). Listen and type, and
   * flashcards known, change nothing: they practice, they do not prove.
   */
  learned: string[];
  learning: string[];
}

export function sessionResult(session: Session): SessionResult {
  const words: string[] = [];
  const missed = new Set<string>();
  const firstTries = new Map<string, boolean>(); // step key → first answer
  const yours: Record<string, string> = {};
  for (const { step, right, given } of session.done) {
    if (!words.includes(step.wordId)) words.push(step.wordId);
    const key = `${step.kind}:${step.wordId}`;
    if (!firstTries.has(key)) firstTries.set(key, right);
    if (!right) {
      missed.add(step.wordId);
      if (given !== undefined && !(step.wordId in yours)) yours[step.wordId] = given;
    }
  }
  const firstTry = words.filter((w) => !missed.has(w));
  // A test asks one question per word, so words and questions are the same count.
  const passed = session.mode === 'test' ? testPassed(firstTry.length, words.length) : null;
  let learned: string[] = [];
  let learning: string[] = [];
  if (session.mode === 'learn') {
    // Learned only when both its steps were answered, right at the first try.
    const both = (w: string) =>
      firstTries.get(`choose-word:${w}`) === true && firstTries.get(`type-word:${w}`) === true;
    learned = words.filter(both);
    learning = words.filter((w) => missed.has(w));
  } else if (session.mode === 'test') {
    learned = passed ? firstTry : [];
    learning = [...missed];
  } else if (session.mode === 'flashcards') {
    learning = [...missed];
  }
  return {
    words,
    firstTry,
    missed: [...missed],
    right: firstTry.length,
    total: words.length,
    yours,
    passed,
    learned,
    learning,
  };
}
