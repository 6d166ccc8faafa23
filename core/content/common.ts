import { z } from 'zod';

/** Lower-case kebab-case id, as used in URLs and tags. */
export const ZSlug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case kebab-case (a-z, 0-9, hyphens)')
  .max(80);

export const SKILL_TAGS = ['clarity', 'concision', 'tone', 'business-writing', 'speaking'] as const;

/** A non-empty trimmed sentence-like string. */
export const ZText = (min = 1, max = 2000) =>
  z
    .string()
    .min(min)
    .max(max)
    .refine((s) => s.trim() === s, 'Remove leading or trailing spaces');

/** 3–4 distinct options and a correctIndex that points inside them. */
export function withOptionChecks<T extends z.ZodType<{ options: string[]; correctIndex: number }>>(
  schema: T,
) {
  return schema
    .refine((q) => q.correctIndex < q.options.length, {
      message: 'correctIndex must point at one of the options',
      path: ['correctIndex'],
    })
    .refine(
      (q) => new Set(q.options.map((o) => o.trim().toLowerCase())).size === q.options.length,
      { message: 'Options must be distinct', path: ['options'] },
    );
}
