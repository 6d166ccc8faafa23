import type { Kysely } from 'kysely';

/**
 * Per-item records for words, prompts, activities, interviews and insights. Lists are
 * timestamp flags on the row, so "no duplicates" holds by construction and every list
 * change is one statement. Visit times are rows of their own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_item')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('visits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('liked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text')
    .addColumn('entries', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('show_again', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('game_score', 'integer')
    .addColumn('planned_at', 'text')
    .addColumn('completed_at', 'text')
    .addColumn('saved_at', 'text')
    .addColumn('doodled_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_item_pk', ['user_id', 'kind', 'item_id'])
    .execute();
  await db.schema
    .createTable('item_visit')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  // A record's visit times, and the dashboard's visits per day.
  await db.schema
    .createIndex('item_visit_item')
    .on('item_visit')
    .columns(['user_id', 'kind', 'item_id', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('item_visit').execute();
  await db.schema.dropTable('user_item').execute();
}
