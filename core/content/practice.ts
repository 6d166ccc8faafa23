import { z } from 'zod';
import { INTERVIEW_TYPES, LEVELS, PROFESSIONS } from '../constants';
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

export const ZInterviewQuestion = z.strictObject({
  id: ZSlug,
  question: ZText(15, 400),
  /** What a strong answer shows. */
  lookingFor: list(2, 5),
  /** The structure to answer with: STAR, requirements → design → trade-offs, or clarify → approach → complexity. */
  structure: list(3, 6),
  followUps: list(2, 4),
  /** A sample outline of a strong answer — prompts, never a script to memorise. */
  outline: list(3, 7, 500),
  level: z.enum(LEVELS),
  premium: z.boolean().optional(),
});
export type TInterviewQuestion = z.infer<typeof ZInterviewQuestion> & {
  /** Set by the server on a premium question sent without its guidance (not Premium). */
  locked?: boolean;
};

/** content/interviews/{type}.yaml */
export const ZInterviewSet = z.strictObject({
  type: z.enum(INTERVIEW_TYPES),
  questions: z.array(ZInterviewQuestion).min(20),
});

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
