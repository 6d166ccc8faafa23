import { codeForStatus } from '../../../core/errors';
import {
  canChangeRole,
  canManageTeam,
  canRemoveMember,
  type InvitationView,
  type InviteResult,
  type InviteRole,
  type TeamDetail,
  type TeamRole,
  type TeamsOverview,
} from '../../../core/teams';
import type { TCreateTeam, TInvite, TRenameTeam, TRoleChange } from '../../../core/requests';
import type { Auth } from '../../auth/auth';
import type { SessionUser } from '../../auth/session';
import type { Db } from '../../db/client';
import { toDate } from '../../db/schema';
import { AppError, notFound, permissionDenied, tooManyRequests } from '../../http/errors';
import { invitationSending, mailWaitMinutes, teamCreation } from '../../auth/limits';
import { TEAM_LIMITS } from '../../../core/constants';

/**
 * Teams on Better Auth's organization plugin. Every change goes through the plugin's
 * server API (its rules: who may invite, the last owner, the invited address); reads are
 * our own queries on its tables, shaped for the pages. Before any change we look up the
 * caller's membership, so a team you are not in is 404 whatever you ask of it.
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
const PLUGIN_ERRORS: Record<string, [number, string]> = {
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

async function viaPlugin<T>(call: () => Promise<T>): Promise<T> {
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

async function membership(db: Db, slug: string, userId: string): Promise<Membership | null> {
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
function requireConfirmedAddress(user: SessionUser, toDo: string): void {
  if (!user.emailVerified)
    throw permissionDenied(
      `Confirm your email address before you ${toDo}: open the link we mailed to ` +
        `${user.email}, or send a new one from the banner at the top of the page.`,
    );
}

const minutes = (seconds: number) => {
  const m = Math.ceil(seconds / 60);
  return m === 1 ? '1 minute' : `${m} minutes`;
};

export function requireManager(m: Membership): void {
  if (!canManageTeam(m.role))
    throw permissionDenied('Only the team’s owners and admins can do this.');
}

async function activeTeamId(db: Db, user: SessionUser): Promise<string | null> {
  const row = await db
    .selectFrom('session')
    .select('activeOrganizationId')
    .where('id', '=', user.sessionId)
    .executeTakeFirst();
  return row?.activeOrganizationId ?? null;
}

const iso = (d: string | Date) => toDate(d).toISOString();
const isExpired = (expiresAt: string | Date) => toDate(expiresAt).getTime() <= Date.now();

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
  const [team, members, invitations, active] = await Promise.all([
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
  ]);
  return {
    id: me.teamId,
    name: me.teamName,
    slug: me.slug,
    createdAt: iso(team.createdAt),
    myRole: me.role,
    myMemberId: me.memberId,
    active: active === me.teamId,
    // Fellow members see each other's name, address and role only (core/teams.ts
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
  };
}

export async function invite(
  db: Db,
  call: AuthCall,
  user: SessionUser,
  slug: string,
  body: TInvite,
): Promise<InviteResult> {
  const me = await requireMembership(db, slug, user.id);
  requireManager(me);
  requireConfirmedAddress(user, 'invite anyone');
  const limit = await invitationSending(db, user.email, me.teamId);
  if (!limit.allowed)
    throw tooManyRequests(
      limit.by === 'team'
        ? `This team can send ${TEAM_LIMITS.invitationsPerTeam} invitations an hour; try again in ${minutes(limit.retryAfter)}.`
        : `You can send ${TEAM_LIMITS.invitationsPerUser} invitations an hour; try again in ${minutes(limit.retryAfter)}.`,
      limit.retryAfter,
    );
  // The invitation is made (or renewed) either way; past the per-address mail limit no mail
  // goes out, and the inviter is told when one can.
  const mailWait = await mailWaitMinutes(db, 'team-invitation', body.email);
  const invitation = await viaPlugin(() =>
    call.auth.api.createInvitation({
      // Inviting an address again sends the mail again (and keeps one pending invitation).
      body: { email: body.email, role: body.role, organizationId: me.teamId, resend: true },
      headers: call.headers,
    }),
  );
  return mailWait === 0
    ? { id: invitation.id, mailed: true }
    : { id: invitation.id, mailed: false, mailWait };
}

async function pendingInvitationOf(db: Db, teamId: string, id: string) {
  const row = await db
    .selectFrom('invitation')
    .select('id')
    .where('id', '=', id)
    .where('organizationId', '=', teamId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (!row) throw notFound('This team has no open invitation with this id.');
}

export async function revokeInvitation(
  db: Db,
  call: AuthCall,
  user: SessionUser,
  slug: string,
  id: string,
): Promise<void> {
  const me = await requireMembership(db, slug, user.id);
  requireManager(me);
  await pendingInvitationOf(db, me.teamId, id);
  await viaPlugin(() =>
    call.auth.api.cancelInvitation({ body: { invitationId: id }, headers: call.headers }),
  );
}

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
  await dropPicks(db, me.teamId, user.id);
  await withdrawInvitationsBy(db, me.teamId, user.id);
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
  await dropPicks(db, me.teamId, target.userId);
  await withdrawInvitationsBy(db, me.teamId, target.userId);
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
}

export async function activateTeam(
  db: Db,
  call: AuthCall,
  user: SessionUser,
  slug: string,
): Promise<void> {
  const me = await requireMembership(db, slug, user.id);
  await viaPlugin(() =>
    call.auth.api.setActiveOrganization({
      body: { organizationId: me.teamId },
      headers: call.headers,
    }),
  );
}

/** An invitation as its recipient sees it; anyone else signed in gets 403, unknown ids 404. */
export async function invitationFor(
  db: Db,
  user: SessionUser,
  id: string,
): Promise<InvitationView> {
  const row = await db
    .selectFrom('invitation as i')
    .innerJoin('organization as o', 'o.id', 'i.organizationId')
    .innerJoin('user as u', 'u.id', 'i.inviterId')
    .select([
      'i.id',
      'i.email',
      'i.role',
      'i.status',
      'i.expiresAt',
      'o.name as teamName',
      'o.slug as teamSlug',
      'u.name as inviterName',
      'u.email as inviterEmail',
    ])
    .where('i.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(PLUGIN_ERRORS.INVITATION_NOT_FOUND![1]);
  if (row.email.toLowerCase() !== user.email.toLowerCase())
    throw permissionDenied(PLUGIN_ERRORS.YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION![1]);
  const status =
    row.status === 'pending' && isExpired(row.expiresAt)
      ? 'expired'
      : (row.status as InvitationView['status']);
  return {
    id: row.id,
    teamName: row.teamName,
    teamSlug: row.teamSlug,
    inviterName: row.inviterName,
    inviterEmail: row.inviterEmail,
    email: row.email,
    role: (row.role ?? 'member') as InviteRole,
    status,
    expiresAt: iso(row.expiresAt),
  };
}

async function requireOpen(db: Db, user: SessionUser, id: string): Promise<InvitationView> {
  const view = await invitationFor(db, user, id);
  if (view.status !== 'pending')
    throw new AppError(
      'failed-precondition',
      view.status === 'expired'
        ? 'This invitation has expired. Ask the team for a new one.'
        : 'This invitation has already been answered or withdrawn.',
    );
  return view;
}

export async function acceptInvitation(
  db: Db,
  call: AuthCall,
  user: SessionUser,
  id: string,
): Promise<{ slug: string }> {
  const view = await requireOpen(db, user, id);
  try {
    await viaPlugin(() =>
      call.auth.api.acceptInvitation({ body: { invitationId: id }, headers: call.headers }),
    );
  } catch (err) {
    // Two accepts at once (two tabs, two app servers): the unique (team, user) index lets
    // one membership in; the other is told so instead of getting the database's error.
    if (err instanceof AppError || !(await membership(db, view.teamSlug, user.id))) throw err;
    throw new AppError('already-exists', 'You are already in this team.');
  }
  return { slug: view.teamSlug };
}

export async function declineInvitation(
  db: Db,
  call: AuthCall,
  user: SessionUser,
  id: string,
): Promise<void> {
  await requireOpen(db, user, id);
  await viaPlugin(() =>
    call.auth.api.rejectInvitation({ body: { invitationId: id }, headers: call.headers }),
  );
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
 * Before an account goes: teams it is the last owner of pass to their longest-standing
 * admin (else member), and teams it is alone in are deleted. Its memberships go with the
 * user row (ON DELETE CASCADE); nobody else's learning data is touched.
 */
export async function handOverTeams(db: Db, userId: string): Promise<void> {
  const owned = await db
    .selectFrom('member')
    .select('organizationId')
    .where('userId', '=', userId)
    .where('role', '=', 'owner')
    .execute();
  for (const { organizationId } of owned) {
    const others = await db
      .selectFrom('member')
      .select(['id', 'role'])
      .where('organizationId', '=', organizationId)
      .where('userId', '!=', userId)
      .orderBy('createdAt')
      .orderBy('id')
      .execute();
    if (others.some((m) => m.role === 'owner')) continue;
    const heir = others.find((m) => m.role === 'admin') ?? others[0];
    if (heir)
      await db.updateTable('member').set({ role: 'owner' }).where('id', '=', heir.id).execute();
    else await db.deleteFrom('organization').where('id', '=', organizationId).execute();
  }
}
