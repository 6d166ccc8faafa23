import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../client';

/**
 * Teams: the tables of Better Auth's organization plugin, named and typed as its schema
 * generator would write them (camelCase, as 0002's auth tables), plus the session's
 * active team. A team is the plugin's "organization"; its sub-teams are not enabled.
 *
 * Members and invitations go with their team (ON DELETE CASCADE, besides the plugin's own
 * deletes) and a member row with its user, so account deletion removes memberships; no
 * learning table references a team, so deleting a team never touches members' progress.
 * Later slices (assignments, team progress) reference "organization".id the same way.
 */
export function teamsMigration(dialect: Dialect) {
  const pg = dialect === 'postgres';
  const date = pg ? 'timestamptz' : 'date';
  const now = pg ? sql`CURRENT_TIMESTAMP` : null;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('organization')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('logo', 'text')
        .addColumn('createdAt', date, (c) => (now ? c.notNull().defaultTo(now) : c.notNull()))
        .addColumn('metadata', 'text')
        .execute();
      await db.schema
        .createTable('member')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('organizationId', 'text', (c) =>
          c.notNull().references('organization.id').onDelete('cascade'),
        )
        .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('createdAt', date, (c) => (now ? c.notNull().defaultTo(now) : c.notNull()))
        .execute();
      // One membership per person and team, whatever the plugin checks before inserting:
      // two app servers accepting the same invitation at once cannot add the member twice.
      await db.schema
        .createIndex('member_org_user')
        .on('member')
        .columns(['organizationId', 'userId'])
        .unique()
        .execute();
      // "My teams" (the Teams page, the export) look memberships up by user.
      await db.schema.createIndex('member_userId_idx').on('member').column('userId').execute();
      await db.schema
        .createTable('invitation')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('organizationId', 'text', (c) =>
          c.notNull().references('organization.id').onDelete('cascade'),
        )
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('role', 'text')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('expiresAt', date, (c) => c.notNull())
        .addColumn('createdAt', date, (c) => (now ? c.notNull().defaultTo(now) : c.notNull()))
        .addColumn('inviterId', 'text', (c) =>
          c.notNull().references('user.id').onDelete('cascade'),
        )
        .execute();
      // A team's pending invitations (its page), and the invitations sent to an address.
      await db.schema
        .createIndex('invitation_org_idx')
        .on('invitation')
        .column('organizationId')
        .execute();
      await db.schema
        .createIndex('invitation_email_idx')
        .on('invitation')
        .column('email')
        .execute();
      await db.schema
        .alterTable('session')
        .addColumn('activeOrganizationId', 'text', (c) =>
          c.references('organization.id').onDelete('set null'),
        )
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('session').dropColumn('activeOrganizationId').execute();
      for (const t of ['invitation', 'member', 'organization'])
        await db.schema.dropTable(t).execute();
    },
  };
}
