import { randomBytes } from 'node:crypto';
import { JOIN_TOKEN_PATTERN, type JoinLink, type JoinLinkPreview } from '../../../core/teams/teams';
import type { TJoinLinkSettings } from '../../../core/requests';
import { INVITER_NAME_SHOWN, joinDomainBlock, shownName } from '../../../core/teams/onboarding';
import type { SessionUser } from '../../auth/session';
import type { Db } from '../../db/client';
import { AppError, notFound, permissionDenied, tooManyRequests } from '../../http/errors';
import { teamJoining } from '../../auth/limits';
import { TEAM_LIMITS } from '../../../core/limits';
import {
  membership,
  minutes,
  requireManager,
  requireMembership,
  setActiveTeam,
  viaPlugin,
  type AuthCall,
} from './access';

/**
 * A team's join link (docs/decisions/040-team-onboarding.md): owners and admins turn it on,
 * restrict it to one email domain, make a new one (the old stops working) and turn it off;
 * anyone signed in who holds it joins as a member.
 */

/** 24 random bytes as 32 URL-safe characters: as unguessable as the plugin's invitation ids. */
const newToken = () => randomBytes(24).toString('base64url');

export async function joinLinkOf(db: Db, teamId: string): Promise<JoinLink | null> {
  const row = await db
    .selectFrom('team_join_link')
    .select(['token', 'email_domain', 'created_at'])
    .where('team_id', '=', teamId)
    .executeTakeFirst();
  return row
    ? { token: row.token, emailDomain: row.email_domain, createdAt: row.created_at }
    : null;
}

/** Turns the link on (a new token when it was off) or changes its domain restriction. */
export async function setJoinLink(
  db: Db,
  user: SessionUser,
  slug: string,
  body: TJoinLinkSettings,
): Promise<JoinLink> {
  const me = await requireMembership(db, slug, user.id);
  requireManager(me);
  const now = new Date().toISOString();
  await db
    .insertInto('team_join_link')
    .values({
      team_id: me.teamId,
      token: newToken(),
      email_domain: body.emailDomain,
      created_by: user.id,
      created_at: now,
    })
    .onConflict((oc) => oc.column('team_id').doUpdateSet({ email_domain: body.emailDomain }))
    .execute();
  return (await joinLinkOf(db, me.teamId))!;
}

/** A new token for the team's link; the old one stops working at once. 404 when it is off. */
export async function regenerateJoinLink(
  db: Db,
  user: SessionUser,
  slug: string,
): Promise<JoinLink> {
  const me = await requireMembership(db, slug, user.id);
  requireManager(me);
  const r = await db
    .updateTable('team_join_link')
    .set({ token: newToken(), created_by: user.id, created_at: new Date().toISOString() })
    .where('team_id', '=', me.teamId)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) throw notFound('This team’s join link is off.');
  return (await joinLinkOf(db, me.teamId))!;
}

export async function turnOffJoinLink(db: Db, user: SessionUser, slug: string): Promise<void> {
  const me = await requireMembership(db, slug, user.id);
  requireManager(me);
  await db.deleteFrom('team_join_link').where('team_id', '=', me.teamId).execute();
}

const NO_LINK =
  'This join link does not work: it may have been turned off or replaced. Ask the team for a new one.';

async function linkByToken(db: Db, token: string) {
  if (!JOIN_TOKEN_PATTERN.test(token)) throw notFound(NO_LINK);
  const row = await db
    .selectFrom('team_join_link as l')
    .innerJoin('organization as o', 'o.id', 'l.team_id')
    .select((eb) => [
      'o.id as teamId',
      'o.name as teamName',
      'o.slug as teamSlug',
      'l.email_domain',
      eb
        .selectFrom('member as m')
        .select((e) => e.fn.countAll<number | string>().as('n'))
        .whereRef('m.organizationId', '=', 'o.id')
        .as('members'),
      eb
        .selectFrom('member as m')
        .innerJoin('user as u', 'u.id', 'm.userId')
        .select('u.name')
        .whereRef('m.organizationId', '=', 'o.id')
        .where('m.role', '=', 'owner')
        .orderBy('m.createdAt')
        .limit(1)
        .as('ownerName'),
    ])
    .where('l.token', '=', token)
    .executeTakeFirst();
  if (!row) throw notFound(NO_LINK);
  return row;
}

/** What the join page shows anyone holding the link (signed in or not). */
export async function joinLinkPreview(db: Db, token: string): Promise<JoinLinkPreview> {
  const row = await linkByToken(db, token);
  return {
    teamName: row.teamName,
    members: Number(row.members ?? 0),
    emailDomain: row.email_domain,
    ownerName: row.ownerName ? shownName(row.ownerName, INVITER_NAME_SHOWN) : null,
  };
}

function domainRefusal(user: SessionUser, domain: string): string | null {
  const block = joinDomainBlock(user, domain);
  if (block === 'wrong-domain')
    return `This join link is only for addresses at ${domain}. You are signed in as ${user.email}: sign in with your ${domain} address, or ask the team for an invitation.`;
  if (block === 'unconfirmed')
    return `This join link is only for confirmed addresses at ${domain}. Open the link we mailed to ${user.email}, then join.`;
  return null;
}

/** The signed-in user joins the link's team as a member; it becomes their active team. */
export async function joinByLink(
  db: Db,
  call: AuthCall,
  user: SessionUser,
  token: string,
): Promise<{ slug: string }> {
  const link = await linkByToken(db, token);
  if (await membership(db, link.teamSlug, user.id))
    throw new AppError('already-exists', 'You are already in this team.');
  const refusal = link.email_domain ? domainRefusal(user, link.email_domain) : null;
  if (refusal) throw permissionDenied(refusal);
  const limit = await teamJoining(db, user.id);
  if (!limit.allowed)
    throw tooManyRequests(
      `You can join ${TEAM_LIMITS.joinsPerUser} teams by link an hour; try again in ${minutes(limit.retryAfter)}.`,
      limit.retryAfter,
    );
  try {
    await viaPlugin(() =>
      call.auth.api.addMember({
        body: { userId: user.id, role: 'member', organizationId: link.teamId },
      }),
    );
  } catch (err) {
    // Two joins at once: the unique (team, user) index lets one in.
    if (err instanceof AppError || !(await membership(db, link.teamSlug, user.id))) throw err;
    throw new AppError('already-exists', 'You are already in this team.');
  }
  await setActiveTeam(db, user.id, link.teamId);
  return { slug: link.teamSlug };
}
