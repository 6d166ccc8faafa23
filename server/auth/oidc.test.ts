import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayNameProblem } from '../../core/account/profile';
import { oidcEnv, oidcRedirectSignIn, startOidcProvider } from '../test/oidc-provider';
import { startTestServer, testDialect, type TestServer } from '../test/support';
import { authPost, createUser, jsonCall } from '../test/users';
import { createTeamByOperator } from '../features/teams/operator';
import { isOidcCallback, oidcAllows, oidcRefusal } from './oidc';

const provider = (domains: string[]) => ({
  clientId: 'c',
  clientSecret: 's',
  discoveryUrl: 'https://idp.example/.well-known/openid-configuration',
  name: 'Acme SSO',
  domains,
  team: null,
});

describe('the organization’s OpenID Connect sign-in', () => {
  it('takes any address without domains, else only its domains (any case)', () => {
    expect(oidcAllows(provider([]), 'anyone@anywhere.test')).toBe(true);
    expect(oidcAllows(provider(['acme.test']), 'Dana@ACME.test')).toBe(true);
    expect(oidcAllows(provider(['acme.test']), 'dana@notacme.test')).toBe(false);
    expect(oidcAllows(provider(['acme.test']), 'dana@sub.acme.test')).toBe(false);
    expect(oidcAllows(provider(['acme.test']), 'acme.test@evil.test')).toBe(false);
  });
  it('takes only a well-formed address: one @, no spaces or control characters', () => {
    for (const domains of [[], ['acme.test']])
      for (const bad of [
        'x@evil.test@acme.test',
        'dana\n@acme.test',
        'dana@acme.test\n',
        ' dana@acme.test',
        'dana lee@acme.test',
        'dana@acme.test.',
        '@acme.test',
        'dana@',
        '',
      ])
        expect(oidcAllows(provider(domains), bad), JSON.stringify(bad)).toBe(false);
  });
  it('needs the provider to vouch for the address: email_verified is true, not "true"', () => {
    const acme = provider(['acme.test']);
    expect(oidcRefusal(acme, { email: 'dana@acme.test', email_verified: true })).toBeNull();
    for (const email_verified of [false, 'true', 1, undefined, null])
      expect(oidcRefusal(acme, { email: 'dana@acme.test', email_verified })).not.toBeNull();
    expect(oidcRefusal(acme, { email: 'sam@elsewhere.test', email_verified: true })).not.toBeNull();
    expect(oidcRefusal(acme, { email: 42, email_verified: true })).not.toBeNull();
  });
  it('recognizes its own callback, not another provider’s or another route', () => {
    expect(isOidcCallback({ path: '/callback/:id', params: { id: 'oidc' } })).toBe(true);
    expect(isOidcCallback({ path: '/callback/:id', params: { id: 'google' } })).toBe(false);
    expect(isOidcCallback({ path: '/sign-up/email', params: {} })).toBe(false);
    expect(isOidcCallback(null)).toBe(false);
  });
});

// The organization's identity provider, played by a local OpenID Connect server, against
// the real app: what an account can get through it, whichever way it is asked.
const TEAM = 'acme-people';
let oidc: Awaited<ReturnType<typeof startOidcProvider>>;
let t: TestServer;
beforeAll(async () => {
  oidc = await startOidcProvider();
  t = await startTestServer({
    env: {
      TRUSTED_PROXIES: '127.0.0.1',
      ...oidcEnv(oidc.discoveryUrl, { OIDC_EMAIL_DOMAINS: 'acme.test', OIDC_TEAM: TEAM }),
    },
  });
});
afterAll(async () => {
  await t?.close();
  await oidc?.stop();
});
const call = jsonCall(() => t);

let people = 0;
/** A person the provider vouches for, with an address of its domain unless given. */
function employee(claims: Record<string, unknown> = {}) {
  people++;
  const identity = {
    sub: `acme-employee-${people}-${Math.random().toString(36).slice(2, 8)}`,
    email: `person.${people}@acme.test`,
    email_verified: true,
    name: `Person ${people}`,
    ...claims,
  };
  oidc.vouchFor(identity);
  return identity;
}

const usersWith = async (email: string) =>
  Number(
    (
      await t.db.db
        .selectFrom('user')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('email', '=', email.toLowerCase())
        .executeTakeFirstOrThrow()
    ).n,
  );
const allUsers = async () =>
  Number(
    (
      await t.db.db
        .selectFrom('user')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const oidcAccountsOf = async (userId: string) =>
  (
    await t.db.db
      .selectFrom('account')
      .select('providerId')
      .where('userId', '=', userId)
      .where('providerId', '=', 'oidc')
      .execute()
  ).length;
const inTeam = async (email: string) =>
  (
    await t.db.db
      .selectFrom('member as m')
      .innerJoin('organization as o', 'o.id', 'm.organizationId')
      .innerJoin('user as u', 'u.id', 'm.userId')
      .select('m.role')
      .where('o.slug', '=', TEAM)
      .where('u.email', '=', email.toLowerCase())
      .executeTakeFirst()
  )?.role ?? null;

/** OIDC_TEAM, as its operator sets it up (once per file). */
async function ensureTeam() {
  const exists = await t.db.db
    .selectFrom('organization')
    .select('id')
    .where('slug', '=', TEAM)
    .executeTakeFirst();
  if (exists) return;
  const owner = await createUser(t, { name: 'Olga Owner', verified: true });
  await createTeamByOperator(t.db.db, { slug: TEAM, name: 'Acme People', ownerEmail: owner.email });
}

const root = join(import.meta.dirname, '..', '..');
/** `npm run team -- …` as the operator runs it, against this test's database. */
const teamCli = (args: string[]) =>
  new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
    const options = {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        BETTER_AUTH_SECRET: 'abcdefghijklmnopqrstuvwxyz0123456789abcd',
        APP_URL: 'https://skillway.example',
        DATA_DIR: t.config.dataDir,
        ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}),
      },
    };
    const cli = [join(root, 'node_modules/tsx/dist/cli.mjs'), 'server/features/teams/team-cli.ts'];
    execFile(process.execPath, [...cli, ...args], options, (err, stdout, stderr) =>
      resolve({ status: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
    );
  });

describe(`sign-in through the organization’s provider (${testDialect})`, () => {
  it('keeps OIDC_TEAM’s address for the operator: no account can create that team', async () => {
    // A fresh install: the team does not exist yet. Nobody may take its address…
    const someone = await createUser(t, { name: 'Mallory', verified: true });
    const taken = await call(someone.cookie, 'POST', '/api/teams', {
      name: 'Acme People',
      slug: TEAM,
    });
    const body = (await taken.json()) as { error: { code: string; message: string } };
    expect(taken.status, body.error.message).toBe(409);
    expect(body.error).toMatchObject({ code: 'already-exists' });
    expect(body.error.message).toMatch(/reserved/);
    expect(await inTeam(someone.email)).toBeNull();

    // …the operator creates it, with the owner they name.
    const owner = await createUser(t, { name: 'Olga Owner', verified: true });
    const usage = await teamCli(['create', TEAM]);
    expect(usage.status).toBe(2);
    const unknown = await teamCli(['create', TEAM, '--name', 'Acme', '--owner', 'no@one.test']);
    expect(unknown.status, unknown.stderr).toBe(1);
    const run = await teamCli(['create', TEAM, '--name', 'Acme People', '--owner', owner.email]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(TEAM);
    expect(await inTeam(owner.email)).toBe('owner');
    expect(
      await createTeamByOperator(t.db.db, { slug: TEAM, name: 'Acme', ownerEmail: owner.email }),
    ).toMatch(/already uses/);

    // Deleted, it stays reserved.
    expect((await call(owner.cookie, 'DELETE', `/api/teams/${TEAM}`)).status).toBeLessThan(300);
    expect(
      (await call(someone.cookie, 'POST', '/api/teams', { name: 'Acme', slug: TEAM })).status,
    ).toBe(409);
    await ensureTeam();
  }, 60_000);

  it('signs in a verified address of its domain, which joins OIDC_TEAM as a member', async () => {
    await ensureTeam();
    const dana = employee();
    const first = await oidcRedirectSignIn(t);
    expect(first.cookie, first.location).not.toBe('');
    expect(await inTeam(dana.email)).toBe('member');
    const me = await call(first.cookie, 'GET', '/api/me');
    expect(await me.json()).toMatchObject({ email: dana.email, provider: 'oidc' });
  });

  it('does not add back someone who left OIDC_TEAM, at their next sign-in', async () => {
    await ensureTeam();
    const erin = employee();
    const first = await oidcRedirectSignIn(t);
    expect(await inTeam(erin.email)).toBe('member');
    expect((await call(first.cookie, 'POST', `/api/teams/${TEAM}/leave`)).status).toBe(200);
    expect(await inTeam(erin.email)).toBeNull();

    oidc.vouchFor(erin);
    const again = await oidcRedirectSignIn(t);
    expect(again.cookie, again.location).not.toBe('');
    expect(await inTeam(erin.email)).toBeNull();
  });

  it('holds the name and photo the provider sends to the profile rules', async () => {
    const who = employee({
      name: `\u202eEve\nAdmin ${'x'.repeat(200)}`,
      picture: 'javascript:alert(1)',
    });
    const res = await oidcRedirectSignIn(t);
    expect(res.cookie, res.location).not.toBe('');
    const row = await t.db.db
      .selectFrom('user')
      .select(['name', 'image'])
      .where('email', '=', who.email)
      .executeTakeFirstOrThrow();
    expect(displayNameProblem(row.name)).toBeNull();
    expect(row.name.startsWith('Eve Admin x')).toBe(true);
    expect(row.image).toBeNull();
  });

  it('refuses an address the provider does not vouch for, or a malformed one', async () => {
    await ensureTeam();
    const refused = [
      { email: 'frank@acme.test', email_verified: false },
      { email: 'gina@acme.test', email_verified: 'true' },
      { email: 'hal@acme.test', email_verified: undefined },
      { email: 'x@evil.test@acme.test' },
      { email: 'ivy\n@acme.test' },
      { email: 'ivy@acme.test\n' },
      { email: 'sam@elsewhere.test' },
      { email: 'sam@acme.test.elsewhere.test' },
    ];
    for (const claims of refused) {
      const before = await allUsers();
      const who = employee(claims);
      const res = await oidcRedirectSignIn(t);
      expect(res.cookie, JSON.stringify(claims)).toBe('');
      expect(new URL(res.location, t.config.appUrl).searchParams.get('error')).toBeTruthy();
      expect(await allUsers(), JSON.stringify(claims)).toBe(before);
      expect(await inTeam(String(who.email))).toBeNull();
    }
  });

  it('holds an existing account to the same rule: an unverified claim does not link it', async () => {
    const local = await createUser(t, { email: 'judy@acme.test', verified: true });
    employee({ email: local.email, email_verified: false });
    const res = await oidcRedirectSignIn(t);
    expect(res.cookie).toBe('');
    expect(await oidcAccountsOf(local.id)).toBe(0);
  });

  it('refuses sign-in with an ID token: no account is made, linked or signed in', async () => {
    await ensureTeam();
    const outsider = await createUser(t, { name: 'Sam Outside', verified: true });
    const claims = [
      { sub: 'outside-1', email: 'sam.new@elsewhere.test', email_verified: true },
      { sub: 'outside-2', email: outsider.email, email_verified: true },
      { sub: 'inside-1', email: 'kim@acme.test', email_verified: true },
    ];
    for (const c of claims) {
      const token = await oidc.idToken(c);
      for (const idToken of [{ token }, { token, nonce: 'n-1' }]) {
        const res = await authPost(t, '/sign-in/social', {
          provider: 'oidc',
          callbackURL: '/teams',
          idToken,
        });
        const text = await res.text();
        expect(res.status, text).toBe(400);
        expect(res.headers.getSetCookie().join()).not.toContain('session_token=');
      }
      if (c.email !== outsider.email) expect(await usersWith(c.email)).toBe(0);
    }
    expect(await oidcAccountsOf(outsider.id)).toBe(0);
    // Linking through an ID token is refused the same way.
    const link = await authPost(
      t,
      '/link-social',
      {
        provider: 'oidc',
        callbackURL: '/teams',
        idToken: { token: await oidc.idToken(claims[1]!) },
      },
      outsider.cookie,
    );
    expect(link.status).toBe(400);
    expect(await oidcAccountsOf(outsider.id)).toBe(0);
  });
});
