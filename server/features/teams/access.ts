import { sql, type SqlBool } from 'kysely';
import { codeForStatus } from '../../../core/errors';
import { canManageTeam, type TeamRole } from '../../../core/teams/teams';
import type { Auth } from '../../auth/auth';
import type { SessionUser } from '../../auth/session';
import type { Db } from '../../db/client';
import { toDate } from '../../db/schema';
import { AppError, notFound, permissionDenied } from '../../http/errors';

/**
 * Teams on Better Auth's organization plugin. Every change goes through the plugin's
 * server API (its rules: who may invite, the last owner, the invited address); reads are
 * our own queries on its tables, shaped for the pages. Before any change we look up the
 * caller's membership, so a team you are not in is 404 whatever you ask of it.
 *
 * This file holds what every team action starts from: the caller's membership and role,
 * the plugin call and its refusals. teams.ts, members.ts and invitations.ts act on them.
 */

/** The caller's request headers: the plugin finds the session from its cookie. */
export interface AuthCall {
  auth: Auth;
  headers: Headers;
}

export interface Membership {
  teamId: string;
  teamName: string;
  slug: string;
  memberId: string;
  role: TeamRole;
}

const NO_TEAM = 'No team of yours has this address.';

/** The plugin's refusals, in our envelope with messages a person can act on. */
export const PLUGIN_ERRORS: Record<string, [number, string]> = {
  ORGANIZATION_SLUG_ALREADY_TAKEN: [409, 'Another team already uses this address.'],
  ORGANIZATION_ALREADY_EXISTS: [409, 'Another team already uses this address.'],
  USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: [409, 'This person is already in the team.'],
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER: [
    412,
    'You are the only owner: make another member owner first, or delete the team.',
  ],
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER: [
    412,
    'A team needs an owner: make another member owner first.',
  ],
  YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION: [
    403,
    'This invitation was sent to another email address. Sign in with that address to answer it.',
  ],
  INVITATION_NOT_FOUND: [404, 'This invitation does not exist or is no longer open.'],
  // Removed by someone else a moment before.
  MEMBER_NOT_FOUND: [404, 'This team has no member with this id.'],
};

export async function viaPlugin<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    const e = err as { statusCode?: unknown; body?: { code?: unknown; message?: unknown } };
    if (typeof e.statusCode !== 'number' || e.statusCode >= 500) throw err;
    const known = typeof e.body?.code === 'string' ? PLUGIN_ERRORS[e.body.code] : undefined;
    const status = known?.[0] ?? e.statusCode;
    const message =
      known?.[1] ??
      (typeof e.body?.message === 'string' ? e.body.message : 'The request was refused.');
    throw new AppError(codeForStatus(status), message, { status });
  }
}

export async function membership(db: Db, slug: string, userId: string): Promise<Membership | null> {
  const row = await db
    .selectFrom('organization as o')
    .innerJoin('member as m', 'm.organizationId', 'o.id')
    .select(['o.id as teamId', 'o.name as teamName', 'o.slug', 'm.id as memberId', 'm.role'])
    .where('o.slug', '=', slug)
    .where('m.userId', '=', userId)
    .executeTakeFirst();
  return row ? { ...row, role: row.role as TeamRole } : null;
}

export async function requireMembership(db: Db, slug: string, userId: string): Promise<Membership> {
  const m = await membership(db, slug, userId);
  if (!m) throw notFound(NO_TEAM);
  return m;
}

/**
 * Creating a team and inviting send mail in our name to addresses someone typed: only from
 * an account whose own address is confirmed, so a throwaway sign-up cannot send any.
 */
export function requireConfirmedAddress(user: SessionUser, toDo: string): void {
  if (!user.emailVerified)
    throw permissionDenied(
      `Confirm your email address before you ${toDo}: open the link we mailed to ` +
        `${user.email}, or send a new one from the banner at the top of the page.`,
    );
}

export const minutes = (seconds: number) => {
  const m = Math.ceil(seconds / 60);
  return m === 1 ? '1 minute' : `${m} minutes`;
};

export function requireManager(m: Membership): void {
  if (!canManageTeam(m.role))
    throw permissionDenied('Only the team’s owners and admins can do this.');
}

/** The profile field that keeps the account's active team (its id, as JSON). */
export const ACTIVE_TEAM_FIELD = 'activeTeam';

/**
 * The account's active team (decision 039), the same on every device, and only while the
 * user is still in it: a team left, or deleted, reads as none.
 */
export async function activeTeam(
  db: Db,
  userId: string,
): Promise<{ id: string; slug: string } | null> {
  const row = await db
    .selectFrom('profile_field as p')
    .innerJoin('member as m', (j) =>
      j
        .onRef('m.userId', '=', 'p.user_id')
        .on(sql<SqlBool>`p.value = '"' || ${sql.ref('m.organizationId')} || '"'`),
    )
    .innerJoin('organization as o', 'o.id', 'm.organizationId')
    .select(['o.id', 'o.slug'])
    .where('p.user_id', '=', userId)
    .where('p.field', '=', ACTIVE_TEAM_FIELD)
    .executeTakeFirst();
  return row ?? null;
}

export async function activeTeamId(db: Db, user: SessionUser): Promise<string | null> {
  return (await activeTeam(db, user.id))?.id ?? null;
}

/** Makes a team the account's active one; callers have checked the membership. */
export async function setActiveTeam(db: Db, userId: string, teamId: string): Promise<void> {
  const value = JSON.stringify(teamId);
  const now = new Date().toISOString();
  await db
    .insertInto('profile_field')
    .values({ user_id: userId, field: ACTIVE_TEAM_FIELD, value, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'field']).doUpdateSet({ value, updated_at: now }))
    .execute();
}

/**
 * Leaving a team, or being removed from it, ends it being the active one; a deleted team
 * (no `userId`) is no one's. Reads check the membership anyway (activeTeam).
 */
export async function clearActiveTeam(db: Db, teamId: string, userId?: string): Promise<void> {
  let query = db
    .deleteFrom('profile_field')
    .where('field', '=', ACTIVE_TEAM_FIELD)
    .where('value', '=', JSON.stringify(teamId));
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  await query.execute();
}

export const iso = (d: string | Date) => toDate(d).toISOString();
export const isExpired = (expiresAt: string | Date) => toDate(expiresAt).getTime() <= Date.now();
