import type { Kysely } from 'kysely';

/**
 * Team assignments (core/teams/assignments.ts): content set for a whole team, or for chosen
 * members (one row each in team_assignment_member). Both go with their team, and a member's
 * rows with their account (ON DELETE CASCADE). Nothing here refers to a learner's own
 * records: status is computed from them on read, so deleting a team or an assignment never
 * touches anyone's learning data.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('team_assignment')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('team_id', 'text', (c) =>
      c.notNull().references('organization.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('content_id', 'text', (c) => c.notNull())
    .addColumn('due_on', 'text')
    .addColumn('note', 'text')
    .addColumn('everyone', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // A team's assignments, newest first (its page, its progress, a member's Today).
  await db.schema
    .createIndex('team_assignment_team')
    .on('team_assignment')
    .columns(['team_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('team_assignment_member')
    .addColumn('assignment_id', 'text', (c) =>
      c.notNull().references('team_assignment.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('team_assignment_member_pk', ['assignment_id', 'user_id'])
    .execute();
  // "Assigned to me" looks rows up by member.
  await db.schema
    .createIndex('team_assignment_member_user')
    .on('team_assignment_member')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('team_assignment_member').execute();
  await db.schema.dropTable('team_assignment').execute();
}
