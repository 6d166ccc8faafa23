import type { Kysely } from 'kysely';

/**
 * A grammar answer or quiz reports today's points for the goal banner (server/features/
 * dashboard/service.ts `todayAndGoal`): the sum of the learner's 'total' rows since the
 * zone's midnight. The (user_id, tag, points) index of 0010 found every 'total' row the learner
 * ever earned and read each one's time from the table, so the sum grew with their history.
 * This index puts created_at after the tag, so today is a short range read from the index
 * alone. It replaces 0010's rather than joining it: it serves the stats' sum by tag just as
 * well (the same order, the points in the index), and the ledger's inserts, on the answer's
 * hot path, keep one secondary index to maintain.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('points_event_user_tag_day')
    .on('points_event')
    .columns(['user_id', 'tag', 'created_at', 'points'])
    .execute();
  await db.schema.dropIndex('points_event_user_tag').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('points_event_user_tag')
    .on('points_event')
    .columns(['user_id', 'tag', 'points'])
    .execute();
  await db.schema.dropIndex('points_event_user_tag_day').execute();
}
