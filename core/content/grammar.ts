import { z } from 'zod';
import { DEEP_DIVE_COUNT } from '../constants';
import { GRAMMAR_GROUPS, GRAMMAR_TOPIC_PATHS } from '../grammar/topics';
import { ZWritingCheck } from './checks';
import { SKILL_TAGS, ZSlug, ZText, withOptionChecks } from './common';

export const ZGrammarQuestion = withOptionChecks(
  z.strictObject({
    id: ZSlug,
    question: ZText(8, 400),
    options: z.array(ZText(1, 160)).min(3).max(4),
    correctIndex: z.number().int().min(0).max(3),
    explanation: ZText(40, 700),
    tags: z
      .array(ZSlug)
      .min(2)
      .max(6)
      .refine((t) => new Set(t).size === t.length, 'Tags must not repeat'),
  }),
);
export type TGrammarQuestion = z.infer<typeof ZGrammarQuestion>;

export const ZLesson = z.strictObject({
  summary: ZText(20, 600),
  rules: z
    .array(
      z.strictObject({
        rule: ZText(10, 400),
        examples: z.array(ZText(5, 300)).min(1).max(4),
      }),
    )
    .min(2)
    .max(8),
  mistakes: z
    .array(
      z.strictObject({
        wrong: ZText(3, 300),
        right: ZText(3, 300),
        why: ZText(10, 400),
      }),
    )
    .min(2)
    .max(8),
});

export const MIN_QUESTIONS_PER_TOPIC = 20;

/** One file per topic: content/grammar/topics/{path}.yaml */
export const ZGrammarTopic = z
  .strictObject({
    topic: z.enum(GRAMMAR_TOPIC_PATHS as [string, ...string[]]),
    title: ZText(3, 80),
    lesson: ZLesson,
    questions: z.array(ZGrammarQuestion).min(MIN_QUESTIONS_PER_TOPIC),
    /** The mistakes the lesson teaches, in a form the writing checker finds (core/content/checks.ts). */
    checks: z.array(ZWritingCheck).max(40).default([]),
  })
  .superRefine((t, ctx) => {
    const checkIds = new Set<string>();
    t.checks.forEach((c, i) => {
      if (checkIds.has(c.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['checks', i, 'id'],
          message: `check id ${c.id} repeats`,
        });
      }
      checkIds.add(c.id);
    });
    const group = GRAMMAR_GROUPS.find((g) => g.sub.some((s) => s.path === t.topic));
    t.questions.forEach((q, i) => {
      if (!q.tags.includes(t.topic)) {
        ctx.addIssue({
          code: 'custom',
          path: ['questions', i, 'tags'],
          message: `tags must include the topic "${t.topic}"`,
        });
      }
      if (group && !q.tags.includes(group.name.toLowerCase())) {
        ctx.addIssue({
          code: 'custom',
          path: ['questions', i, 'tags'],
          message: `tags must include the group "${group.name.toLowerCase()}"`,
        });
      }
      if (!q.tags.some((tag) => (SKILL_TAGS as readonly string[]).includes(tag))) {
        ctx.addIssue({
          code: 'custom',
          path: ['questions', i, 'tags'],
          message: `tags must include one skill tag: ${SKILL_TAGS.join(', ')}`,
        });
      }
    });
  });
export type TGrammarTopic = z.infer<typeof ZGrammarTopic>;

export const ZDeepDiveQuestion = withOptionChecks(
  z.strictObject({
    id: z.number().int().min(1).max(DEEP_DIVE_COUNT),
    question: ZText(8, 500),
    options: z.array(ZText(1, 200)).min(3).max(4),
    correctIndex: z.number().int().min(0).max(3),
    explanation: ZText(40, 800),
    tags: z.array(ZSlug).min(2).max(8),
    discussion: z.url().optional(),
  }),
);
export type TDeepDiveQuestion = z.infer<typeof ZDeepDiveQuestion>;

/** content/grammar/deep-dive.yaml: questions numbered 1..30 in order. */
export const ZDeepDive = z
  .strictObject({ questions: z.array(ZDeepDiveQuestion).length(DEEP_DIVE_COUNT) })
  .refine((d) => d.questions.every((q, i) => q.id === i + 1), {
    message: `Deep-dive questions must be numbered 1 to ${DEEP_DIVE_COUNT} in order`,
  });

export const PRAISE_COUNT = 37;
export const FAILURE_COUNT = 27;

/** content/grammar/feedback.yaml: the spec's 37 praise and 27 failure phrases. */
export const ZFeedback = z.strictObject({
  praise: z.array(ZText(2, 60)).length(PRAISE_COUNT),
  failure: z.array(ZText(2, 60)).length(FAILURE_COUNT),
  defaults: z.strictObject({ correct: z.literal('Correct'), incorrect: z.literal('Incorrect') }),
});
