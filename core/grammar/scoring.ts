import {
  POINTS_PER_CORRECT_ANSWER,
  POINTS_PER_SINGLE_QUESTION,
  TOPIC_SCORE_THRESHOLD,
} from '../constants';
import type { GrammarStats } from './results';

/**
 * Grading and points, once, for the server (which grades what it stores) and the client
 * (which shows the same result before the server answers, and for guests).
 *
 * Words: **points** are the ledger's units (10 per correct answer, to the total and to each
 * of the question's tags); a **score** is a topic's result in percent, 0–100.
 */

/**
 * A strong topic score: above TOPIC_SCORE_THRESHOLD percent. The one rule behind a green
 * score badge, "good progress" on a quiz's results, a topic assignment done and the team
 * report's strong topics.
 */
export const isStrongScore = (score: number): boolean => score > TOPIC_SCORE_THRESHOLD;

export interface Gradable {
  correctIndex: number;
  tags: readonly string[];
}

/** Points per tag, `total` included: what one graded source adds to the ledger. */
export type PointsByTag = Record<string, number>;

export interface GradedAnswer {
  correct: boolean;
  /** Points to the total (0 when wrong). */
  points: number;
  /** Points per tag, `total` included; empty when wrong. */
  byTag: PointsByTag;
}

function award(byTag: PointsByTag, tags: readonly string[], points: number) {
  byTag.total = (byTag.total ?? 0) + points;
  for (const tag of tags) byTag[tag] = (byTag[tag] ?? 0) + points;
}

/** What a correct single (deep-dive) question adds: POINTS_PER_SINGLE_QUESTION to total and tags. */
export function answerPoints(tags: readonly string[]): PointsByTag {
  const byTag: PointsByTag = {};
  award(byTag, tags, POINTS_PER_SINGLE_QUESTION);
  return byTag;
}

/** A single question, graded: points only when right. */
export function gradeAnswer(question: Gradable, choice: number): GradedAnswer {
  const correct = choice === question.correctIndex;
  return {
    correct,
    points: correct ? POINTS_PER_SINGLE_QUESTION : 0,
    byTag: correct ? answerPoints(question.tags) : {},
  };
}

/**
 * What one answer adds to the learner's points: only the first answer to a question counts
 * (the server keeps it and ignores repeats), and only when it is right. The server's answer
 * route and a guest's goal on this device both count this way.
 */
export const answerLedgerPoints = (first: boolean, correct: boolean): number =>
  first && correct ? POINTS_PER_SINGLE_QUESTION : 0;

/** How a topic score reads everywhere: "80%". */
export const formatScore = (score: number) => `${score}%`;

/** A topic score in percent from correct answers out of total. */
export function topicScore(correct: number, total: number): number {
  return total === 0 ? 0 : Math.round((correct / total) * 100);
}

export interface GradedAttempt {
  correct: number;
  total: number;
  /** Percent, 0–100. */
  score: number;
  points: number;
  byTag: PointsByTag;
  /** Indexes of the questions answered wrongly (or not at all). */
  wrong: number[];
}

/** A whole quiz: POINTS_PER_CORRECT_ANSWER per correct answer, to total and each tag. */
export function gradeAttempt(
  questions: readonly Gradable[],
  answers: readonly (number | null | undefined)[],
): GradedAttempt {
  const byTag: PointsByTag = {};
  const wrong: number[] = [];
  let correct = 0;
  questions.forEach((q, i) => {
    if (answers[i] !== q.correctIndex) {
      wrong.push(i);
      return;
    }
    correct++;
    award(byTag, q.tags, POINTS_PER_CORRECT_ANSWER);
  });
  const total = questions.length;
  return {
    correct,
    total,
    score: topicScore(correct, total),
    points: correct * POINTS_PER_CORRECT_ANSWER,
    byTag,
    wrong,
  };
}

function withPoints(stats: GrammarStats, byTag: PointsByTag): GrammarStats['pts'] {
  const next = { ...stats.pts.byTag };
  let total = stats.pts.total;
  for (const [tag, points] of Object.entries(byTag)) {
    if (tag === 'total') total += points;
    else next[tag] = (next[tag] ?? 0) + points;
  }
  return { total, byTag: next };
}

/**
 * Stats with one answer added as the server adds it: the first answer to a question is the
 * one that counts, so an answer to a question already in `stats` changes nothing.
 */
export function addAnswer(
  stats: GrammarStats,
  questionId: string,
  choice: number,
  graded: Pick<GradedAnswer, 'correct' | 'byTag'>,
): GrammarStats {
  if (questionId in stats.choices) return stats;
  return {
    ...stats,
    pts: withPoints(stats, graded.byTag),
    questions: { ...stats.questions, [questionId]: graded.correct },
    choices: { ...stats.choices, [questionId]: choice },
  };
}

/** Stats with one finished quiz added: its points, and the topic's score replaced. */
export function addAttempt(
  stats: GrammarStats,
  topicId: string,
  graded: Pick<GradedAttempt, 'score' | 'byTag'>,
): GrammarStats {
  return {
    ...stats,
    pts: withPoints(stats, graded.byTag),
    topics: { ...stats.topics, [topicId]: graded.score },
  };
}

export type OptionTone = 'neutral' | 'correct' | 'wrong';

/**
 * Colour of one option once a question is answered: green for the right option, red for a
 * wrong pick, neutral otherwise (and for every option while unanswered).
 */
export function optionTone(
  optionIndex: number,
  chosen: number | null | undefined,
  correctIndex: number | null | undefined,
): OptionTone {
  if (chosen == null || correctIndex == null) return 'neutral';
  if (optionIndex === correctIndex) return 'correct';
  return optionIndex === chosen ? 'wrong' : 'neutral';
}
