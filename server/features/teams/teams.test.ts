import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_LIMITS } from '../../../core/limits';
import type { InviteResult, TeamDetail, TeamsOverview } from '../../../core/teams/teams';
import { startTestServer, testDialect, type TestServer } from '../../test/support';
import {
  authPost,
  createUser,
  jsonCall,
  latestMailLink,
  PASSWORD,
  sessionCookie as sessionCookieOf,
  uniqueEmail,
  verifyEmail,
} from '../../test/users';
import { teamFixtures } from './team-fixtures';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ env: { TRUSTED_PROXIES: '127.0.0.1' } });
});
afterAll(() => t.close());
const call = jsonCall(() => t);

const { ok, refused, join, teamWith, newSlug } = teamFixtures(() => t);
type User = Awaited<ReturnType<typeof createUser>>;
const detail = (u: User, slug: string) =>
  ok<TeamDetail>(call(u.cookie, 'GET', `/api/teams/${slug}`));

describe(`teams (${testDialect})`, () => {
  it('creates a team whose creator is its owner and active team', async () => {
    const owner = await createUser(t, { name: 'Olga Owner', verified: true });
    const slug = newSlug();
    expect(
      await ok(call(owner.cookie, 'POST', '/api/teams', { name: ' Acme ', slug }), 201),
    ).toEqual({ slug });
    const list = await ok<TeamsOverview>(call(owner.cookie, 'GET', '/api/teams'));
    expect(list.teams).toEqual([
      expect.objectContaining({ name: 'Acme', slug, role: 'owner', members: 1, active: true }),
    ]);
    const team = await detail(owner, slug);
    expect(team.members).toEqual([
      expect.objectContaining({ email: owner.email, role: 'owner', name: 'Olga Owner' }),
    ]);
    // The address is taken now, also for someone else; bad addresses are 400.
    const other = await createUser(t, { verified: true });
    await refused(
      call(other.cookie, 'POST', '/api/teams', { name: 'Copy', slug }),
      409,
      'already-exists',
    );
    for (const bad of ['Acme', 'a', 'invitations', 'double--hyphen', '-x-', 'ü-team'])
      await refused(call(owner.cookie, 'POST', '/api/teams', { name: 'X team', slug: bad }), 400);
    await refused(call(null, 'POST', '/api/teams', { name: 'Guest team', slug: newSlug() }), 401);
  });

  it('invites by email through the mailer; the invitee sees who invited and accepts', async () => {
    const owner = await createUser(t, { name: 'Olga Owner', verified: true });
    const invitee = await createUser(t, { name: 'Ivan Invitee', verified: true });
    const slug = newSlug();
    await ok(call(owner.cookie, 'POST', '/api/teams', { name: 'Guild', slug }), 201);
    await ok(
      call(owner.cookie, 'POST', `/api/teams/${slug}/invitations`, {
        email: invitee.email.toUpperCase(),
        role: 'member',
      }),
      201,
    );
    const mail = await t.db.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', invitee.email)
      .where('kind', '=', 'team-invitation')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Join “Guild” on Skillway');
    expect(mail.link).toMatch(new RegExp(`^${t.config.appUrl}/teams/invitations/[A-Za-z0-9_-]+$`));
    expect(mail.text_body).toContain(`Olga Owner (${owner.email}) invited you to join “Guild”`);
    const id = new URL(mail.link ?? '').pathname.split('/').pop()!;

    // Invitations are listed to a confirmed address only: the list carries the ids.
    const unconfirmed = await createUser(t);
    await ok(
      call(owner.cookie, 'POST', `/api/teams/${slug}/invitations`, {
        email: unconfirmed.email,
        role: 'member',
      }),
      201,
    );
    expect(
      (await ok<TeamsOverview>(call(unconfirmed.cookie, 'GET', '/api/teams'))).invitations,
    ).toEqual([]);
    const overview = await ok<TeamsOverview>(call(invitee.cookie, 'GET', '/api/teams'));
    expect(overview.invitations).toEqual([
      expect.objectContaining({ id, teamName: 'Guild', inviterName: 'Olga Owner', role: 'member' }),
    ]);
    expect(await ok(call(invitee.cookie, 'GET', `/api/teams/invitations/${id}`))).toMatchObject({
      teamName: 'Guild',
      teamSlug: slug,
      inviterName: 'Olga Owner',
      inviterEmail: owner.email,
      status: 'pending',
    });
    // Only the invited address may read or answer it.
    const stranger = await createUser(t);
    await refused(call(stranger.cookie, 'GET', `/api/teams/invitations/${id}`), 403);
    await refused(call(stranger.cookie, 'POST', `/api/teams/invitations/${id}/accept`), 403);
    await refused(call(null, 'GET', `/api/teams/invitations/${id}`), 401);
    await refused(call(invitee.cookie, 'GET', '/api/teams/invitations/no-such-invitation'), 404);
    // Non-members see no team.
    await refused(call(invitee.cookie, 'GET', `/api/teams/${slug}`), 404);

    expect(await ok(call(invitee.cookie, 'POST', `/api/teams/invitations/${id}/accept`))).toEqual({
      slug,
    });
    const team = await detail(invitee, slug);
    expect(team.myRole).toBe('member');
    expect(team.members.map((m) => m.role)).toEqual(['owner', 'member']);
    expect(team.invitations).toEqual([]); // members do not see invitations
    await refused(call(invitee.cookie, 'POST', `/api/teams/invitations/${id}/accept`), 412);
    // Inviting a member again is refused.
    await refused(
      call(owner.cookie, 'POST', `/api/teams/${slug}/invitations`, {
        email: invitee.email,
        role: 'member',
      }),
      409,
    );
  });

  it('creating a team and inviting take a confirmed address: 403 until then, which the answer says', async () => {
    const unconfirmed = await createUser(t);
    const slug = newSlug();
    const create = () => call(unconfirmed.cookie, 'POST', '/api/teams', { name: 'Spam', slug });
    const error = await refused(create(), 403, 'permission-denied');
    expect(error.message).toMatch(/confirm your email address/i);
    // An unconfirmed member made admin cannot invite either.
    const { slug: team, owner, member } = await teamWith();
    const id = (await detail(owner, team)).members.find((m) => m.email === member.email)!.id;
    await ok(call(owner.cookie, 'PATCH', `/api/teams/${team}/members/${id}`, { role: 'admin' }));
    const inviteFrom = (u: User) =>
      call(u.cookie, 'POST', `/api/teams/${team}/invitations`, {
        email: uniqueEmail(),
        role: 'member',
      });
    expect((await refused(inviteFrom(member), 403, 'permission-denied')).message).toMatch(
      /confirm your email address/i,
    );
    expect(
      await t.db.db.selectFrom('organization').select('id').where('slug', '=', slug).execute(),
    ).toEqual([]);
    // Once confirmed, both work.
    await verifyEmail(t, unconfirmed.email);
    await ok(create(), 201);
    await verifyEmail(t, member.email);
    await ok(inviteFrom(member), 201);
  });

  it('limits team creation per user, and invitations per user and per team, per hour: 429 with Retry-After', async () => {
    const tooMany = async (res: Promise<Response>) => {
      const r = await res;
      const body = (await r.json()) as { error: { code: string; message: string } };
      expect(r.status, body.error.message).toBe(429);
      expect(body.error.code).toBe('resource-exhausted');
      const wait = Number(r.headers.get('retry-after'));
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(TEAM_LIMITS.windowMs / 1000);
      return body.error.message;
    };
    const maker = await createUser(t, { verified: true });
    const create = () =>
      call(maker.cookie, 'POST', '/api/teams', { name: 'One more', slug: newSlug() });
    for (let i = 0; i < TEAM_LIMITS.teamsPerUser; i++) await ok(create(), 201);
    expect(await tooMany(create())).toMatch(/teams? an hour/);

    // Per user: the owner's invitations, in all their teams together.
    const { slug, owner, admin } = await teamWith(); // 2 invitations already (admin, member)
    const invite = (u: User, team = slug) =>
      call(u.cookie, 'POST', `/api/teams/${team}/invitations`, {
        email: uniqueEmail('many'),
        role: 'member',
      });
    for (let i = 2; i < TEAM_LIMITS.invitationsPerUser; i++) await ok(invite(owner), 201);
    expect(await tooMany(invite(owner))).toMatch(/invitations an hour/);
    const second = newSlug();
    await ok(call(owner.cookie, 'POST', '/api/teams', { name: 'Second', slug: second }), 201);
    await tooMany(invite(owner, second));
    // Per team: its admins together, past what one person may send.
    const left = TEAM_LIMITS.invitationsPerTeam - TEAM_LIMITS.invitationsPerUser;
    expect(left).toBeGreaterThan(0);
    for (let i = 0; i < left; i++) await ok(invite(admin), 201);
    expect(await tooMany(invite(admin))).toMatch(/^This team can send/);
    // Another team of the admin's is not held up by this one's.
    const own = newSlug();
    await ok(call(admin.cookie, 'POST', '/api/teams', { name: 'Own', slug: own }), 201);
    await ok(invite(admin, own), 201);
  });

  it('a member sees of the others only their names, email addresses and roles; managers see more', async () => {
    const { slug, owner, admin, member } = await teamWith();
    const mine = await detail(member, slug);
    const others = mine.members.filter((m) => m.email !== member.email);
    expect(others.map((m) => m.email).sort()).toEqual([owner.email, admin.email].sort());
    for (const m of others) expect(Object.keys(m).sort()).toEqual(['email', 'name', 'role']);
    // Their own row is theirs to see in full (the page marks it as theirs by its id).
    expect(mine.members.find((m) => m.email === member.email)).toMatchObject({
      id: mine.myMemberId,
      userId: member.id,
      joinedAt: expect.any(String),
    });
    for (const manager of [owner, admin])
      for (const m of (await detail(manager, slug)).members)
        expect(Object.keys(m).sort()).toEqual([
          'email',
          'id',
          'joinedAt',
          'name',
          'role',
          'userId',
        ]);
  });

  it('past 3 invitation mails to one address in 15 minutes, the invitation stays open and the inviter is told when to resend', async () => {
    const { slug, owner } = await teamWith();
    const email = uniqueEmail();
    const send = () =>
      ok<InviteResult>(
        call(owner.cookie, 'POST', `/api/teams/${slug}/invitations`, { email, role: 'member' }),
        201,
      );
    const results = [await send(), await send(), await send(), await send()];
    expect(results.slice(0, 3).map((r) => r.mailed)).toEqual([true, true, true]);
    const held = results[3]!;
    expect(held.mailed).toBe(false);
    expect(!held.mailed && held.mailWait >= 14 && held.mailWait <= 15).toBe(true);
    // One open invitation, three mails.
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    const mails = await t.db.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('to_address', '=', email)
      .where('kind', '=', 'team-invitation')
      .execute();
    expect(mails).toHaveLength(3);
    expect((await detail(owner, slug)).invitations.map((i) => i.email)).toEqual([email]);
  });

  it('declines, and revokes a pending invitation (owners and admins only)', async () => {
    const { slug, owner, admin, member } = await teamWith();
    const [decliner, revoked] = [uniqueEmail('decline'), uniqueEmail('revoke')];
    const d = await createUser(t, { email: decliner });
    await ok(
      call(admin.cookie, 'POST', `/api/teams/${slug}/invitations`, {
        email: decliner,
        role: 'member',
      }),
      201,
    );
    const dId = new URL(await latestMailLink(t, decliner, 'team-invitation')).pathname
      .split('/')
      .pop()!;
    await ok(call(d.cookie, 'POST', `/api/teams/invitations/${dId}/decline`));
    expect((await detail(owner, slug)).invitations).toEqual([]);
    await refused(call(d.cookie, 'POST', `/api/teams/invitations/${dId}/accept`), 412);

    const { id } = await ok<{ id: string }>(
      call(owner.cookie, 'POST', `/api/teams/${slug}/invitations`, {
        email: revoked,
        role: 'admin',
      }),
      201,
    );
    expect((await detail(admin, slug)).invitations).toEqual([
      expect.objectContaining({ id, email: revoked, role: 'admin', inviterName: 'Olga Owner' }),
    ]);
    await refused(call(member.cookie, 'DELETE', `/api/teams/${slug}/invitations/${id}`), 403);
    await refused(
      call(member.cookie, 'POST', `/api/teams/${slug}/invitations`, {
        email: uniqueEmail(),
        role: 'member',
      }),
      403,
    );
    await ok(call(admin.cookie, 'DELETE', `/api/teams/${slug}/invitations/${id}`));
    expect((await detail(owner, slug)).invitations).toEqual([]);
    await refused(call(admin.cookie, 'DELETE', `/api/teams/${slug}/invitations/${id}`), 404);
    const r = await createUser(t, { email: revoked });
    expect(
      (await ok<{ status: string }>(call(r.cookie, 'GET', `/api/teams/invitations/${id}`))).status,
    ).toBe('canceled');
    await refused(call(r.cookie, 'POST', `/api/teams/invitations/${id}/accept`), 412);
  });

  it('changes roles: admins not an owner’s, nor make owners; the last owner stays', async () => {
    const { slug, owner, admin, member } = await teamWith();
    const team = await detail(owner, slug);
    const id = (u: User) => team.members.find((m) => m.userId === u.id)!.id;
    const setRole = (by: User, who: User, role: string) =>
      call(by.cookie, 'PATCH', `/api/teams/${slug}/members/${id(who)}`, { role });

    await refused(setRole(member, admin, 'member'), 403);
    await refused(setRole(admin, owner, 'member'), 403);
    await refused(setRole(admin, member, 'owner'), 403);
    await refused(setRole(owner, owner, 'admin'), 412);
    await refused(setRole(owner, member, 'boss'), 400);
    await ok(setRole(admin, member, 'admin'));
    await ok(setRole(owner, admin, 'member'));
    const roles = Object.fromEntries(
      (await detail(owner, slug)).members.map((m) => [m.userId, m.role]),
    );
    expect(roles).toEqual({ [owner.id]: 'owner', [admin.id]: 'member', [member.id]: 'admin' });
    // Handing over: the owner makes the (now) admin owner, then may step down.
    await ok(setRole(owner, member, 'owner'));
    await ok(setRole(owner, owner, 'admin'));
    expect((await detail(owner, slug)).myRole).toBe('admin');
    // Another team's membership id is not found in this one.
    const other = await teamWith();
    const foreign = (await detail(other.owner, other.slug)).members[0]!.id;
    await refused(
      call(member.cookie, 'PATCH', `/api/teams/${slug}/members/${foreign}`, { role: 'member' }),
      404,
    );
  });

  it('an admin’s open invitations are withdrawn when they are demoted, removed or leave', async () => {
    const { slug, owner, admin, member } = await teamWith();
    const team = await detail(owner, slug);
    const id = (u: User) => team.members.find((m) => m.userId === u.id)!.id;
    const invite = async (by: User) => {
      const email = uniqueEmail('invited');
      const r = await ok<InviteResult>(
        call(by.cookie, 'POST', `/api/teams/${slug}/invitations`, { email, role: 'member' }),
        201,
      );
      return r.id;
    };
    const status = async (invitationId: string) =>
      (
        await t.db.db
          .selectFrom('invitation')
          .select('status')
          .where('id', '=', invitationId)
          .executeTakeFirstOrThrow()
      ).status;
    const byOwner = await invite(owner);

    // Demoted to member: their invitations are withdrawn, the owner's stay.
    const first = await invite(admin);
    await ok(
      call(owner.cookie, 'PATCH', `/api/teams/${slug}/members/${id(admin)}`, { role: 'member' }),
    );
    expect(await status(first)).toBe('canceled');
    expect((await detail(owner, slug)).invitations.map((i) => i.id)).toEqual([byOwner]);

    // Made admin again (the verified member too), then removed, or leaving.
    await verifyEmail(t, member.email);
    for (const who of [admin, member])
      await ok(
        call(owner.cookie, 'PATCH', `/api/teams/${slug}/members/${id(who)}`, { role: 'admin' }),
      );
    const second = await invite(admin);
    const third = await invite(member);
    // Made owner: still one who may invite, so nothing is withdrawn.
    await ok(
      call(owner.cookie, 'PATCH', `/api/teams/${slug}/members/${id(admin)}`, { role: 'owner' }),
    );
    expect(await status(second)).toBe('pending');
    await ok(call(owner.cookie, 'DELETE', `/api/teams/${slug}/members/${id(admin)}`));
    expect(await status(second)).toBe('canceled');
    await ok(call(member.cookie, 'POST', `/api/teams/${slug}/leave`));
    expect(await status(third)).toBe('canceled');
    expect(await status(byOwner)).toBe('pending');
  });

  it('a member leaves; the last owner cannot; the owner deletes the team, keeping learning data', async () => {
    const { slug, owner, admin, member } = await teamWith();
    await ok(call(member.cookie, 'POST', `/api/teams/${slug}/leave`));
    await refused(call(member.cookie, 'GET', `/api/teams/${slug}`), 404);
    await refused(
      call(owner.cookie, 'POST', `/api/teams/${slug}/leave`),
      412,
      'failed-precondition',
    );
    await refused(call(admin.cookie, 'DELETE', `/api/teams/${slug}`), 403);

    // The admin's own data, which the team's deletion must leave alone.
    await ok(
      call(admin.cookie, 'PATCH', '/api/profile', { field: 'bio', value: 'Mine, not the team’s.' }),
    );
    await ok(
      call(owner.cookie, 'POST', `/api/teams/${slug}/invitations`, {
        email: uniqueEmail(),
        role: 'member',
      }),
      201,
    );
    await ok(call(owner.cookie, 'DELETE', `/api/teams/${slug}`));
    await refused(call(admin.cookie, 'GET', `/api/teams/${slug}`), 404);
    const db = t.db.db;
    expect(
      await db.selectFrom('organization').select('id').where('slug', '=', slug).execute(),
    ).toEqual([]);
    const orphans = await db
      .selectFrom('member')
      .leftJoin('organization', 'organization.id', 'member.organizationId')
      .select('member.id')
      .where('organization.id', 'is', null)
      .execute();
    expect(orphans).toEqual([]);
    const bio = await db
      .selectFrom('profile_field')
      .select('value')
      .where('user_id', '=', admin.id)
      .executeTakeFirst();
    expect(bio?.value).toBe(JSON.stringify('Mine, not the team’s.'));
    expect((await ok<TeamsOverview>(call(admin.cookie, 'GET', '/api/teams'))).teams).toEqual([]);
  });

  it('owners and admins remove members (admins not an owner, nobody themselves); the removed keep their learning', async () => {
    const { slug, owner, admin, member } = await teamWith();
    const second = await createUser(t, { name: 'Sam Second' });
    await join(owner, slug, second);
    const team = await detail(owner, slug);
    const id = (u: User) => team.members.find((m) => m.userId === u.id)!.id;
    const remove = (by: User, who: User) =>
      call(by.cookie, 'DELETE', `/api/teams/${slug}/members/${id(who)}`);
    // A pick of the member, and their own data, which removal must leave alone.
    await ok(
      call(owner.cookie, 'POST', `/api/teams/${slug}/assignments`, {
        kind: 'deep-dive',
        contentId: 'deep-dive',
        members: [member.id],
      }),
      201,
    );
    await ok(call(member.cookie, 'PATCH', '/api/profile', { field: 'bio', value: 'Still mine.' }));

    await refused(remove(member, second), 403);
    await refused(remove(admin, owner), 403);
    await refused(remove(owner, owner), 412, 'failed-precondition');
    await refused(remove(admin, admin), 412, 'failed-precondition');
    const other = await teamWith();
    const foreign = (await detail(other.owner, other.slug)).members[0]!.id;
    await refused(call(owner.cookie, 'DELETE', `/api/teams/${slug}/members/${foreign}`), 404);
    await refused(
      call(other.owner.cookie, 'DELETE', `/api/teams/${slug}/members/${id(member)}`),
      404,
    );

    await ok(remove(admin, member));
    // Two managers remove the same person at the same moment: at least one removes them; the
    // other is told so (200) or finds no one (404) — never a refusal of a valid request.
    const both = (await Promise.all([remove(owner, second), remove(admin, second)])).map(
      (r) => r.status,
    );
    expect(both).toContain(200);
    expect(
      both.every((status) => status === 200 || status === 404),
      String(both),
    ).toBe(true);
    // Gone from the team, and the team from them; the team's pick of the member went too.
    await refused(call(member.cookie, 'GET', `/api/teams/${slug}`), 404);
    expect((await ok<TeamsOverview>(call(member.cookie, 'GET', '/api/teams'))).teams).toEqual([]);
    expect((await detail(owner, slug)).members.map((m) => m.userId).sort()).toEqual(
      [owner.id, admin.id].sort(),
    );
    const db = t.db.db;
    expect(
      await db
        .selectFrom('team_assignment_member')
        .select('assignment_id')
        .where('user_id', '=', member.id)
        .execute(),
    ).toEqual([]);
    const bio = await db
      .selectFrom('profile_field')
      .select('value')
      .where('user_id', '=', member.id)
      .executeTakeFirst();
    expect(bio?.value).toBe(JSON.stringify('Still mine.'));
    // Removed twice: the second finds no such member.
    await refused(remove(owner, member), 404);
  });

  it('owners and admins rename the team; its address stays; members, other teams and bad names cannot', async () => {
    const { slug, owner, admin, member } = await teamWith();
    const rename = (by: User | null, name: unknown) =>
      call(by?.cookie ?? null, 'PATCH', `/api/teams/${slug}`, { name });
    await ok(rename(owner, '  Customer Success Guild  '));
    expect(await detail(member, slug)).toMatchObject({ name: 'Customer Success Guild', slug });
    await ok(rename(admin, 'CS Guild'));
    const list = await ok<TeamsOverview>(call(member.cookie, 'GET', '/api/teams'));
    expect(list.teams.map((x) => [x.name, x.slug])).toEqual([['CS Guild', slug]]);

    await refused(rename(member, 'Mine now'), 403);
    await refused(rename(null, 'Anyone’s'), 401);
    const other = await teamWith();
    await refused(
      call(other.owner.cookie, 'PATCH', `/api/teams/${slug}`, { name: 'Ours now' }),
      404,
    );
    for (const body of [{ name: 'x' }, { name: 'x'.repeat(61) }, { name: 7 }, {}])
      await refused(call(owner.cookie, 'PATCH', `/api/teams/${slug}`, body), 400);
    await refused(
      call(owner.cookie, 'PATCH', `/api/teams/${slug}`, { name: 'New name', slug: 'new-address' }),
      400,
    );
    expect((await detail(owner, slug)).name).toBe('CS Guild');
  });

  it('belongs to several teams and picks the active one', async () => {
    const a = await teamWith();
    const b = await teamWith();
    await join(b.owner, b.slug, a.member);
    const active = async () =>
      (await ok<TeamsOverview>(call(a.member.cookie, 'GET', '/api/teams'))).teams
        .filter((x) => x.active)
        .map((x) => x.slug);
    expect(
      (await ok<TeamsOverview>(call(a.member.cookie, 'GET', '/api/teams'))).teams,
    ).toHaveLength(2);
    await ok(call(a.member.cookie, 'POST', `/api/teams/${a.slug}/active`));
    expect(await active()).toEqual([a.slug]);
    await ok(call(a.member.cookie, 'POST', `/api/teams/${b.slug}/active`));
    expect(await active()).toEqual([b.slug]);
    expect((await detail(a.member, b.slug)).active).toBe(true);
    await refused(call(a.admin.cookie, 'POST', `/api/teams/${b.slug}/active`), 404);
  });

  it('two answers to one invitation at once: one joins, the other is refused, never a 5xx', async () => {
    const owner = await createUser(t, { verified: true });
    const invitee = await createUser(t);
    const slug = newSlug();
    await ok(call(owner.cookie, 'POST', '/api/teams', { name: 'Race', slug }), 201);
    const { id } = await ok<{ id: string }>(
      call(owner.cookie, 'POST', `/api/teams/${slug}/invitations`, {
        email: invitee.email,
        role: 'member',
      }),
      201,
    );
    const answers = await Promise.all(
      ['accept', 'accept', 'decline'].map((a) =>
        call(invitee.cookie, 'POST', `/api/teams/invitations/${id}/${a}`),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(
      statuses.every((s) => s < 500),
      String(statuses),
    ).toBe(true);
    expect(statuses.filter((s) => s === 200).length, String(statuses)).toBeGreaterThanOrEqual(1);
    const rows = await t.db.db
      .selectFrom('member')
      .innerJoin('organization', 'organization.id', 'member.organizationId')
      .select('member.id')
      .where('organization.slug', '=', slug)
      .where('member.userId', '=', invitee.id)
      .execute();
    expect(rows.length).toBeLessThanOrEqual(1);
  });

  it('two app servers on one database agree on memberships and invitations', async () => {
    const second = await startTestServer({ shareWith: t });
    try {
      const on = (server: TestServer) => jsonCall(() => server);
      const owner = await createUser(t, { verified: true });
      const invitee = await createUser(t);
      const slug = newSlug();
      await ok(on(t)(owner.cookie, 'POST', '/api/teams', { name: 'Shared', slug }), 201);
      const { id } = await ok<{ id: string }>(
        on(second)(owner.cookie, 'POST', `/api/teams/${slug}/invitations`, {
          email: invitee.email,
          role: 'admin',
        }),
        201,
      );
      expect((await detail(owner, slug)).invitations.map((i) => i.id)).toEqual([id]);
      await ok(on(second)(invitee.cookie, 'POST', `/api/teams/invitations/${id}/accept`));
      expect((await detail(invitee, slug)).myRole).toBe('admin');
      await ok(on(t)(invitee.cookie, 'POST', `/api/teams/${slug}/leave`));
      await refused(on(second)(invitee.cookie, 'GET', `/api/teams/${slug}`), 404);
    } finally {
      await second.close();
    }
  });

  it('closes Better Auth’s own organization endpoints', async () => {
    const owner = await createUser(t);
    for (const path of [
      '/organization/create',
      '/organization/list',
      '/organization/invite-member',
      '/organization/accept-invitation',
    ]) {
      const res = await authPost(t, path, { name: 'Sneaky', slug: newSlug() }, owner.cookie);
      expect(res.status, path).toBe(404);
      const get = await t.fetch(`/api/auth${path}`, { headers: { Cookie: owner.cookie } });
      expect(get.status, path).toBe(404);
    }
    expect(
      await t.db.db.selectFrom('organization').select('id').where('name', '=', 'Sneaky').execute(),
    ).toEqual([]);
  });

  it('exports memberships and invitations; deleting an account removes them and hands over its teams', async () => {
    const { slug, owner, admin, member } = await teamWith();
    const alone = newSlug();
    await ok(call(owner.cookie, 'POST', '/api/teams', { name: 'Solo', slug: alone }), 201);
    const exported = (u: User) =>
      ok<{ teamMemberships: unknown[]; teamInvitations: unknown[] }>(
        call(u.cookie, 'GET', '/api/me/export'),
      );
    const data = await exported(admin);
    expect(data.teamMemberships).toEqual([
      expect.objectContaining({ team: 'Learning Guild', slug, role: 'admin' }),
    ]);
    expect(data.teamInvitations).toEqual([expect.objectContaining({ slug, status: 'accepted' })]);
    // The member's address is unconfirmed: the membership, not the invitations to it.
    const theirs = await exported(member);
    expect(theirs.teamMemberships).toEqual([
      expect.objectContaining({ team: 'Learning Guild', slug, role: 'member' }),
    ]);
    expect(theirs.teamInvitations).toEqual([]);

    // The team they share needs a decision (team-onboarding.test.ts has the rest); the one
    // they are alone in does not.
    await refused(call(owner.cookie, 'DELETE', '/api/me', { confirmEmail: owner.email }), 409);
    const res = await call(owner.cookie, 'DELETE', '/api/me', {
      confirmEmail: owner.email,
      teams: [{ slug, action: 'hand-over', to: admin.id }],
    });
    expect(res.status).toBe(200);
    const db = t.db.db;
    expect(
      await db.selectFrom('member').select('id').where('userId', '=', owner.id).execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('invitation').select('id').where('inviterId', '=', owner.id).execute(),
    ).toEqual([]);
    // The team they shared passes to its admin; the one they were alone in is gone.
    expect((await detail(admin, slug)).myRole).toBe('owner');
    expect(
      await db.selectFrom('organization').select('id').where('slug', '=', alone).execute(),
    ).toEqual([]);
  });
  it('the data export shows invitations to the address only once it is confirmed, as the Teams page does', async () => {
    const { slug, owner } = await teamWith();
    const unconfirmed = await createUser(t);
    await ok(
      call(owner.cookie, 'POST', `/api/teams/${slug}/invitations`, {
        email: unconfirmed.email,
        role: 'member',
      }),
      201,
    );
    const exported = async () =>
      (await ok<{ teamInvitations: unknown[] }>(call(unconfirmed.cookie, 'GET', '/api/me/export')))
        .teamInvitations;
    expect(await exported()).toEqual([]);
    await verifyEmail(t, unconfirmed.email);
    expect(await exported()).toEqual([expect.objectContaining({ slug, status: 'pending' })]);
  });

  it('deleting an unconfirmed account keeps the invitations to its address and its mail limits', async () => {
    const { slug, owner } = await teamWith();
    const email = uniqueEmail('impostor');
    await ok(
      call(owner.cookie, 'POST', `/api/teams/${slug}/invitations`, { email, role: 'member' }),
      201,
    );
    const open = () =>
      t.db.db
        .selectFrom('invitation')
        .select('id')
        .where('email', '=', email)
        .where('status', '=', 'pending')
        .execute();
    expect(await open()).toHaveLength(1);
    // Sign up at someone else's address, unconfirmed, and delete the account, again and
    // again: 3 verification mails in the window, no more; the invitation stays.
    const mailed: boolean[] = [];
    for (let i = 0; i < 4; i++) {
      const up = await authPost(t, '/sign-up/email', { email, password: PASSWORD, name: 'Imp' });
      expect(up.status).toBe(200);
      const verifyMails = await t.db.db
        .selectFrom('mail_outbox')
        .select('id')
        .where('to_address', '=', email)
        .where('kind', '=', 'verify-email')
        .execute();
      mailed.push(verifyMails.length > 0);
      const cookie = sessionCookieOf(
        await authPost(t, '/sign-in/email', { email, password: PASSWORD }),
      );
      const res = await call(cookie, 'DELETE', '/api/me', { confirmEmail: email });
      expect(res.status).toBe(200);
      expect(await open()).toHaveLength(1);
    }
    expect(mailed).toEqual([true, true, true, false]);

    // A confirmed account's deletion takes the invitations to its address with it.
    const confirmed = await createUser(t, { verified: true });
    await ok(
      call(owner.cookie, 'POST', `/api/teams/${slug}/invitations`, {
        email: confirmed.email,
        role: 'member',
      }),
      201,
    );
    await ok(call(confirmed.cookie, 'DELETE', '/api/me', { confirmEmail: confirmed.email }));
    expect(
      await t.db.db
        .selectFrom('invitation')
        .select('id')
        .where('email', '=', confirmed.email)
        .execute(),
    ).toEqual([]);
  });
});
