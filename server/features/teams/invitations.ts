import {
  TEAM_NAME_MAX,
  type BulkInviteResult,
  type InvitationPreview,
  type InvitationView,
  type InviteResult,
  type InviteRole,
} from '../../../core/teams/teams';
import { INVITER_NAME_SHOWN, shownName, splitAddressList } from '../../../core/teams/onboarding';
import type { TBulkInvite, TInvite } from '../../../core/requests';
import { isEmailAddress } from '../../../core/account/email';
import type { SessionUser } from '../../auth/session';
import type { Db } from '../../db/client';
import { AppError, notFound, permissionDenied, tooManyRequests } from '../../http/errors';
import { invitationSending, mailWaitMinutes } from '../../auth/limits';
import { TEAM_LIMITS } from '../../../core/limits';
import {
  iso,
  isExpired,
  membership,
  minutes,
  PLUGIN_ERRORS,
  requireConfirmedAddress,
  requireManager,
  requireMembership,
  setActiveTeam,
  viaPlugin,
  type AuthCall,
} from './access';

/**
 * Invitations: a team's owners and admins send and revoke them; the invited address sees,
 * accepts or declines its own.
 */

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

/**
 * Invites every address pasted in one box: each checked on its own, and the answer says
 * which were invited, which were already members or invited, and which were not addresses.
 * Each invitation counts against the hourly limits as a single one does; past them the rest
 * are listed as not sent, with the wait.
 */
export async function inviteMany(
  db: Db,
  call: AuthCall,
  user: SessionUser,
  slug: string,
  body: TBulkInvite,
): Promise<BulkInviteResult> {
  const me = await requireMembership(db, slug, user.id);
  requireManager(me);
  requireConfirmedAddress(user, 'invite anyone');
  const result: BulkInviteResult = {
    invited: [],
    invitedWithoutMail: [],
    alreadyMembers: [],
    alreadyInvited: [],
    invalid: [],
    notSent: null,
  };
  const valid: string[] = [];
  for (const address of splitAddressList(body.emails))
    if (isEmailAddress(address)) valid.push(address.toLowerCase());
    else result.invalid.push(address);
  if (valid.length === 0) return result;
  const [members, pending] = await Promise.all([
    db
      .selectFrom('member as m')
      .innerJoin('user as u', 'u.id', 'm.userId')
      .select('u.email')
      .where('m.organizationId', '=', me.teamId)
      .execute(),
    db
      .selectFrom('invitation')
      .select(['email', 'expiresAt'])
      .where('organizationId', '=', me.teamId)
      .where('status', '=', 'pending')
      .where('email', 'in', valid)
      .execute(),
  ]);
  const memberSet = new Set(members.map((m) => m.email.toLowerCase()));
  const pendingSet = new Set(pending.filter((p) => !isExpired(p.expiresAt)).map((p) => p.email));
  const toInvite: string[] = [];
  for (const email of valid)
    if (memberSet.has(email)) result.alreadyMembers.push(email);
    else if (pendingSet.has(email)) result.alreadyInvited.push(email);
    else toInvite.push(email);
  for (const [i, email] of toInvite.entries()) {
    const limit = await invitationSending(db, user.email, me.teamId);
    if (!limit.allowed) {
      result.notSent = {
        emails: toInvite.slice(i),
        retryAfter: limit.retryAfter,
        message:
          limit.by === 'team'
            ? `This team can send ${TEAM_LIMITS.invitationsPerTeam} invitations an hour; invite the rest in ${minutes(limit.retryAfter)}.`
            : `You can send ${TEAM_LIMITS.invitationsPerUser} invitations an hour; invite the rest in ${minutes(limit.retryAfter)}.`,
      };
      break;
    }
    const mailWait = await mailWaitMinutes(db, 'team-invitation', email);
    await viaPlugin(() =>
      call.auth.api.createInvitation({
        body: { email, role: body.role, organizationId: me.teamId, resend: true },
        headers: call.headers,
      }),
    );
    (mailWait === 0 ? result.invited : result.invitedWithoutMail).push(email);
  }
  return result;
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

function invitationRow(db: Db, id: string) {
  return db
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
}

const statusOf = (row: { status: string; expiresAt: string | Date }) =>
  row.status === 'pending' && isExpired(row.expiresAt)
    ? 'expired'
    : (row.status as InvitationView['status']);

/**
 * An invitation as the signed-out page shows it to whoever holds the link (the id reaches
 * only the invited mailbox): the facts its mail gives, names through `shownName`. Unknown
 * ids 404.
 */
export async function invitationPreview(db: Db, id: string): Promise<InvitationPreview> {
  const row = await invitationRow(db, id);
  if (!row) throw notFound(PLUGIN_ERRORS.INVITATION_NOT_FOUND![1]);
  return {
    teamName: shownName(row.teamName, TEAM_NAME_MAX),
    inviterName: shownName(row.inviterName, INVITER_NAME_SHOWN),
    inviterEmail: row.inviterEmail,
    email: row.email,
    role: (row.role ?? 'member') as InviteRole,
    status: statusOf(row),
    expiresAt: iso(row.expiresAt),
  };
}

/** An invitation as its recipient sees it; anyone else signed in gets 403, unknown ids 404. */
export async function invitationFor(
  db: Db,
  user: SessionUser,
  id: string,
): Promise<InvitationView> {
  const row = await invitationRow(db, id);
  if (!row) throw notFound(PLUGIN_ERRORS.INVITATION_NOT_FOUND![1]);
  if (row.email.toLowerCase() !== user.email.toLowerCase())
    throw permissionDenied(PLUGIN_ERRORS.YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION![1]);
  const status = statusOf(row);
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
  // The team joined becomes the active one, on every device.
  const joined = await membership(db, view.teamSlug, user.id);
  if (joined) await setActiveTeam(db, user.id, joined.teamId);
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
