import { sql, type Kysely } from 'kysely';

/**
 * Self-rated skill scores. Only rated skills have a row (the baseline of 1 is implied), and
 * the primary key makes each save one upsert. The CHECK keeps the 1–5 rule true even for
 * writes that bypass the API's validation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('skill_score')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('skill_id', 'text', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull().check(sql`score between 1 and 5`))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('skill_score_pk', ['user_id', 'skill_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('skill_score').execute();
}
