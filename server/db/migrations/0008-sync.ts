import type { Kysely } from 'kysely';

/**
 * Client operations applied through `/api/sync` (guest progress merged on sign-in, and the
 * offline outbox). Each op carries an id the browser made; its row is written in the same
 * transaction as the op's effect, so a replayed batch — a lost response, a second tab, a
 * second sign-in — returns the stored result and changes nothing. `result` is JSON text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('client_op')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('op_id', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('client_op_pk', ['user_id', 'op_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('client_op').execute();
}
