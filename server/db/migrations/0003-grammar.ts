import type { Kysely } from 'kysely';

/**
 * Grammar progress. Points are a ledger with one row per (user, source, tag): a source is
 * one answered question or one quiz attempt, so a replayed request inserts nothing and
 * totals are plain sums. Booleans are 0/1 integers in both dialects.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('grammar_answer')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('question_id', 'text', (c) => c.notNull())
    .addColumn('choice', 'integer', (c) => c.notNull())
    .addColumn('correct', 'integer', (c) => c.notNull())
    .addColumn('answered_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('grammar_answer_pk', ['user_id', 'question_id'])
    .execute();
  await db.schema
    .createTable('quiz_attempt')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('topic_id', 'text', (c) => c.notNull())
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('correct', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // The dashboard lists a user's attempts by date.
  await db.schema
    .createIndex('quiz_attempt_user_created')
    .on('quiz_attempt')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('topic_score')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('topic_id', 'text', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('topic_score_pk', ['user_id', 'topic_id'])
    .execute();
  await db.schema
    .createTable('points_event')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('points_event_pk', ['user_id', 'source', 'tag'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['points_event', 'topic_score', 'quiz_attempt', 'grammar_answer'])
    await db.schema.dropTable(t).execute();
}
