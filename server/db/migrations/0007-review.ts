import type { Kysely } from 'kysely';

/**
 * Spaced review. One card per (user, word or grammar question) with ts-fsrs's Card fields;
 * the primary key makes creating a card idempotent. `review_log` keeps every review with the
 * card before (ts-fsrs's ReviewLog fields) and after, so parameters can be fitted later.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('review_card')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('card_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('due', 'text', (c) => c.notNull())
    .addColumn('stability', 'double precision', (c) => c.notNull())
    .addColumn('difficulty', 'double precision', (c) => c.notNull())
    .addColumn('elapsed_days', 'integer', (c) => c.notNull())
    .addColumn('scheduled_days', 'integer', (c) => c.notNull())
    .addColumn('learning_steps', 'integer', (c) => c.notNull())
    .addColumn('reps', 'integer', (c) => c.notNull())
    .addColumn('lapses', 'integer', (c) => c.notNull())
    .addColumn('state', 'integer', (c) => c.notNull())
    .addColumn('last_review', 'text')
    .addColumn('suspended', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('review_card_pk', ['user_id', 'card_id'])
    .execute();
  // The queue and the menu badge: a user's unsuspended cards by due time, one range scan.
  await db.schema
    .createIndex('review_card_due')
    .on('review_card')
    .columns(['user_id', 'suspended', 'due'])
    .execute();
  await db.schema
    .createTable('review_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('card_id', 'text', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('state', 'integer', (c) => c.notNull())
    .addColumn('due', 'text', (c) => c.notNull())
    .addColumn('stability', 'double precision', (c) => c.notNull())
    .addColumn('difficulty', 'double precision', (c) => c.notNull())
    .addColumn('elapsed_days', 'integer', (c) => c.notNull())
    .addColumn('last_elapsed_days', 'integer', (c) => c.notNull())
    .addColumn('scheduled_days', 'integer', (c) => c.notNull())
    .addColumn('learning_steps', 'integer', (c) => c.notNull())
    .addColumn('reviewed_at', 'text', (c) => c.notNull())
    .addColumn('next_state', 'integer', (c) => c.notNull())
    .addColumn('next_due', 'text', (c) => c.notNull())
    .addColumn('next_stability', 'double precision', (c) => c.notNull())
    .addColumn('next_difficulty', 'double precision', (c) => c.notNull())
    .addColumn('next_scheduled_days', 'integer', (c) => c.notNull())
    .addColumn('choice_index', 'integer', (c) => c.notNull())
    .addColumn('correct_index', 'integer', (c) => c.notNull())
    .addColumn('correct', 'integer', (c) => c.notNull())
    .execute();
  // Today's done counts against the daily caps, and a user's history for re-fitting.
  await db.schema
    .createIndex('review_log_user_reviewed')
    .on('review_log')
    .columns(['user_id', 'reviewed_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('review_log').execute();
  await db.schema.dropTable('review_card').execute();
}
