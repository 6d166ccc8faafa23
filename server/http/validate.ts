import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { invalidArgument } from './errors';

/** "events.0.path: Invalid input; …" — the first few issues, each with its field path. */
export function formatIssues(error: { issues: z.core.$ZodIssue[] }): string {
  const parts = error.issues.slice(0, 5).map((i) => {
    const path = i.path.map(String).join('.');
    return path ? `${path}: ${i.message}` : i.message;
  });
  const more = error.issues.length > 5 ? ` (and ${error.issues.length - 5} more)` : '';
  return `Invalid request: ${parts.join('; ')}${more}.`;
}

export function parseOrThrow<T>(schema: z.ZodType<T>, data: unknown): T {
  const result = schema.safeParse(data);
  if (!result.success) throw invalidArgument(formatIssues(result.error));
  return result.data;
}

/** zod validation for a request part; failures become 400 `invalid-argument` envelopes. */
export function validate<Target extends keyof ValidationTargets, S extends z.ZodType>(
  target: Target,
  schema: S,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw invalidArgument(formatIssues(result.error));
  });
}
