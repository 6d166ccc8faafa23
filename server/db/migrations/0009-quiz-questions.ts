import type { Kysely } from 'kysely';

/**
 * A topic quiz asks a rotating subset of the topic's bank (core/grammar/quiz-pick.ts), so an
 * attempt records which questions it asked: a JSON array of ids, in order. Attempts made
 * before rotation asked every question and keep null.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('quiz_attempt').addColumn('question_ids', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('quiz_attempt').dropColumn('question_ids').execute();
}
