import type { Kysely } from 'kysely';

/**
 * Studying words (issue 27). `user_item.learning_at`: when a word was first marked still
 * learning (a study mode's miss, "Still learning" on a flashcard, a word missed in review);
 * with `completed_at` it gives a set's learned / learning / new. `word_set_best`: a learner's
 * best time in a set's Match game, one row per set, only ever lowered.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_item').addColumn('learning_at', 'text').execute();
  await db.schema
    .createTable('word_set_best')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('set_id', 'text', (c) => c.notNull())
    .addColumn('match_ms', 'integer', (c) => c.notNull())
    .addColumn('played_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('word_set_best_pk', ['user_id', 'set_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('word_set_best').execute();
  await db.schema.alterTable('user_item').dropColumn('learning_at').execute();
}
