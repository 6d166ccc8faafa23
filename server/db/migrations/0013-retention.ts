import type { Kysely } from 'kysely';

/**
 * Retention (server/maintenance.ts): old analytics events and expired limit counters are
 * deleted every hour by age, so each table gets an index on the column that age is read
 * from — a delete that finds nothing to do then costs a lookup, not a scan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('analytics_event_created')
    .on('analytics_event')
    .column('created_at')
    .execute();
  await db.schema
    .createIndex('rate_limit_bucket_window')
    .on('rate_limit_bucket')
    .column('window_start')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('rate_limit_bucket_window').execute();
  await db.schema.dropIndex('analytics_event_created').execute();
}
