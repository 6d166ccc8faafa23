import { execFile } from 'node:child_process';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextIp } from '../server/test/users';
import {
  launchBrowser,
  root,
  signedInContext,
  startOidcProvider,
  startServer,
  type RunningServer,
} from './support';

// The organization's identity provider (OIDC_*), played by a local OpenID Connect server:
// only its own domain signs in, and signing in joins the organization's team.

/** `npm run team -- …` as the server's operator runs it, on the journey's database. */
const teamCli = (server: RunningServer, args: string[]) =>
  new Promise<{ status: number; stderr: string }>((resolve) => {
    const cli = [join(root, 'node_modules/tsx/dist/cli.mjs'), 'server/features/teams/team-cli.ts'];
    const env = {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      BETTER_AUTH_SECRET: 'abcdefghijklmnopqrstuvwxyz0123456789abcd',
      APP_URL: server.url,
      DATA_DIR: server.dataDir,
      ...(server.databaseUrl ? { DATABASE_URL: server.databaseUrl } : {}),
    };
    execFile(process.execPath, [...cli, ...args], { cwd: root, env }, (err, _out, stderr) =>
      resolve({ status: err ? Number(err.code ?? 1) : 0, stderr }),
    );
  });

const TEAM = 'acme-people';
let oidc: Awaited<ReturnType<typeof startOidcProvider>>;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  oidc = await startOidcProvider();
  server = await startServer({
    OIDC_CLIENT_ID: 'skillway-acme',
    OIDC_CLIENT_SECRET: 'skillway-acme-secret',
    OIDC_DISCOVERY_URL: oidc.discoveryUrl,
    OIDC_NAME: 'Acme SSO',
    OIDC_EMAIL_DOMAINS: 'acme.test',
    OIDC_TEAM: TEAM,
    // Each sign-in below comes from an address of its own (Better Auth allows an address 3
    // sign-ins in 10 seconds).
    TRUSTED_PROXIES: '127.0.0.1',
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await oidc?.stop();
});

async function ssoSignIn() {
  const context = await browser.newContext({
    baseURL: server.url,
    serviceWorkers: 'block',
    extraHTTPHeaders: { 'X-Forwarded-For': nextIp() },
  });
  const page = await context.newPage();
  await page.goto('/user/login?next=/teams');
  await page.getByText('For @acme.test addresses only.', { exact: false }).waitFor();
  // Before joining, it says what the team's admins will see.
  const sees = page.getByTestId('sso-team-sees');
  await sees.getByText('What the team’s admins see').click();
  await sees.getByText(/Its admins see your name, email address and role; your points/).waitFor();
  await page.getByRole('button', { name: 'Continue with Acme SSO' }).click();
  return { context, page };
}

describe('sign-in with the organization’s identity provider', () => {
  it('signs in an address of its domain, which joins the team as a member once', async () => {
    // OIDC_TEAM's address is kept for the operator: not even its future owner can take it
    // on the Teams page…
    const ownerEmail = `olga-${Date.now()}@acme-hq.test`;
    const ownerCtx = await signedInContext(browser, server, 'Olga Owner', ownerEmail, {
      verified: true,
    });
    const owner = await ownerCtx.newPage();
    await owner.goto('/teams');
    await owner.getByLabel('Team name').fill('Acme People');
    await expect.poll(() => owner.getByLabel('Team address').inputValue()).toBe(TEAM);
    await owner.getByRole('button', { name: 'Create team' }).click();
    await owner
      .getByText('This address is reserved for the team of sign-in with Acme SSO')
      .waitFor();
    // …the operator creates it, naming its owner.
    const run = await teamCli(server, [
      ...['create', TEAM, '--name', 'Acme People', '--owner', ownerEmail],
    ]);
    expect(run.status, run.stderr).toBe(0);

    oidc.vouchFor({
      sub: 'acme-employee-1',
      email: 'dana.lee@acme.test',
      email_verified: true,
      name: 'Dana Lee',
    });
    const { context, page } = await ssoSignIn();
    await page.waitForURL((u) => u.pathname === '/welcome', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await page.waitForURL((u) => u.pathname === '/teams');
    const card = page.getByRole('listitem').filter({ hasText: 'Acme People' });
    await card.getByText('Member', { exact: true }).waitFor();
    const me = await (await page.request.get('/api/me')).json();
    expect(me).toMatchObject({ email: 'dana.lee@acme.test', provider: 'oidc' });

    // A second sign-in does not join twice.
    await context.clearCookies();
    const again = await ssoSignIn();
    await again.page.waitForURL((u) => u.pathname === '/teams', { timeout: 20_000 });
    const members = await server.query<{ n: number | string }>(
      'select count(*) as n from member m join organization o on o.id = m."organizationId" where o.slug = ?',
      [TEAM],
    );
    expect(Number(members[0]!.n)).toBe(2);

    // The owner sees Dana in the team.
    await owner.goto(`/teams/${TEAM}`);
    await owner
      .getByRole('region', { name: /^Members/ })
      .getByText('Dana Lee', { exact: true })
      .waitFor();

    // Dana leaves; signing in again does not bring her back.
    await again.page.goto(`/teams/${TEAM}`);
    await again.page.getByRole('button', { name: 'Leave team' }).click();
    const dialog = again.page.getByRole('alertdialog', { name: 'Leave Acme People?' });
    await dialog.getByRole('button', { name: 'Leave team' }).click();
    await again.page.waitForURL((u) => u.pathname === '/teams');
    await again.context.clearCookies();
    const later = await ssoSignIn();
    await later.page.waitForURL((u) => u.pathname === '/teams', { timeout: 20_000 });
    await later.page.getByText('You are not in a team yet').waitFor();
    for (const c of [context, again.context, later.context, ownerCtx]) await c.close();
  });

  it('refuses an address outside its domain, and makes no account for it', async () => {
    oidc.vouchFor({
      sub: 'outside-contractor',
      email: 'sam@elsewhere.test',
      email_verified: true,
      name: 'Sam Outside',
    });
    const { context, page } = await ssoSignIn();
    await page.waitForURL((u) => u.searchParams.get('error') === 'oauth', { timeout: 20_000 });
    await page.getByText('Signing in with that provider did not finish').waitFor();
    expect((await page.request.get('/api/me')).status()).toBe(401);
    const users = await server.query<{ n: number | string }>(
      'select count(*) as n from "user" where email = ?',
      ['sam@elsewhere.test'],
    );
    expect(Number(users[0]!.n)).toBe(0);
    await context.close();
  });
});
