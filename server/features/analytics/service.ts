import type { TAnalyticsEvent } from '../../../core/analytics';
import type { Db } from '../../db/client';

/** Stores a batch in one multi-row INSERT: all of it or none of it. */
export async function recordEvents(
  db: Db,
  userId: string | null,
  events: TAnalyticsEvent[],
  now = new Date(),
): Promise<number> {
  const createdAt = now.toISOString();
  await db
    .insertInto('analytics_event')
    .values(
      events.map((e) => ({
        id: crypto.randomUUID(),
        user_id: userId,
        type: e.type,
        name: e.type === 'event' ? e.name : null,
        path: e.type === 'page_view' ? e.path : null,
        hash: e.type === 'page_view' ? e.hash : null,
        value: e.type === 'event' ? (e.value ?? null) : null,
        currency: e.type === 'event' ? (e.currency ?? null) : null,
        created_at: createdAt,
      })),
    )
    .execute();
  return events.length;
}

/** Deletes the events recorded before `before` (the retention period); returns how many. */
export async function pruneEvents(db: Db, before: Date): Promise<number> {
  const r = await db
    .deleteFrom('analytics_event')
    .where('created_at', '<', before.toISOString())
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
