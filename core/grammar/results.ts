import type { GoalAfterWrite } from '../progress/goal';

/** Deep-dive question n is answered under this id; topic questions keep their content id. */
export const deepDiveQuestionId = (n: number) => `deep-dive-${n}`;

export interface AnswerResult {
  questionId: string;
  choiceIndex: number;
  correct: boolean;
  correctIndex: number;
  /** Points this request added: 0 on a replay or a wrong answer. */
  pointsAdded: number;
  /** False when the question had already been answered; the first answer stands. */
  firstAnswer: boolean;
  /**
   * The daily goal after this answer when it added points, else null. Only the answer
   * endpoint's reply carries it; results replayed through `POST /api/sync` do not.
   */
  goal?: GoalAfterWrite | null;
}

export interface AttemptResult {
  attemptId: string;
  topicId: string;
  correct: number;
  total: number;
  score: number;
  pointsAdded: number;
  replayed: boolean;
  /** As AnswerResult's: the daily goal after this quiz when it added points, else null. */
  goal?: GoalAfterWrite | null;
}

/**
 * The spec's uGramStats, derived from rows: what the screens show. `questions` and `choices`
 * hold the deep dive's first answers (its calendar, its pages and the path's mastery read
 * them); a topic's questions answered one by one are TopicAnswers, on request.
 */
export interface GrammarStats {
  pts: { total: number; byTag: Record<string, number> };
  /** Whether the first answer was right, per answered deep-dive question. */
  questions: Record<string, boolean>;
  /** The option first chosen per question, so an answered question can show it again. */
  choices: Record<string, number>;
  topics: Record<string, number>;
}

/** One topic's questions answered one by one (`GET /api/grammar/stats/topics/:topic`). */
export interface TopicAnswers {
  topicId: string;
  questions: Record<string, boolean>;
  choices: Record<string, number>;
}

/** A learner with no answers yet (and a guest's base for kept answers). */
export const EMPTY_STATS: GrammarStats = {
  pts: { total: 0, byTag: {} },
  questions: {},
  choices: {},
  topics: {},
};
