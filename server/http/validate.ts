import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import type { ErrorDetails } from '../../core/errors';
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

/** The first issue's path, for the envelope's `details` (`['ops', 3, 'choiceIndex']`). */
function issueDetails(error: { issues: z.core.$ZodIssue[] }): ErrorDetails {
  const path = (error.issues[0]?.path ?? []).map((k) => (typeof k === 'symbol' ? String(k) : k));
  return { path };
}

const refused = (error: { issues: z.core.$ZodIssue[] }) =>
  invalidArgument(formatIssues(error), issueDetails(error));

/**
 * The path of the first string (or object key) holding U+0000, else null. PostgreSQL text
 * cannot store that character (the insert fails, a 500), so no request may carry it.
 * Iterative: a value may be nested thousands of levels deep.
 */
function findNulPath(value: unknown): (string | number)[] | null {
  const stack: [unknown, (string | number)[]][] = [[value, []]];
  while (stack.length) {
    const [v, path] = stack.pop() as [unknown, (string | number)[]];
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return path;
    } else if (v !== null && typeof v === 'object') {
      const array = Array.isArray(v);
      for (const [k, child] of Object.entries(v)) {
        const at = [...path, array ? Number(k) : k];
        if (k.includes('\u0000')) return at;
        stack.push([child, at]);
      }
    }
  }
  return null;
}

/** findNul's path as text (`events.0.path`), '' for the value itself. */
export function findNul(value: unknown): string | null {
  return findNulPath(value)?.join('.') ?? null;
}

function refuseNul(data: unknown): void {
  const path = findNulPath(data);
  if (path === null) return;
  const at = path.join('.');
  throw invalidArgument(
    `Invalid request: ${at ? `${at}: ` : ''}text may not contain the NUL character (U+0000).`,
    { path },
  );
}

export function parseOrThrow<T>(schema: z.ZodType<T>, data: unknown): T {
  const result = schema.safeParse(data);
  if (!result.success) throw refused(result.error);
  refuseNul(result.data);
  return result.data;
}

/**
 * zod validation for a request part; failures, and text holding U+0000, become 400
 * `invalid-argument` envelopes.
 */
export function validate<Target extends keyof ValidationTargets, S extends z.ZodType>(
  target: Target,
  schema: S,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw refused(result.error);
    refuseNul(result.data);
  });
}
