import {
  canManageTeam,
  type InviteRole,
  type TeamDetail,
  type TeamRole,
  type TeamsOverview,
} from '../../../core/teams/teams';
import type { TCreateTeam, TRenameTeam } from '../../../core/requests';
import type { SessionUser } from '../../auth/session';
import type { Db } from '../../db/client';
import { AppError, permissionDenied, tooManyRequests } from '../../http/errors';
import { teamCreation } from '../../auth/limits';
import { TEAM_LIMITS } from '../../../core/limits';
import {
  activeTeamId,
  clearActiveTeam,
  iso,
  isExpired,
  minutes,
  PLUGIN_ERRORS,
  requireConfirmedAddress,
  requireManager,
  requireMembership,
  setActiveTeam,
  viaPlugin,
  type AuthCall,
} from './access';
import { joinLinkOf } from './join-links';

/**
 * Teams themselves: yours, a new one, its name, its page, deleting it, the active one (the
 * account's, kept as a profile field: access.ts activeTeam).
 */

export async function listTeams(db: Db, user: SessionUser): Promise<TeamsOverview> {
  const [teams, invitations, active] = await Promise.all([
    db
      .selectFrom('member as m')
      .innerJoin('organization as o', 'o.id', 'm.organizationId')
      .select((eb) => [
        'o.id',
        'o.name',
        'o.slug',
        'm.role',
        eb
          .selectFrom('member as all')
          .select((e) => e.fn.countAll<number | string>().as('n'))
          .whereRef('all.organizationId', '=', 'o.id')
          .as('members'),
      ])
      .where('m.userId', '=', user.id)
      .orderBy('o.name')
      .execute(),
    // Only to a confirmed address: the list carries invitation ids, which are all accepting
    // needs, and anyone can sign up unconfirmed with someone else's address.
    user.emailVerified
      ? db
          .selectFrom('invitation as i')
          .innerJoin('organization as o', 'o.id', 'i.organizationId')
          .innerJoin('user as u', 'u.id', 'i.inviterId')
          .select(['i.id', 'o.name as teamName', 'u.name as inviterName', 'i.role', 'i.expiresAt'])
          .where('i.email', '=', user.email.toLowerCase())
          .where('i.status', '=', 'pending')
          .orderBy('i.createdAt', 'desc')
          .execute()
      : Promise.resolve([]),
    activeTeamId(db, user),
  ]);
  return {
    teams: teams.map((t) => ({
      id: t.id,
      name: t.name,
      slug: t.slug,
      role: t.role as TeamRole,
      members: Number(t.members ?? 0),
      active: t.id === active,
    })),
    invitations: invitations
      .filter((i) => !isExpired(i.expiresAt))
      .map((i) => ({
        id: i.id,
        teamName: i.teamName,
        inviterName: i.inviterName,
        role: (i.role ?? 'member') as InviteRole,
        expiresAt: iso(i.expiresAt),
      })),
  };
}

export async function createTeam(
  db: Db,
  { auth, headers }: AuthCall,
  user: SessionUser,
  body: TCreateTeam,
): Promise<{ slug: string }> {
  requireConfirmedAddress(user, 'create a team');
  const taken = await db
    .selectFrom('organization')
    .select('id')
    .where('slug', '=', body.slug)
    .executeTakeFirst();
  if (taken)
    throw new AppError('already-exists', PLUGIN_ERRORS.ORGANIZATION_SLUG_ALREADY_TAKEN![1]);
  const limit = await teamCreation(db, user.email);
  if (!limit.allowed)
    throw tooManyRequests(
      `You can create ${TEAM_LIMITS.teamsPerUser} teams an hour; try again in ${minutes(limit.retryAfter)}.`,
      limit.retryAfter,
    );
  const team = await viaPlugin(() =>
    auth.api.createOrganization({ body: { name: body.name, slug: body.slug }, headers }),
  );
  if (!team) throw new AppError('internal', 'The team could not be created.');
  // A new team is its creator's active one, on every device.
  await setActiveTeam(db, user.id, team.id);
  return { slug: team.slug };
}

/** Owners and admins rename the team; its address (and every link to it) stays. */
export async function renameTeam(
  db: Db,
  call: AuthCall,
  user: SessionUser,
  slug: string,
  body: TRenameTeam,
): Promise<void> {
  const me = await requireMembership(db, slug, user.id);
  requireManager(me);
  await viaPlugin(() =>
    call.auth.api.updateOrganization({
      body: { data: { name: body.name }, organizationId: me.teamId },
      headers: call.headers,
    }),
  );
}

export async function teamDetail(db: Db, user: SessionUser, slug: string): Promise<TeamDetail> {
  const me = await requireMembership(db, slug, user.id);
  const [team, members, invitations, active, joinLink] = await Promise.all([
    db
      .selectFrom('organization')
      .select('createdAt')
      .where('id', '=', me.teamId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('member as m')
      .innerJoin('user as u', 'u.id', 'm.userId')
      .select(['m.id', 'm.userId', 'u.name', 'u.email', 'm.role', 'm.createdAt'])
      .where('m.organizationId', '=', me.teamId)
      .orderBy('m.createdAt')
      .orderBy('m.id')
      .execute(),
    canManageTeam(me.role)
      ? db
          .selectFrom('invitation as i')
          .innerJoin('user as u', 'u.id', 'i.inviterId')
          .select(['i.id', 'i.email', 'i.role', 'u.name as inviterName', 'i.expiresAt'])
          .where('i.organizationId', '=', me.teamId)
          .where('i.status', '=', 'pending')
          .orderBy('i.createdAt', 'desc')
          .execute()
      : Promise.resolve([]),
    activeTeamId(db, user),
    canManageTeam(me.role) ? joinLinkOf(db, me.teamId) : Promise.resolve(null),
  ]);
  return {
    id: me.teamId,
    name: me.teamName,
    slug: me.slug,
    createdAt: iso(team.createdAt),
    myRole: me.role,
    myMemberId: me.memberId,
    active: active === me.teamId,
    // Fellow members see each other's name, address and role only (core/teams/teams.ts
    // ADMINS_SEE); owners and admins also get the ids they act on and the joining date.
    members: members.map((m) =>
      canManageTeam(me.role) || m.userId === user.id
        ? {
            id: m.id,
            userId: m.userId,
            name: m.name,
            email: m.email,
            role: m.role as TeamRole,
            joinedAt: iso(m.createdAt),
          }
        : { name: m.name, email: m.email, role: m.role as TeamRole },
    ),
    invitations: invitations
      .filter((i) => !isExpired(i.expiresAt))
      .map((i) => ({
        id: i.id,
        email: i.email,
        role: (i.role ?? 'member') as InviteRole,
        inviterName: i.inviterName,
        expiresAt: iso(i.expiresAt),
      })),
    joinLink,
  };
}

export async function deleteTeam(
  db: Db,
  call: AuthCall,
  user: SessionUser,
  slug: string,
): Promise<void> {
  const me = await requireMembership(db, slug, user.id);
  if (me.role !== 'owner') throw permissionDenied('Only an owner can delete the team.');
  await viaPlugin(() =>
    call.auth.api.deleteOrganization({
      body: { organizationId: me.teamId },
      headers: call.headers,
    }),
  );
  await clearActiveTeam(db, me.teamId);
}

export async function activateTeam(
  db: Db,
  call: AuthCall,
  user: SessionUser,
  slug: string,
): Promise<void> {
  const me = await requireMembership(db, slug, user.id);
  await setActiveTeam(db, user.id, me.teamId);
}
