import { z } from 'zod';

/** Deep-dive question n is answered under this id; topic questions keep their content id. */
export const deepDiveQuestionId = (n: number) => `deep-dive-${n}`;

export const ZAnswerRequest = z.strictObject({
  questionId: z.string().min(1).max(80),
  choiceIndex: z.number().int().min(0).max(3),
});
export type TAnswerRequest = z.infer<typeof ZAnswerRequest>;

export const ZAttemptRequest = z.strictObject({
  /** Made by the client once per quiz run, so a retried submit is recognised. */
  attemptId: z.uuid(),
  topicId: z.string().min(1).max(80),
  /** The chosen option for every question, in order. */
  answers: z.array(z.number().int().min(0).max(3)).min(1).max(100),
});
export type TAttemptRequest = z.infer<typeof ZAttemptRequest>;

export interface AnswerResult {
  questionId: string;
  choiceIndex: number;
  correct: boolean;
  correctIndex: number;
  /** Points this request added: 0 on a replay or a wrong answer. */
  pointsAdded: number;
  /** False when the question had already been answered; the first answer stands. */
  firstAnswer: boolean;
}

export interface AttemptResult {
  attemptId: string;
  topicId: string;
  correct: number;
  total: number;
  score: number;
  pointsAdded: number;
  replayed: boolean;
}

/** The spec's uGramStats, derived from rows. */
export interface GrammarStats {
  pts: { total: number; byTag: Record<string, number> };
  questions: Record<string, boolean>;
  /** The option first chosen per question, so an answered question can show it again. */
  choices: Record<string, number>;
  topics: Record<string, number>;
}
