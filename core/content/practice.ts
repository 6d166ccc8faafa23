import { z } from 'zod';
import { LEVELS, PROFESSIONS } from '../constants';
import { countWords } from '../text';
import { ZSlug, ZText } from './common';

const ZMinutes = z.number().int().min(10).max(30);
const ZProfessions = z.array(z.enum(PROFESSIONS)).min(1).max(3);
const list = (min: number, max: number, len = 400) => z.array(ZText(3, len)).min(min).max(max);

/** content/prompts/{id}.yaml — a writing or content-strategy prompt that ends in a draft. */
export const ZPrompt = z.strictObject({
  id: ZSlug,
  title: ZText(5, 80),
  category: z.enum([
    'email',
    'report',
    'proposal',
    'presentation',
    'social',
    'strategy',
    'storytelling',
    'feedback',
  ]),
  prompt: ZText(40, 800),
  why: ZText(30, 500),
  tips: list(3, 6),
  outline: list(3, 8),
  minutes: ZMinutes,
  level: z.enum(LEVELS),
  professions: ZProfessions,
  premium: z.boolean().optional(),
  /**
   * What an excellent professional would write for exactly this brief: its facts, its length
   * and the outline's parts in order. Shown once the learner has tried (core/constants.ts MODEL_ANSWER_AFTER_WORDS).
   */
  modelAnswer: ZText(60, 6000),
});
export type TPrompt = z.infer<typeof ZPrompt>;

/** content/insights/{id}.yaml — a decision-making model the learner applies to their own decision. */
export const ZInsight = z.strictObject({
  id: ZSlug,
  title: ZText(3, 80),
  summary: ZText(40, 500),
  whenToUse: list(2, 5),
  steps: list(3, 7),
  example: z.strictObject({ context: ZText(30, 500), walkthrough: ZText(80, 1500) }),
  pitfalls: list(2, 5),
  reflection: ZText(20, 300),
  minutes: ZMinutes,
  professions: ZProfessions,
  premium: z.boolean().optional(),
});
export type TInsight = z.infer<typeof ZInsight>;

/** What every interview question has, whatever its type. */
const interviewBase = {
  id: ZSlug,
  question: ZText(15, 400),
  /** What a strong answer shows. On a coding question, never the algorithm or its complexity. */
  lookingFor: list(2, 5),
  /** The structure to answer with: STAR, requirements → design → trade-offs, or clarify → approach → complexity. */
  structure: list(3, 6),
  followUps: list(2, 4),
  level: z.enum(LEVELS),
  premium: z.boolean().optional(),
};

/** Spoken length of a behavioral model answer, in words: about two minutes aloud. */
export const STAR_ANSWER_WORDS = { min: 250, max: 400 } as const;

/**
 * A behavioral model answer in STAR form, in the first person, as one plausible professional
 * at the question's level would say it. Shown once the learner has tried.
 */
export const ZStarAnswer = z
  .strictObject({
    /** Who is speaking, shown above the answer, for example "A mid-level product manager". */
    speaker: ZText(10, 120),
    situation: ZText(60, 1500),
    task: ZText(30, 1000),
    action: ZText(150, 2500),
    result: ZText(60, 1500),
    /** The short "what I learned" line, where the question's structure asks for one. */
    learned: ZText(20, 600).optional(),
  })
  .refine(
    (a) => {
      const words = countWords([a.situation, a.task, a.action, a.result, a.learned].join(' '));
      return words >= STAR_ANSWER_WORDS.min && words <= STAR_ANSWER_WORDS.max;
    },
    {
      message: `A model answer is ${STAR_ANSWER_WORDS.min}–${STAR_ANSWER_WORDS.max} words in total (about two minutes aloud)`,
    },
  );
export type TStarAnswer = z.infer<typeof ZStarAnswer>;

/** A system-design model outline: what a strong candidate covers, part by part. */
export const ZModelOutline = z.strictObject({
  requirements: list(2, 6, 500),
  /** Back-of-the-envelope numbers, each with how it was reached. */
  estimates: list(1, 5, 500),
  components: list(3, 8, 500),
  deepDive: list(2, 6, 600),
  tradeOffs: list(2, 5, 500),
});
export type TModelOutline = z.infer<typeof ZModelOutline>;

/** Lines of code (blank lines aside) in a coding solution's sketch: short enough to read on a phone. */
export const SOLUTION_CODE_LINES = 25;

/** A coding question's solution: the approach, its complexity with the reason, a code sketch. */
export const ZSolution = z.strictObject({
  approach: list(3, 7, 500),
  /** The time complexity and why, for example "O(n): one pass, each map lookup O(1) on average." */
  time: ZText(10, 400),
  space: ZText(10, 400),
  /** Plain TypeScript, at most SOLUTION_CODE_LINES lines of code. */
  code: z
    .string()
    .min(40)
    .max(2000)
    .refine((c) => c.split('\n').filter((l) => l.trim() !== '').length <= SOLUTION_CODE_LINES, {
      message: `Keep the code sketch to ${SOLUTION_CODE_LINES} lines`,
    }),
});
export type TSolution = z.infer<typeof ZSolution>;

/** Big-O notation: what a coding question must not show before the attempt. */
const COMPLEXITY = /\bO\(/;

const ZBehavioralQuestion = z
  .strictObject({
    ...interviewBase,
    /** Prompts for shaping the learner's own story, shown on request — never a script to memorize. */
    outline: list(3, 7, 500),
    modelAnswer: ZStarAnswer,
  })
  .refine((q) => !q.structure.some((s) => /^What you learned/.test(s)) || q.modelAnswer.learned, {
    message: 'The structure asks what you learned: the model answer needs its "learned" line',
    path: ['modelAnswer', 'learned'],
  });

const ZSystemDesignQuestion = z.strictObject({ ...interviewBase, modelOutline: ZModelOutline });

const ZCodingQuestion = z
  .strictObject({ ...interviewBase, solution: ZSolution })
  .refine((q) => ![...q.lookingFor, ...q.structure].some((s) => COMPLEXITY.test(s)), {
    message:
      'What shows before the attempt (lookingFor, structure) must not give the complexity away: it belongs in the solution',
    path: ['lookingFor'],
  });

/**
 * One interview question as the client reads it: the fields every type has, and the guidance
 * its type adds (behavioral: outline and modelAnswer; system design: modelOutline; coding:
 * solution). `locked` is set by the server on a premium question sent without its guidance.
 */
export type TInterviewQuestion = z.infer<z.ZodObject<typeof interviewBase>> & {
  outline?: string[];
  modelAnswer?: TStarAnswer;
  modelOutline?: TModelOutline;
  solution?: TSolution;
  locked?: boolean;
};

/** content/interviews/{type}.yaml: each type's questions carry their own model answer. */
export const ZInterviewSet = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('behavioral'),
    questions: z.array(ZBehavioralQuestion).min(20),
  }),
  z.strictObject({
    type: z.literal('system-design'),
    questions: z.array(ZSystemDesignQuestion).min(20),
  }),
  z.strictObject({ type: z.literal('coding'), questions: z.array(ZCodingQuestion).min(20) }),
]);

/** The editor form widgets (spec section 2) an activity is built from. */
export const ZWidget = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('text'),
    id: ZSlug,
    label: ZText(3, 160),
    hint: ZText(3, 300).optional(),
    multiline: z.boolean().optional(),
  }),
  z.strictObject({
    type: z.literal('slides'),
    id: ZSlug,
    label: ZText(3, 160),
    /** Suggested slides the learner fills in and reorders. */
    slides: z
      .array(z.strictObject({ title: ZText(2, 80), content: ZText(3, 400) }))
      .min(1)
      .max(12),
  }),
  z.strictObject({
    type: z.literal('table'),
    id: ZSlug,
    label: ZText(3, 160),
    columns: z.array(ZText(1, 40)).min(2).max(6),
    rows: z.number().int().min(1).max(10),
  }),
  z.strictObject({
    type: z.literal('rating'),
    id: ZSlug,
    label: ZText(3, 160),
    items: z.array(ZText(2, 80)).min(1).max(12),
    max: z.number().int().min(3).max(10).optional(),
  }),
  z.strictObject({
    type: z.literal('checklist'),
    id: ZSlug,
    label: ZText(3, 160),
    options: z.array(ZText(2, 120)).min(2).max(12),
  }),
  z.strictObject({
    type: z.literal('dropdown'),
    id: ZSlug,
    label: ZText(3, 160),
    options: z.array(ZText(1, 80)).min(2).max(12),
  }),
  z.strictObject({ type: z.literal('testimonial'), id: ZSlug, label: ZText(3, 160) }),
  z.strictObject({ type: z.literal('job'), id: ZSlug, label: ZText(3, 160) }),
]);
export type TWidget = z.infer<typeof ZWidget>;

/** content/activities/{id}.yaml — a hands-on exercise that ends with something the learner made. */
export const ZActivity = z
  .strictObject({
    id: ZSlug,
    title: ZText(5, 80),
    summary: ZText(30, 500),
    outcome: ZText(10, 300),
    minutes: ZMinutes,
    professions: ZProfessions,
    widgets: z.array(ZWidget).min(2).max(8),
    premium: z.boolean().optional(),
  })
  .refine((a) => new Set(a.widgets.map((w) => w.id)).size === a.widgets.length, {
    message: 'Widget ids must be unique',
    path: ['widgets'],
  });
export type TActivity = z.infer<typeof ZActivity>;

/** What the section lists need of each item (GET /api/content/{section}); the rest loads on open. */
export type TPromptSummary = Pick<
  TPrompt,
  'id' | 'title' | 'category' | 'minutes' | 'level' | 'professions' | 'premium'
>;
export type TInsightSummary = Pick<
  TInsight,
  'id' | 'title' | 'summary' | 'minutes' | 'professions' | 'premium'
>;
export type TActivitySummary = Pick<
  TActivity,
  'id' | 'title' | 'summary' | 'outcome' | 'minutes' | 'professions' | 'premium'
>;
