import { sql } from 'kysely';
import type { Db } from '../db/client';

export interface LimitResult {
  allowed: boolean;
  /** Seconds until the window resets, when not allowed. */
  retryAfter: number;
}

/**
 * A fixed-window counter in the database, so every app server sees the same count.
 * One atomic upsert per call: a new or expired window starts at 1, a live one adds 1.
 */
export async function consume(
  db: Db,
  key: string,
  windowMs: number,
  max: number,
  now = Date.now(),
): Promise<LimitResult> {
  const expired = now - windowMs;
  const row = await db
    .insertInto('rate_limit_bucket')
    .values({ key, window_start: now, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`CASE WHEN rate_limit_bucket.window_start <= ${expired} THEN 1 ELSE rate_limit_bucket.count + 1 END`,
        window_start: sql`CASE WHEN rate_limit_bucket.window_start <= ${expired} THEN ${now} ELSE rate_limit_bucket.window_start END`,
      }),
    )
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow();
  const count = Number(row.count);
  const start = Number(row.window_start);
  return {
    allowed: count <= max,
    retryAfter: Math.max(1, Math.ceil((start + windowMs - now) / 1000)),
  };
}

/** Analytics writes take no sign-in: at most this many batches a minute per user or address. */
export const ANALYTICS_LIMIT = { windowMs: 60_000, max: 120 };
