import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BulkInviteResult,
  type InvitationPreview,
  type JoinLink,
  type JoinLinkPreview,
  type OwnedTeam,
  type TeamDetail,
} from '../../../core/teams/teams';
import { BULK_INVITE_MAX, shownName, teamNameProblem } from '../../../core/teams/onboarding';
import { TEAM_LIMITS } from '../../../core/limits';
import { startTestServer, testDialect, type TestServer } from '../../test/support';
import { createUser, jsonCall, latestMailLink, uniqueEmail, verifyEmail } from '../../test/users';
import { teamFixtures } from './team-fixtures';

/**
 * Issue 29's team onboarding (docs/decisions/040-team-onboarding.md): mails and the
 * signed-out invitation page that name the team and who invited, bulk invitations, the
 * join link, and an owner's account deletion that asks what happens to each team.
 */

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ env: { TRUSTED_PROXIES: '127.0.0.1' } });
});
afterAll(() => t.close());
const call = jsonCall(() => t);
const { ok, refused, join, teamWith, newSlug } = teamFixtures(() => t);
type User = Awaited<ReturnType<typeof createUser>>;

async function team(owner: User, name = 'Acme Learning') {
  const slug = newSlug();
  await ok(call(owner.cookie, 'POST', '/api/teams', { name, slug }), 201);
  return slug;
}
const invitationId = async (email: string) =>
  new URL(await latestMailLink(t, email, 'team-invitation')).pathname.split('/').pop()!;

describe(`team onboarding (${testDialect})`, () => {
  it('the invitation mail and the signed-out page name the team and the inviter with the confirmed address', async () => {
    const owner = await createUser(t, { name: 'Olga Owner', verified: true });
    const slug = await team(owner);
    const email = uniqueEmail('new-hire');
    await ok(
      call(owner.cookie, 'POST', `/api/teams/${slug}/invitations`, { email, role: 'member' }),
      201,
    );
    const mail = await t.db.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Join “Acme Learning” on Skillway');
    expect(mail.text_body).toContain(
      `Olga Owner (${owner.email}) invited you to join “Acme Learning” on Skillway`,
    );
    expect(mail.html_body).toContain(`Olga Owner (${owner.email})`);
    // The one link is this server's.
    const links = [...(mail.html_body ?? '').matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(links).toEqual([mail.link]);
    expect(mail.link?.startsWith(`${t.config.appUrl}/teams/invitations/`)).toBe(true);

    const id = await invitationId(email);
    // Anyone holding the link (the invited mailbox) sees what the mail said, signed out too.
    expect(
      await ok<InvitationPreview>(call(null, 'GET', `/api/teams/invitations/${id}/preview`)),
    ).toEqual({
      teamName: 'Acme Learning',
      inviterName: 'Olga Owner',
      inviterEmail: owner.email,
      email,
      role: 'member',
      status: 'pending',
      expiresAt: expect.any(String),
    });
    await refused(call(null, 'GET', '/api/teams/invitations/no-such-id/preview'), 404);
  });

  it('refuses link-like, control and direction characters in team names; mails leave out such names', async () => {
    const owner = await createUser(t, { name: 'Olga Owner', verified: true });
    for (const name of [
      'Visit paypal.com now',
      'https://evil.example',
      'www.evil team',
      'Team\u202egnp.exe',
      'Line\nbreak',
      'Pay at evil．com',
    ]) {
      const error = await refused(
        call(owner.cookie, 'POST', '/api/teams', { name, slug: newSlug() }),
        400,
      );
      expect(error.message).toMatch(/web address|control or text-direction/);
    }
    expect(teamNameProblem('St. Louis sales')).toBeNull();
    expect(teamNameProblem('Release 2.0 crew')).toBeNull();
    const slug = await team(owner, 'Sales team');
    await refused(
      call(owner.cookie, 'PATCH', `/api/teams/${slug}`, { name: 'go to evil.com' }),
      400,
    );

    // A name stored before the rule (or an inviter's display name) that looks like a link is
    // left out: the mail names the confirmed address and "a team" instead.
    const sly = await createUser(t, { name: 'Support at evil.com', verified: true });
    const slySlug = await team(sly, 'Old team');
    await t.db.db
      .updateTable('organization')
      .set({ name: 'Claim your prize at evil.com' })
      .where('slug', '=', slySlug)
      .execute();
    const email = uniqueEmail('target');
    await ok(
      call(sly.cookie, 'POST', `/api/teams/${slySlug}/invitations`, { email, role: 'member' }),
      201,
    );
    const mail = await t.db.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('You are invited to a team on Skillway');
    expect(mail.text_body).not.toContain('evil.com');
    expect(mail.text_body).toContain(`${sly.email} invited you to join a team`);
    const preview = await ok<InvitationPreview>(
      call(null, 'GET', `/api/teams/invitations/${await invitationId(email)}/preview`),
    );
    expect(preview).toMatchObject({ teamName: null, inviterName: null, inviterEmail: sly.email });
    // Long names are cut.
    expect(shownName('A'.repeat(50), 40)).toHaveLength(40);
  });

  it('invites many pasted addresses at once and says what happened to each', async () => {
    const { slug, owner, member } = await teamWith();
    const pendingEmail = uniqueEmail('pending');
    await ok(
      call(owner.cookie, 'POST', `/api/teams/${slug}/invitations`, {
        email: pendingEmail,
        role: 'member',
      }),
      201,
    );
    const a = uniqueEmail('a');
    const b = uniqueEmail('b');
    const c = uniqueEmail('c');
    const result = await ok<BulkInviteResult>(
      call(owner.cookie, 'POST', `/api/teams/${slug}/invitations/bulk`, {
        emails: `${a}, ${b.toUpperCase()}\n${c}; not-an-address ${member.email}\n${pendingEmail} <${a}>`,
        role: 'member',
      }),
    );
    expect(result).toEqual({
      invited: [a, b, c],
      invitedWithoutMail: [],
      alreadyMembers: [member.email],
      alreadyInvited: [pendingEmail],
      invalid: ['not-an-address'],
      notSent: null,
    });
    for (const to of [a, b, c])
      expect(await latestMailLink(t, to, 'team-invitation')).toContain('/teams/invitations/');
    const detail = await ok<TeamDetail>(call(owner.cookie, 'GET', `/api/teams/${slug}`));
    expect(detail.invitations.map((i) => i.email).sort()).toEqual([a, b, c, pendingEmail].sort());

    // Bounded per request, and for managers only; nothing is sent then.
    const many = Array.from({ length: BULK_INVITE_MAX + 1 }, (_, i) => `p${i}@example.com`).join(
      '\n',
    );
    const error = await refused(
      call(owner.cookie, 'POST', `/api/teams/${slug}/invitations/bulk`, {
        emails: many,
        role: 'member',
      }),
      400,
    );
    expect(error.message).toContain(`At most ${BULK_INVITE_MAX} addresses`);
    await refused(
      call(owner.cookie, 'POST', `/api/teams/${slug}/invitations/bulk`, {
        emails: ' , ',
        role: 'member',
      }),
      400,
    );
    await refused(
      call(member.cookie, 'POST', `/api/teams/${slug}/invitations/bulk`, {
        emails: uniqueEmail(),
        role: 'member',
      }),
      403,
    );
    expect(
      await t.db.db
        .selectFrom('invitation')
        .select('id')
        .where('email', '=', 'p0@example.com')
        .execute(),
    ).toEqual([]);
  });

  it('stops at the hourly invitation limit and lists the rest as not sent', async () => {
    const owner = await createUser(t, { name: 'Olga Owner', verified: true });
    const slug = await team(owner);
    const emails = Array.from({ length: TEAM_LIMITS.invitationsPerUser + 2 }, () =>
      uniqueEmail('bulk'),
    );
    const result = await ok<BulkInviteResult>(
      call(owner.cookie, 'POST', `/api/teams/${slug}/invitations/bulk`, {
        emails: emails.join(' '),
        role: 'member',
      }),
    );
    expect(result.invited).toEqual(emails.slice(0, TEAM_LIMITS.invitationsPerUser));
    expect(result.notSent?.emails).toEqual(emails.slice(TEAM_LIMITS.invitationsPerUser));
    expect(result.notSent?.message).toMatch(/invite the rest in \d+ minutes/);
  });

  it('a join link: turned on, restricted by domain, regenerated and turned off by managers', async () => {
    const { slug, owner, admin, member } = await teamWith();
    await refused(
      call(member.cookie, 'PUT', `/api/teams/${slug}/join-link`, { emailDomain: null }),
      403,
    );
    await refused(call(null, 'PUT', `/api/teams/${slug}/join-link`, { emailDomain: null }), 401);
    await refused(
      call(owner.cookie, 'PUT', `/api/teams/${slug}/join-link`, { emailDomain: 'not a domain' }),
      400,
    );
    expect(
      (await ok<TeamDetail>(call(owner.cookie, 'GET', `/api/teams/${slug}`))).joinLink,
    ).toBeNull();

    const link = await ok<JoinLink>(
      call(admin.cookie, 'PUT', `/api/teams/${slug}/join-link`, { emailDomain: null }),
    );
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(
      (await ok<TeamDetail>(call(owner.cookie, 'GET', `/api/teams/${slug}`))).joinLink,
    ).toEqual(link);
    // Members do not get the link.
    expect(
      (await ok<TeamDetail>(call(member.cookie, 'GET', `/api/teams/${slug}`))).joinLink,
    ).toBeNull();
    expect(await ok<JoinLinkPreview>(call(null, 'GET', `/api/teams/join/${link.token}`))).toEqual({
      teamName: 'Learning Guild',
      members: 3,
      emailDomain: null,
      ownerName: 'Olga Owner',
    });

    // Anyone signed in with the link joins as a member; it becomes their active team.
    const joiner = await createUser(t, { name: 'Jo Joiner' });
    await refused(call(null, 'POST', `/api/teams/join/${link.token}`), 401);
    expect(await ok(call(joiner.cookie, 'POST', `/api/teams/join/${link.token}`))).toEqual({
      slug,
    });
    const mine = await ok<TeamDetail>(call(joiner.cookie, 'GET', `/api/teams/${slug}`));
    expect(mine).toMatchObject({ myRole: 'member', active: true });
    await refused(call(joiner.cookie, 'POST', `/api/teams/join/${link.token}`), 409);

    // Regenerating: the old link stops working at once.
    const fresh = await ok<JoinLink>(
      call(owner.cookie, 'POST', `/api/teams/${slug}/join-link/regenerate`),
    );
    expect(fresh.token).not.toBe(link.token);
    const late = await createUser(t);
    await refused(call(late.cookie, 'POST', `/api/teams/join/${link.token}`), 404);
    await refused(call(null, 'GET', `/api/teams/join/${link.token}`), 404);

    // A domain restriction: others get a clear 403, and unconfirmed addresses too.
    const restricted = await ok<JoinLink>(
      call(owner.cookie, 'PUT', `/api/teams/${slug}/join-link`, { emailDomain: '@Acme.Example' }),
    );
    expect(restricted).toMatchObject({ token: fresh.token, emailDomain: 'acme.example' });
    const outsider = await createUser(t, { verified: true });
    const refusal = await refused(
      call(outsider.cookie, 'POST', `/api/teams/join/${fresh.token}`),
      403,
    );
    expect(refusal.message).toContain('only for addresses at acme.example');
    const insiderEmail = uniqueEmail('ines').replace('@example.com', '@acme.example');
    const insider = await createUser(t, { email: insiderEmail });
    const unconfirmed = await refused(
      call(insider.cookie, 'POST', `/api/teams/join/${fresh.token}`),
      403,
    );
    expect(unconfirmed.message).toContain('confirmed addresses');
    await verifyEmail(t, insiderEmail);
    expect(await ok(call(insider.cookie, 'POST', `/api/teams/join/${fresh.token}`))).toEqual({
      slug,
    });

    // Off: the link is gone; regenerating an off link is 404.
    await ok(call(owner.cookie, 'DELETE', `/api/teams/${slug}/join-link`));
    await refused(call(null, 'GET', `/api/teams/join/${fresh.token}`), 404);
    await refused(call(late.cookie, 'POST', `/api/teams/join/${fresh.token}`), 404);
    await refused(call(owner.cookie, 'POST', `/api/teams/${slug}/join-link/regenerate`), 404);
    await refused(call(null, 'GET', '/api/teams/join/short'), 404);
  });

  it('joins by link are limited per account and hour', async () => {
    const owner = await createUser(t, { verified: true });
    const joiner = await createUser(t);
    for (let i = 0; i <= TEAM_LIMITS.joinsPerUser; i++) {
      const slug = await team(owner);
      const { token } = await ok<JoinLink>(
        call(owner.cookie, 'PUT', `/api/teams/${slug}/join-link`, { emailDomain: null }),
      );
      const res = call(joiner.cookie, 'POST', `/api/teams/join/${token}`);
      if (i < TEAM_LIMITS.joinsPerUser) await ok(res);
      else await refused(res, 429);
      // Team creation has its own hourly limit; start it again between teams.
      await t.db.db
        .deleteFrom('rate_limit_bucket')
        .where('key', 'like', 'teams-created:%')
        .execute();
    }
  });

  it('deleting an owner asks what happens to each team, applies it, and keeps invitations open under the new owner', async () => {
    const { slug, owner, admin, member } = await teamWith();
    const other = await team(owner, 'Second team');
    await join(owner, other, member);
    const alone = await team(owner, 'Just me');
    const inviteeEmail = uniqueEmail('invitee');
    await ok(
      call(owner.cookie, 'POST', `/api/teams/${slug}/invitations`, {
        email: inviteeEmail,
        role: 'member',
      }),
      201,
    );
    const id = await invitationId(inviteeEmail);

    const owned = await ok<OwnedTeam[]>(call(owner.cookie, 'GET', '/api/teams/owned'));
    expect(owned.map((o) => [o.name, o.others.map((m) => m.name), o.pendingInvitations])).toEqual([
      ['Just me', [], 0],
      ['Learning Guild', ['Adam Admin', 'Mia Member'], 1],
      ['Second team', ['Mia Member'], 0],
    ]);
    expect(await ok<OwnedTeam[]>(call(member.cookie, 'GET', '/api/teams/owned'))).toEqual([]);

    // Without a decision for each shared team: 409, and nothing changes.
    const missing = await refused(
      call(owner.cookie, 'DELETE', '/api/me', {
        confirmEmail: owner.email,
        teams: [{ slug, action: 'hand-over', to: member.id }],
      }),
      409,
    );
    expect(missing.message).toContain('“Second team”');
    // Handing over to someone who is not in the team: 409 too.
    await refused(
      call(owner.cookie, 'DELETE', '/api/me', {
        confirmEmail: owner.email,
        teams: [
          { slug, action: 'hand-over', to: 'someone-else' },
          { slug: other, action: 'delete' },
        ],
      }),
      409,
    );
    expect((await ok<TeamDetail>(call(owner.cookie, 'GET', `/api/teams/${slug}`))).myRole).toBe(
      'owner',
    );
    await refused(
      call(owner.cookie, 'DELETE', '/api/me', {
        confirmEmail: owner.email,
        teams: [{ slug, action: 'move' }],
      }),
      400,
    );

    await ok(
      call(owner.cookie, 'DELETE', '/api/me', {
        confirmEmail: owner.email,
        teams: [
          { slug, action: 'hand-over', to: member.id },
          { slug: other, action: 'delete' },
        ],
      }),
    );
    // The named member owns it now (not the longest-standing admin).
    const guild = await ok<TeamDetail>(call(member.cookie, 'GET', `/api/teams/${slug}`));
    expect(guild.myRole).toBe('owner');
    expect(guild.members.find((m) => m.email === admin.email)?.role).toBe('admin');
    expect(guild.invitations).toEqual([
      expect.objectContaining({ email: inviteeEmail, inviterName: 'Mia Member' }),
    ]);
    for (const gone of [other, alone])
      expect(
        await t.db.db.selectFrom('organization').select('id').where('slug', '=', gone).execute(),
      ).toEqual([]);

    // The invitee signs up afterward and can still join.
    const invitee = await createUser(t, { email: inviteeEmail });
    expect(
      await ok<InvitationPreview>(call(null, 'GET', `/api/teams/invitations/${id}/preview`)),
    ).toMatchObject({
      status: 'pending',
      inviterName: 'Mia Member',
      inviterEmail: member.email,
    });
    expect(await ok(call(invitee.cookie, 'POST', `/api/teams/invitations/${id}/accept`))).toEqual({
      slug,
    });
  });

  it('an admin’s deleted account withdraws the invitations it sent, which then say so', async () => {
    const { slug, owner, admin } = await teamWith();
    const email = uniqueEmail('by-admin');
    await ok(
      call(admin.cookie, 'POST', `/api/teams/${slug}/invitations`, { email, role: 'member' }),
      201,
    );
    const id = await invitationId(email);
    await ok(call(admin.cookie, 'DELETE', '/api/me', { confirmEmail: admin.email }));
    expect(
      await ok<InvitationPreview>(call(null, 'GET', `/api/teams/invitations/${id}/preview`)),
    ).toMatchObject({
      status: 'canceled',
      inviterEmail: owner.email,
    });
  });
});
