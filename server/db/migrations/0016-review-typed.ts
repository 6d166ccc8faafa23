import type { Kysely } from 'kysely';

/**
 * Typed recall in review (issue 27): `review_log.typed` keeps what the learner typed for a
 * card that asked for the word. Such a row has `choice_index` and `correct_index` -1: they
 * are NOT NULL from 0007, and a typed card has no options. Null for every choice answer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('review_log').addColumn('typed', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('review_log').dropColumn('typed').execute();
}
