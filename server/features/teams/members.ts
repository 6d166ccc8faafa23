import {
  canChangeRole,
  canManageTeam,
  canRemoveMember,
  type OwnedTeam,
  type OwnedTeamDecision,
  type TeamRole,
} from '../../../core/teams/teams';
import type { TRoleChange } from '../../../core/requests';
import type { SessionUser } from '../../auth/session';
import type { Db } from '../../db/client';
import { AppError, notFound, permissionDenied } from '../../http/errors';
import {
  clearActiveTeam,
  iso,
  requireManager,
  requireMembership,
  viaPlugin,
  type AuthCall,
} from './access';

/**
 * A team's members: roles, leaving and removal, and what goes with a membership when it
 * ends. Also what a person's teams hold of them: the work set for them, their export, and
 * the hand-over of teams when their account goes.
 */

export async function changeRole(
  db: Db,
  call: AuthCall,
  user: SessionUser,
  slug: string,
  memberId: string,
  body: TRoleChange,
): Promise<void> {
  const me = await requireMembership(db, slug, user.id);
  requireManager(me);
  const target = await db
    .selectFrom('member')
    .select(['role', 'userId'])
    .where('id', '=', memberId)
    .where('organizationId', '=', me.teamId)
    .executeTakeFirst();
  if (!target) throw notFound('This team has no member with this id.');
  if (!canChangeRole(me.role, target.role as TeamRole, body.role))
    throw permissionDenied('Only an owner can change an owner’s role or make someone owner.');
  await viaPlugin(() =>
    call.auth.api.updateMemberRole({
      body: { memberId, role: body.role, organizationId: me.teamId },
      headers: call.headers,
    }),
  );
  if (!canManageTeam(body.role)) await withdrawInvitationsBy(db, me.teamId, target.userId);
}

export async function leaveTeam(
  db: Db,
  call: AuthCall,
  user: SessionUser,
  slug: string,
): Promise<void> {
  const me = await requireMembership(db, slug, user.id);
  await viaPlugin(() =>
    call.auth.api.leaveOrganization({
      body: { organizationId: me.teamId },
      headers: call.headers,
    }),
  );
  await endMembership(db, me.teamId, user.id);
}

/**
 * What goes when someone leaves a team or is removed: it as their active team, its picks of
 * them, and their invitations.
 */
async function endMembership(db: Db, teamId: string, userId: string): Promise<void> {
  await clearActiveTeam(db, teamId, userId);
  await dropPicks(db, teamId, userId);
  await withdrawInvitationsBy(db, teamId, userId);
}

/**
 * The team's picks of someone (assignments set for chosen members) go with their membership,
 * whether they left or were removed: the team's view of them ends there.
 */
async function dropPicks(db: Db, teamId: string, userId: string): Promise<void> {
  await db
    .deleteFrom('team_assignment_member')
    .where('user_id', '=', userId)
    .where('assignment_id', 'in', (eb) =>
      eb.selectFrom('team_assignment').select('id').where('team_id', '=', teamId),
    )
    .execute();
}

/**
 * An owner or admin removes a member (by membership id) from the team. Their own learning
 * stays theirs; the team's picks of them go, as when they leave. Removing yourself is
 * leaving, which has its own route and rules.
 */
export async function removeMember(
  db: Db,
  call: AuthCall,
  user: SessionUser,
  slug: string,
  memberId: string,
): Promise<void> {
  const me = await requireMembership(db, slug, user.id);
  requireManager(me);
  const target = await db
    .selectFrom('member')
    .select(['role', 'userId'])
    .where('id', '=', memberId)
    .where('organizationId', '=', me.teamId)
    .executeTakeFirst();
  if (!target) throw notFound('This team has no member with this id.');
  if (target.userId === user.id)
    throw new AppError('failed-precondition', 'To leave the team yourself, use Leave team.');
  if (!canRemoveMember(me.role, target.role as TeamRole))
    throw permissionDenied('Only an owner can remove an owner.');
  await viaPlugin(() =>
    call.auth.api.removeMember({
      body: { memberIdOrEmail: memberId, organizationId: me.teamId },
      headers: call.headers,
    }),
  );
  await endMembership(db, me.teamId, target.userId);
}

/**
 * The open invitations someone sent for a team are withdrawn (as a revoke does) once they
 * may no longer invite: removed, gone or no longer an owner or admin. An invitation speaks
 * for the team only while its sender could still send it.
 */
async function withdrawInvitationsBy(db: Db, teamId: string, userId: string): Promise<void> {
  await db
    .updateTable('invitation')
    .set({ status: 'canceled' })
    .where('organizationId', '=', teamId)
    .where('inviterId', '=', userId)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * The assignments a user's teams set them: for the whole team, or for them by name. Only
 * teams they are in now (a team they left no longer reaches them). Callers order it.
 */
export function assignedTo(db: Db, userId: string) {
  return db
    .selectFrom('team_assignment as a')
    .innerJoin('member as m', (j) =>
      j.onRef('m.organizationId', '=', 'a.team_id').on('m.userId', '=', userId),
    )
    .innerJoin('organization as o', 'o.id', 'a.team_id')
    .leftJoin('team_assignment_member as p', (j) =>
      j.onRef('p.assignment_id', '=', 'a.id').on('p.user_id', '=', userId),
    )
    .selectAll('a')
    .select(['o.name as teamName', 'o.slug as teamSlug'])
    .where((eb) => eb.or([eb('a.everyone', '=', 1), eb('p.user_id', 'is not', null)]));
}

/**
 * The user's memberships, the invitations sent to their address (once it is confirmed) and
 * the work their teams set them (for the whole team or for them), for the export.
 */
export async function teamsExport(db: Db, user: SessionUser) {
  const [memberships, invitations, assignments] = await Promise.all([
    db
      .selectFrom('member as m')
      .innerJoin('organization as o', 'o.id', 'm.organizationId')
      .select(['o.name', 'o.slug', 'm.role', 'm.createdAt'])
      .where('m.userId', '=', user.id)
      .orderBy('m.createdAt')
      .execute(),
    // As on the Teams page: only to a confirmed address, which anyone could have signed up with.
    user.emailVerified
      ? db
          .selectFrom('invitation as i')
          .innerJoin('organization as o', 'o.id', 'i.organizationId')
          .select(['o.name', 'o.slug', 'i.role', 'i.status', 'i.createdAt', 'i.expiresAt'])
          .where('i.email', '=', user.email.toLowerCase())
          .orderBy('i.createdAt')
          .execute()
      : Promise.resolve([]),
    assignedTo(db, user.id).orderBy('a.created_at').orderBy('a.id').execute(),
  ]);
  return {
    teamMemberships: memberships.map((m) => ({
      team: m.name,
      slug: m.slug,
      role: m.role,
      joinedAt: iso(m.createdAt),
    })),
    teamInvitations: invitations.map((i) => ({
      team: i.name,
      slug: i.slug,
      role: i.role,
      status: i.status,
      sentAt: iso(i.createdAt),
      expiresAt: iso(i.expiresAt),
    })),
    teamAssignments: assignments.map((a) => ({
      team: a.teamName,
      slug: a.teamSlug,
      kind: a.kind,
      content: a.content_id,
      dueOn: a.due_on,
      note: a.note,
      assignedAt: a.created_at,
    })),
  };
}

/**
 * The teams the account is the only owner of, with whom each could pass to: what the account
 * deletion dialog asks about (docs/decisions/040-team-onboarding.md).
 */
export async function soleOwnedTeams(db: Db, userId: string): Promise<OwnedTeam[]> {
  const owned = await db
    .selectFrom('member as m')
    .innerJoin('organization as o', 'o.id', 'm.organizationId')
    .select(['o.id', 'o.name', 'o.slug'])
    .where('m.userId', '=', userId)
    .where('m.role', '=', 'owner')
    .orderBy('o.name')
    .execute();
  const teams: OwnedTeam[] = [];
  for (const team of owned) {
    const [others, pending] = await Promise.all([
      db
        .selectFrom('member as m')
        .innerJoin('user as u', 'u.id', 'm.userId')
        .select(['m.userId', 'u.name', 'u.email', 'm.role'])
        .where('m.organizationId', '=', team.id)
        .where('m.userId', '!=', userId)
        .orderBy('m.createdAt')
        .orderBy('m.id')
        .execute(),
      db
        .selectFrom('invitation')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('organizationId', '=', team.id)
        .where('status', '=', 'pending')
        .executeTakeFirst(),
    ]);
    if (others.some((m) => m.role === 'owner')) continue;
    teams.push({
      slug: team.slug,
      name: team.name,
      others: others.map((m) => ({ ...m, role: m.role as TeamRole })),
      pendingInvitations: Number(pending?.n ?? 0),
    });
  }
  return teams;
}

/**
 * Before an account goes, each team it is the only owner of is handed over to the member
 * the owner named, or deleted, as `decisions` say; a team it is alone in is deleted. A team
 * without a decision is 409 and nothing changes (the caller runs this first in its
 * transaction). The open invitations the account sent stay open: in a team it owned they pass
 * to the new owner (or another owner), so an invitee who signs up afterward can still join;
 * those it sent as an admin are withdrawn, as when an admin leaves (decision 034), but kept
 * (under an owner) so the invitee reads that, not "No such invitation". Its memberships go
 * with the user row (ON DELETE CASCADE); nobody else's learning data is touched.
 */
export async function handOverTeams(
  db: Db,
  userId: string,
  decisions: readonly OwnedTeamDecision[],
): Promise<void> {
  const sole = await soleOwnedTeams(db, userId);
  const undecided = sole.filter(
    (t) => t.others.length > 0 && !decisions.some((d) => d.slug === t.slug),
  );
  if (undecided.length > 0)
    throw new AppError(
      'aborted',
      `You are the only owner of ${undecided.map((t) => `“${t.name}”`).join(', ')}. Choose who takes over each team, or delete it, before you delete your account.`,
      { status: 409 },
    );
  for (const team of sole) {
    const decision = decisions.find((d) => d.slug === team.slug);
    const teamId = await teamIdOf(db, team.slug);
    if (team.others.length === 0 || decision?.action === 'delete') {
      await db.deleteFrom('organization').where('id', '=', teamId).execute();
      await clearActiveTeam(db, teamId);
      continue;
    }
    const heir = team.others.find((m) => m.userId === (decision as { to: string }).to);
    if (!heir)
      throw new AppError(
        'aborted',
        `Choose a member of “${team.name}” to take it over; the one chosen is no longer in it.`,
        { status: 409 },
      );
    await db
      .updateTable('member')
      .set({ role: 'owner' })
      .where('organizationId', '=', teamId)
      .where('userId', '=', heir.userId)
      .execute();
  }
  // Every team the account is still in (the deleted ones are gone): its open invitations pass
  // to an owner who stays.
  const still = await db
    .selectFrom('member')
    .select(['organizationId', 'role'])
    .where('userId', '=', userId)
    .execute();
  for (const { organizationId, role } of still) {
    const owner = await db
      .selectFrom('member')
      .select('userId')
      .where('organizationId', '=', organizationId)
      .where('userId', '!=', userId)
      .where('role', '=', 'owner')
      .orderBy('createdAt')
      .orderBy('id')
      .executeTakeFirst();
    if (!owner) continue; // no other owner: the invitations go with the account
    await db
      .updateTable('invitation')
      .set(
        role === 'owner'
          ? { inviterId: owner.userId }
          : { inviterId: owner.userId, status: 'canceled' },
      )
      .where('organizationId', '=', organizationId)
      .where('inviterId', '=', userId)
      .where('status', '=', 'pending')
      .execute();
  }
}

async function teamIdOf(db: Db, slug: string): Promise<string> {
  const row = await db
    .selectFrom('organization')
    .select('id')
    .where('slug', '=', slug)
    .executeTakeFirstOrThrow();
  return row.id;
}
