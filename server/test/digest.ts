import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Db } from '../db/client';

/**
 * Tables left out of the digest: rate-limit counters (ours and Better Auth's), which every
 * request may bump, and the analytics log, which takes anonymous writes by design.
 */
export const DIGEST_EXCLUDED_TABLES: ReadonlySet<string> = new Set([
  'rate_limit_bucket',
  'rateLimit',
  'analytics_event',
]);

/** Columns that change on reads: a session's sliding expiry and its refresh time. */
export const DIGEST_EXCLUDED_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  session: ['expiresAt', 'updatedAt'],
};

/** A dialect-stable text for one cell: dates as ISO, bytes as hex, keys sorted. */
function canonical(value: unknown): unknown {
  if (value instanceof Date) return `date:${value.toISOString()}`;
  if (value instanceof Uint8Array) return `bytes:${Buffer.from(value).toString('hex')}`;
  if (typeof value === 'bigint') return `bigint:${value.toString()}`;
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort())
      out[key] = canonical((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

/**
 * sha256 over every user-data table (found by introspection, so a new table is covered
 * without touching this file): each table's rows as canonical JSON, sorted, so the digest
 * does not depend on the order the database returns them in.
 */
export async function dbDigest(db: Db): Promise<string> {
  const loose = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const tables = (await db.introspection.getTables())
    .map((t) => t.name)
    .filter((name) => !DIGEST_EXCLUDED_TABLES.has(name))
    .sort();
  const hash = createHash('sha256');
  for (const table of tables) {
    const skip = new Set(DIGEST_EXCLUDED_COLUMNS[table] ?? []);
    const rows = await loose.selectFrom(table).selectAll().execute();
    const lines = rows
      .map((row) => {
        const kept: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(row)) if (!skip.has(k)) kept[k] = v;
        return JSON.stringify(canonical(kept));
      })
      .sort();
    hash.update(`${table}\u0000${rows.length}\u0000${lines.join('\n')}\u0000`);
  }
  return hash.digest('hex');
}
