import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  signedInContext,
  startOidcProvider,
  startServer,
  type RunningServer,
} from './support';

// The organization's identity provider (OIDC_*), played by a local OpenID Connect server:
// only its own domain signs in, and signing in joins the organization's team.

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
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await oidc?.stop();
});

async function ssoSignIn() {
  const context = await browser.newContext({ baseURL: server.url, serviceWorkers: 'block' });
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
  it('signs in an address of its domain, which joins the team as a member', async () => {
    // The owner sets the team up; OIDC_TEAM names it.
    const ownerCtx = await signedInContext(browser, server, 'Olga Owner');
    expect(
      (
        await ownerCtx.request.post('/api/teams', {
          data: { name: 'Acme People', slug: TEAM },
          headers: { Origin: server.url },
        })
      ).status(),
    ).toBe(201);

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
    const owner = await ownerCtx.newPage();
    await owner.goto(`/teams/${TEAM}`);
    await owner
      .getByRole('region', { name: /^Members/ })
      .getByText('Dana Lee', { exact: true })
      .waitFor();
    for (const c of [context, again.context, ownerCtx]) await c.close();
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
