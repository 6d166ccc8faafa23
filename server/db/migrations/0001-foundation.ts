import type { Kysely } from 'kysely';

// Migrations use only the dialect-neutral schema builder so one file serves SQLite and
// PostgreSQL. Ids are text (UUIDs made by the app) and timestamps ISO-8601 text.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('analytics_event')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('path', 'text')
    .addColumn('hash', 'text')
    .addColumn('value', 'double precision')
    .addColumn('currency', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // Reports read events of one type over a time range.
  await db.schema
    .createIndex('analytics_event_type_created')
    .on('analytics_event')
    .columns(['type', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('analytics_event').execute();
}
