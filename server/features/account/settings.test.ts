import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSettings } from '../../../core/account/settings';
import type { UserRecord } from '../../../core/account/profile';
import type { TeamsOverview } from '../../../core/teams/teams';
import { startTestServer, testDialect, type TestServer } from '../../test/support';
import { authPost, createUser, jsonCall, PASSWORD, sessionCookie } from '../../test/users';
import { teamFixtures } from '../teams/team-fixtures';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ env: { TRUSTED_PROXIES: '127.0.0.1' } });
});
afterAll(() => t.close());
const call = jsonCall(() => t);
const { ok, refused, join, teamWith, newSlug } = teamFixtures(() => t);
type User = Awaited<ReturnType<typeof createUser>>;

const UNSET: AccountSettings = {
  profession: null,
  level: null,
  targetRole: null,
  dailyGoal: null,
  theme: null,
  activeTeam: null,
  dictionary: null,
};

/** The settings every device starts from: the session's first answer carries them. */
async function sessionSettings(u: User): Promise<AccountSettings> {
  const { user } = await ok<{ user: UserRecord }>(call(u.cookie, 'GET', '/api/session'));
  const me = await ok<UserRecord>(call(u.cookie, 'GET', '/api/me'));
  expect(me.settings).toEqual(user.settings);
  return user.settings;
}
const patch = (u: User | null, body: unknown) =>
  call(u?.cookie ?? null, 'PATCH', '/api/settings', body);

describe(`account settings (${testDialect})`, () => {
  it('are read with the session, written by PATCH and the same in every session', async () => {
    const u = await createUser(t);
    expect(await sessionSettings(u)).toEqual(UNSET);
    const chosen = {
      profession: 'Tech',
      level: 'Mid-level',
      targetRole: 'tech',
      dailyGoal: 300,
      theme: 'dark',
    } as const;
    expect(await ok<AccountSettings>(patch(u, chosen))).toEqual({ ...UNSET, ...chosen });
    // A second device: another session of the same account.
    const second = await signInAgain(u);
    expect(await sessionSettings(second)).toEqual({ ...UNSET, ...chosen });
    // One field at a time leaves the others.
    expect(await ok<AccountSettings>(patch(second, { theme: 'light' }))).toMatchObject({
      ...chosen,
      theme: 'light',
    });
    expect((await sessionSettings(u)).theme).toBe('light');
    // The profile and the dashboard read the same rows.
    const profile = await ok<Record<string, unknown>>(call(u.cookie, 'GET', '/api/profile'));
    expect(profile).toMatchObject({ profession: 'Tech', level: 'Mid-level', dailyGoal: 300 });
    const today = await ok<{ goal: { goal: number } }>(
      call(u.cookie, 'GET', '/api/dashboard/today?tz=UTC'),
    );
    expect(today.goal.goal).toBe(300);
  });

  it('ifUnset fills only what the account has no value for', async () => {
    const u = await createUser(t);
    await ok(patch(u, { profession: 'Creative', dailyGoal: 50 }));
    const merged = await ok<AccountSettings>(
      patch(u, { profession: 'Tech', level: 'Senior', dailyGoal: 150, ifUnset: true }),
    );
    expect(merged).toMatchObject({ profession: 'Creative', level: 'Senior', dailyGoal: 50 });
  });

  it('refuses unknown values and fields with 400 and changes nothing', async () => {
    const u = await createUser(t);
    await ok(patch(u, { profession: 'Business', theme: 'dark' }));
    const before = await sessionSettings(u);
    for (const body of [
      {},
      { ifUnset: true },
      { profession: 'Pilot' },
      { level: 'mid-level' },
      { targetRole: 'astronaut' },
      { dailyGoal: 100 },
      { dailyGoal: '150' },
      { theme: 'system' },
      { theme: 'dark', font: 'large' },
      { theme: 'light', profession: 'Pilot' },
      { activeTeam: '' },
      { activeTeam: 'x'.repeat(200) },
      { profession: null },
    ])
      await refused(patch(u, body), 400, 'invalid-argument');
    const bad = await t.fetch('/api/settings', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Cookie: u.cookie },
      body: '{"theme":',
    });
    expect(bad.status).toBe(400);
    expect(await sessionSettings(u)).toEqual(before);
  });

  it('is 401 for a guest, and one account’s patch leaves another’s settings alone', async () => {
    await refused(patch(null, { theme: 'dark' }), 401, 'unauthenticated');
    const a = await createUser(t);
    const b = await createUser(t);
    await ok(patch(b, { profession: 'Creative', theme: 'light' }));
    await ok(patch(a, { profession: 'Tech', theme: 'dark', level: 'Senior' }));
    expect(await sessionSettings(b)).toEqual({
      ...UNSET,
      profession: 'Creative',
      theme: 'light',
    });
    // A user id in the body is not a setting.
    await refused(patch(a, { theme: 'light', userId: b.id }), 400);
    expect((await sessionSettings(b)).theme).toBe('light');
  });

  it('keeps the active team on the account: only a team of yours; leaving or removal clears it', async () => {
    const { slug, owner, admin, member } = await teamWith();
    const other = await teamWith();
    // Creating a team, or joining one, makes it the active one.
    expect((await sessionSettings(owner)).activeTeam).toBe(slug);
    expect((await sessionSettings(member)).activeTeam).toBe(slug);
    await join(other.owner, other.slug, member);
    expect((await sessionSettings(member)).activeTeam).toBe(other.slug);

    // Chosen on one device, the same on another (a second session) and in the team pages.
    expect((await ok<AccountSettings>(patch(member, { activeTeam: slug }))).activeTeam).toBe(slug);
    const laptop = await signInAgain(member);
    expect((await sessionSettings(laptop)).activeTeam).toBe(slug);
    const teams = await ok<TeamsOverview>(call(laptop.cookie, 'GET', '/api/teams'));
    expect(teams.teams.filter((x) => x.active).map((x) => x.slug)).toEqual([slug]);
    // The team route and the settings are one choice.
    await ok(call(laptop.cookie, 'POST', `/api/teams/${other.slug}/active`));
    expect((await sessionSettings(member)).activeTeam).toBe(other.slug);

    // A team the user is not in, or one that does not exist: 404, nothing changes.
    const stranger = await createUser(t);
    await refused(patch(stranger, { activeTeam: slug, theme: 'dark' }), 404, 'not-found');
    expect(await sessionSettings(stranger)).toEqual(UNSET);
    await refused(patch(member, { activeTeam: newSlug() }), 404, 'not-found');
    expect((await sessionSettings(member)).activeTeam).toBe(other.slug);

    // Leaving the active team clears it; leaving another team does not.
    await ok(call(member.cookie, 'POST', `/api/teams/${other.slug}/leave`));
    expect((await sessionSettings(member)).activeTeam).toBeNull();
    expect(
      await t.db.db
        .selectFrom('profile_field')
        .select('field')
        .where('user_id', '=', member.id)
        .where('field', '=', 'activeTeam')
        .execute(),
    ).toEqual([]);

    // Removal clears it too.
    await ok(patch(admin, { activeTeam: slug }));
    const detail = await ok<{ members: { id?: string; userId?: string }[] }>(
      call(owner.cookie, 'GET', `/api/teams/${slug}`),
    );
    const adminMember = detail.members.find((m) => m.userId === admin.id)!;
    await ok(call(owner.cookie, 'DELETE', `/api/teams/${slug}/members/${adminMember.id}`));
    expect((await sessionSettings(admin)).activeTeam).toBeNull();

    // A deleted team is nobody's active team.
    await ok(call(owner.cookie, 'DELETE', `/api/teams/${slug}`));
    expect((await sessionSettings(owner)).activeTeam).toBeNull();
    expect(
      await t.db.db
        .selectFrom('profile_field')
        .select('user_id')
        .where('field', '=', 'activeTeam')
        .where('value', '=', JSON.stringify(teams.teams.find((x) => x.slug === slug)!.id))
        .execute(),
    ).toEqual([]);
  });
});

/** Another session (device) of `u`'s account. */
async function signInAgain(u: User): Promise<User> {
  const res = await authPost(t, '/sign-in/email', { email: u.email, password: PASSWORD });
  expect(res.status).toBe(200);
  return { ...u, cookie: sessionCookie(res) };
}
