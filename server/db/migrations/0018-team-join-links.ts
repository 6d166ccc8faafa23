import type { Kysely } from 'kysely';

/**
 * A team's join link (docs/decisions/040-team-onboarding.md): at most one per team, on
 * while its row exists. The token is the link's secret (random, 192 bits), unique across
 * teams; `email_domain` restricts who may join by it. It goes with its team.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('team_join_link')
    .addColumn('team_id', 'text', (c) =>
      c.primaryKey().references('organization.id').onDelete('cascade'),
    )
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('email_domain', 'text')
    .addColumn('created_by', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('team_join_link').execute();
}
