import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startOidcProvider, startServer, type RunningServer } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

describe('an email account, end to end', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('creates an account, confirms it from the outbox, edits the profile, signs out and back in', async () => {
    const context = await browser.newContext({ baseURL: server.url, serviceWorkers: 'block' });
    const page = await context.newPage();
    const email = `learner-${Date.now()}@example.com`;
    const password = 'a long enough passphrase';

    await page.goto('/user/login?mode=signup&next=/grammar');
    await page.getByLabel('Your name').fill('Priya Nair');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    // A new account goes through onboarding, then where it was going.
    await page.waitForURL((u) => u.pathname === '/welcome');
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await page.waitForURL((u) => u.pathname === '/grammar');
    await page.getByRole('banner').getByRole('link', { name: 'Your profile' }).waitFor();
    await page.getByText('Please confirm your email address').waitFor();

    // The dev outbox holds the confirmation mail; its link signs in and lands on /user/verified.
    await page.goto('/dev/mail');
    await page.getByRole('link', { name: 'Confirm email address' }).first().click();
    await page.waitForURL('**/user/verified');
    await expect.poll(() => heading(page).textContent()).toBe('Email address confirmed');
    await expect.poll(() => page.getByText('Please confirm your email address').count()).toBe(0);

    // Profile: the name is there; pick a job title by keyboard; it survives a reload.
    await page.goto('/activity/edit-your-profile');
    await expect.poll(() => page.getByLabel('Display name').inputValue()).toBe('Priya Nair');
    const job = page.getByRole('combobox', { name: 'Job title' });
    await job.click();
    await job.pressSequentially('front e');
    await page.getByRole('option', { name: 'Front-End Developer' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => job.inputValue()).toBe('Front-End Developer');
    await page.getByLabel('Headline').fill('Building accessible interfaces');
    await page.getByLabel('Headline').blur();
    await expect
      .poll(
        async () =>
          (await (await page.request.get('/api/profile')).json()) as Record<string, unknown>,
      )
      .toMatchObject({
        jobTitle: 'Front-End Developer',
        headline: 'Building accessible interfaces',
      });
    await page.reload();
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Job title' }).inputValue())
      .toBe('Front-End Developer');

    // Sign out from the menu, then sign in again.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Sign out' })
      .click();
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).waitFor();
    expect((await page.request.get('/api/me')).status()).toBe(401);

    await page.goto('/user/login');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill('not my password at all');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'do not match' }).waitFor();
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/activity');
    await page.getByRole('banner').getByRole('link', { name: 'Your profile' }).waitFor();
    await context.close();
  });

  it('gives each mode its own subtitle, fills a wide screen, and offers Sign up in the menu to guests', async () => {
    const context = await browser.newContext({
      baseURL: server.url,
      serviceWorkers: 'block',
      viewport: { width: 1366, height: 900 },
    });
    const page = await context.newPage();
    const purpose = page.getByTestId('page-purpose');
    const subtitles = new Set<string | null>();
    for (const [mode, title] of [
      ['signin', 'Log in'],
      ['signup', 'Create account'],
      ['forgot', 'Forgot password'],
    ] as const) {
      await page.goto(`/user/login?mode=${mode}`);
      await expect.poll(() => heading(page).textContent()).toBe(title);
      subtitles.add(await purpose.textContent());
    }
    expect(subtitles.size).toBe(3);
    await page.goto('/user/login?mode=signup');
    expect(await purpose.textContent()).not.toMatch(/^Log in/);

    // At 1366 px the form shares the width with what an account keeps.
    const form = await page.locator('form').boundingBox();
    const panel = page.getByRole('complementary', { name: 'What your account keeps' });
    const aside = await panel.boundingBox();
    expect(form && aside && aside.x >= form.x + form.width).toBe(true);
    expect(aside && aside.x + aside.width).toBeGreaterThan(1000);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await panel.isVisible()).toBe(false);

    // Guests find "Sign up" beside "Log in" in the menu; it opens the sign-up form.
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    const items = await nav.getByRole('listitem').allTextContents();
    expect(items[items.indexOf('Log in') + 1]).toBe('Sign up');
    await nav.getByRole('link', { name: 'Sign up', exact: true }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Create account');
    expect(new URL(page.url()).searchParams.get('mode')).toBe('signup');
    await context.close();

    const member = await browser.newContext({ baseURL: server.url, serviceWorkers: 'block' });
    const email = `menu-${Date.now()}@example.com`;
    const headers = { Origin: server.url };
    const data = { name: 'Menu Member', email, password: 'a long enough passphrase' };
    await member.request.post('/api/auth/sign-up/email', { data, headers });
    await member.request.post('/api/auth/sign-in/email', { data, headers });
    const signedIn = await member.newPage();
    await signedIn.goto('/');
    await signedIn.getByRole('button', { name: 'Menu' }).click();
    await signedIn.getByRole('navigation', { name: 'Main' }).getByText('Sign out').waitFor();
    expect(
      await signedIn.getByRole('navigation', { name: 'Main' }).getByText('Sign up').count(),
    ).toBe(0);
    await member.close();
  });

  it('resets a forgotten password with the link from the outbox', async () => {
    const context = await browser.newContext({ baseURL: server.url, serviceWorkers: 'block' });
    const page = await context.newPage();
    const email = `forgetful-${Date.now()}@example.com`;
    const res = await page.request.post('/api/auth/sign-up/email', {
      data: { name: 'Forgetful', email, password: 'the first password' },
      headers: { Origin: server.url },
    });
    expect(res.status()).toBe(200);

    await page.goto('/user/login?mode=forgot');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText(`If an account exists for ${email}`).waitFor();

    await page.goto('/dev/mail');
    await page.getByRole('link', { name: 'Choose a new password' }).first().click();
    await page.waitForURL('**/user/reset-password?token=*');
    await page.getByLabel('New password', { exact: true }).fill('the second password');
    await page.getByLabel('Repeat the new password').fill('the second password');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('Your password is changed').waitFor();

    const signIn = await page.request.post('/api/auth/sign-in/email', {
      data: { email, password: 'the second password' },
      headers: { Origin: server.url },
    });
    expect(signIn.status()).toBe(200);
    await context.close();
  });
});

describe('Google sign-in through OpenID Connect', () => {
  let oidc: Awaited<ReturnType<typeof startOidcProvider>>;
  let server: RunningServer;
  beforeAll(async () => {
    // The identity the local provider vouches for: each test sets its own.
    oidc = await startOidcProvider();
    server = await startServer({
      GOOGLE_CLIENT_ID: 'skillway-test-client',
      GOOGLE_CLIENT_SECRET: 'skillway-test-secret',
      GOOGLE_DISCOVERY_URL: oidc.discoveryUrl,
    });
  });
  afterAll(async () => {
    await server?.stop();
    await oidc?.stop();
  });

  async function signUpLocally(email: string, verified: boolean) {
    const res = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url },
      body: JSON.stringify({ name: 'Local Owner', email, password: 'local account password' }),
    });
    expect(res.status).toBe(200);
    if (verified) {
      await server.query('update "user" set "emailVerified" = ? where email = ?', [
        server.dialect === 'postgres' ? true : 1,
        email,
      ]);
    }
  }

  async function googleSignIn(next: string) {
    const context = await browser.newContext({ baseURL: server.url, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`/user/login?next=${next}`);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    return { context, page };
  }

  it('does not link Google onto an unverified account with the same address', async () => {
    const email = `unverified-${Date.now()}@example.com`;
    await signUpLocally(email, false);
    oidc.vouchFor({
      sub: 'google-unverified-owner',
      email,
      email_verified: true,
      name: 'Someone Else',
    });
    const { context, page } = await googleSignIn('/insights');
    await page.waitForURL((u) => u.searchParams.get('error') === 'oauth', { timeout: 20_000 });
    await page.getByText('Signing in with that provider did not finish').waitFor();
    expect((await page.request.get('/api/me')).status()).toBe(401);
    await context.close();
  });

  it('links Google onto a verified account with the same address', async () => {
    const email = `verified-${Date.now()}@example.com`;
    await signUpLocally(email, true);
    oidc.vouchFor({
      sub: 'google-verified-owner',
      email,
      email_verified: true,
      name: 'Local Owner',
    });
    const { context, page } = await googleSignIn('/prompts');
    await page.waitForURL((u) => u.pathname === '/prompts', { timeout: 20_000 });
    const me = await (await page.request.get('/api/me')).json();
    expect(me).toMatchObject({ email, provider: 'password' });
    const exported = await (await page.request.get('/api/me/export')).json();
    expect(exported.signInMethods.map((m: { provider: string }) => m.provider).sort()).toEqual([
      'google',
      'password',
    ]);
    await context.close();
  });

  it('shows the Google button only when configured and signs in through the full redirect flow', async () => {
    oidc.vouchFor({
      sub: 'google-oauth-learner',
      email: 'oauth.learner@example.com',
      email_verified: true,
      name: 'Oauth Learner',
    });
    const context = await browser.newContext({ baseURL: server.url, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto('/user/login?next=/vocabulary');
    expect(await page.getByRole('button', { name: 'Continue with Facebook' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    // A first Google sign-in creates the account, so onboarding comes first.
    await page.waitForURL((u) => u.pathname === '/welcome', { timeout: 20_000 });
    expect(new URL(page.url()).searchParams.get('next')).toBe('/vocabulary');
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await page.waitForURL((u) => u.pathname === '/vocabulary');
    await page.getByRole('banner').getByRole('link', { name: 'Your profile' }).waitFor();
    const me = await (await page.request.get('/api/me')).json();
    expect(me).toMatchObject({
      email: 'oauth.learner@example.com',
      displayName: 'Oauth Learner',
      provider: 'google',
      emailVerified: true,
    });
    await context.close();
  });
});
