import type { MatchSaved } from '../../../core/vocabulary/match';
import type { Db } from '../../db/client';

/**
 * A learner's best Match time per word set (`word_set_best`). Only ever lowered, by one
 * statement, so two results arriving together keep the lower whatever their order.
 */

export async function matchBest(db: Db, userId: string, setId: string): Promise<number | null> {
  const row = await db
    .selectFrom('word_set_best')
    .select('match_ms')
    .where('user_id', '=', userId)
    .where('set_id', '=', setId)
    .executeTakeFirst();
  return row ? Number(row.match_ms) : null;
}

/**
 * Keeps `ms` when it beats the stored best (or there is none). The conditional upsert —
 * `on conflict do update … where` the stored time is higher — is the same SQL on SQLite and
 * PostgreSQL; it returns a row only when it wrote one, and only then is the time a new best.
 */
export async function recordMatchTime(
  db: Db,
  userId: string,
  setId: string,
  ms: number,
  now = new Date(),
): Promise<MatchSaved> {
  const written = await db
    .insertInto('word_set_best')
    .values({ user_id: userId, set_id: setId, match_ms: ms, played_at: now.toISOString() })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'set_id'])
        .doUpdateSet((eb) => ({
          match_ms: eb.ref('excluded.match_ms'),
          played_at: eb.ref('excluded.played_at'),
        }))
        .where((eb) => eb('word_set_best.match_ms', '>', eb.ref('excluded.match_ms'))),
    )
    .returning('match_ms')
    .executeTakeFirst();
  if (written) return { bestMs: Number(written.match_ms), newBest: true };
  return { bestMs: (await matchBest(db, userId, setId)) ?? ms, newBest: false };
}
