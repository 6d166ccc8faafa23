import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../server/content/catalog';
import { answerDeepDiveKept, journey, root } from './support';

const deepDive = loadCatalog(join(root, 'content')).grammar.deepDive;

const j = journey();

const OFFLINE = 'You’re offline. Your practice is kept on this device and syncs when you’re back.';
const status = (page: Page) => page.getByTestId('sync-status');

/** Answers deep-dive question n correctly while online; resolves once the server has it. */
async function answerOnline(page: Page, n: number) {
  const q = deepDive[n - 1]!;
  await page.goto(`/grammar/question/${n}`);
  await page.getByTestId('dd-placeholder').waitFor();
  const saved = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/grammar/answers' && r.request().method() === 'POST',
  );
  await page.keyboard.press(String(q.correctIndex + 1));
  expect((await saved).status()).toBe(200);
}

describe('offline, the learner is still who they are', () => {
  it('a reload offline keeps the signed-in shell, Today from the cache and a calm banner; back online it all syncs', async () => {
    // Service workers allowed: the installed app opens offline from its cache.
    const context = await j.browser.newContext({ baseURL: j.server.url });
    const page = await context.newPage();
    await page.goto('/');
    await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      if (!reg.active) throw new Error('no active worker');
    });
    // The worker takes control of the page that installed it (no reload), so what the app
    // reads from the first session on is cached as it goes.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    // Sign up through the page and choose the settings on the way.
    const email = `offline-${Date.now()}@example.com`;
    await page.goto('/user/login?mode=signup');
    await page.getByLabel('Your name').fill('Ana Lima');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill('a long offline password');
    await page.getByRole('button', { name: 'Create account' }).last().click();
    await page.waitForURL((u) => u.pathname === '/welcome');
    await page.getByRole('radio', { name: /^Tech/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('radio', { name: /^Senior/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('radio', { name: /^Casual/ }).check();
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByTestId('today-goal').getByText('0 of 50 points').waitFor();

    // Online: one answer earns 10 points; Today shows them.
    await answerOnline(page, 1);
    await page.goto('/');
    await page.getByTestId('today-goal').getByText('10 of 50 points').waitFor();
    await page.getByTestId('continue-action').waitFor();

    // Offline: two more answers wait on this device.
    await context.setOffline(true);
    await page.goto('/grammar/question/2');
    await answerDeepDiveKept(page, deepDive[1]!, { right: true, visit: false });
    await page.getByRole('link', { name: 'Next' }).click();
    await answerDeepDiveKept(page, deepDive[2]!, { right: true, visit: false });
    await status(page).getByText(OFFLINE).waitFor();
    await status(page).getByText('2 answers waiting to sync').waitFor();

    // Meanwhile the server moves on (another device, say): what Today shows offline is the
    // cached copy, not a fresh read.
    const other = await context.request.post('/api/grammar/answers?tz=UTC', {
      data: { questionId: 'deep-dive-4', choiceIndex: deepDive[3]!.correctIndex },
      headers: { Origin: j.server.url },
    });
    expect(other.status()).toBe(200);

    // A setting changed offline stays: Senior becomes Mid-level on this device now, and on
    // the account once the network is back.
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByLabel('Level')
      .selectOption('Mid-level');
    await page.keyboard.press('Escape');

    // A reload offline: still Ana, still Tech and now Mid-level, Today from the cache, the banner.
    await page.reload();
    const banner = page.getByRole('banner');
    await banner.getByRole('link', { name: 'Your profile' }).waitFor();
    expect(await banner.getByRole('link', { name: 'Your profile' }).getAttribute('title')).toBe(
      'Ana Lima',
    );
    await status(page).getByText(OFFLINE).waitFor();
    await status(page).getByText('2 answers waiting to sync').waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
    await page.getByTestId('today-goal').getByText('10 of 50 points').waitFor();
    await page
      .getByTestId('today-as-of')
      .getByText(/^As of /)
      .waitFor();
    await page.getByTestId('continue-action').waitFor();
    const { violations } = await new AxeBuilder({ page }).setLegacyMode().analyze();
    expect(
      violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
    ).toEqual([]);
    // At 320 px the banner sits in the page's flow, between the top bar and the page.
    await page.setViewportSize({ width: 320, height: 700 });
    const box = async (locator: ReturnType<Page['locator']>) => (await locator.boundingBox())!;
    const note = await box(status(page).getByText(OFFLINE));
    expect(note.y).toBeGreaterThanOrEqual((await box(banner)).height);
    expect((await box(page.getByRole('heading', { level: 1 }))).y).toBeGreaterThan(
      note.y + note.height,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      320,
    );
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Main' });
    await menu.getByText('Signed in as Ana Lima').waitFor();
    // Signing out could not end the session offline: it waits for the network.
    expect(await menu.getByRole('button', { name: 'Sign out' }).count()).toBe(0);
    expect(await menu.getByLabel('Profession').inputValue()).toBe('Tech');
    expect(await menu.getByLabel('Level').inputValue()).toBe('Mid-level');
    // Nothing invites a login, which cannot work offline.
    expect(await page.getByRole('link', { name: /log ?in|sign up/i }).count()).toBe(0);
    expect(await page.getByText(/log ?in\b/i).count()).toBe(0);
    await page.keyboard.press('Escape');

    // The profile needs the server: offline it says so calmly, with no error.
    await page.setViewportSize({ width: 1280, height: 720 });
    await banner.getByRole('link', { name: 'Your profile' }).click();
    await page.getByText('Your profile needs a connection.', { exact: false }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();

    // Back online: the banner goes, "All synced." shows, and the points are on the server.
    await context.setOffline(false);
    await status(page).getByText('All synced.').waitFor({ timeout: 30_000 });
    expect(await page.getByText(OFFLINE).count()).toBe(0);
    await page.getByRole('button', { name: 'Menu' }).click();
    await menu.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.keyboard.press('Escape');
    const stats = await (await page.request.get('/api/grammar/stats')).json();
    expect(stats.pts.total).toBe(40);
    await expect
      .poll(async () => (await (await page.request.get('/api/session')).json()).user.settings.level)
      .toBe('Mid-level');
    expect(stats.questions).toMatchObject({
      'deep-dive-1': true,
      'deep-dive-2': true,
      'deep-dive-3': true,
      'deep-dive-4': true,
    });
    // Today catches up with the server.
    await page.getByTestId('today-goal').getByText('40 of 50 points').waitFor();
    expect(await page.getByTestId('today-as-of').count()).toBe(0);
    await context.close();
  });

  it('a guest offline is told their practice is kept, and is not asked to log in until back', async () => {
    const context = await j.browser.newContext({ baseURL: j.server.url });
    const page = await context.newPage();
    await page.goto('/');
    await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      if (!reg.active) throw new Error('no active worker');
    });
    await page.reload();
    const banner = page.getByRole('banner');
    await banner.getByRole('link', { name: 'Log in' }).waitFor();

    await context.setOffline(true);
    await page.reload();
    await status(page).getByText('You’re offline. Your practice is kept on this device.').waitFor();
    expect(await status(page).getByText('syncs when you’re back').count()).toBe(0);
    await page.getByTestId('guest-start').getByRole('link', { name: 'Start the quiz' }).waitFor();
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link').first().waitFor();
    expect(
      await page.getByRole('link', { name: /log ?in|sign up|create a free account/i }).count(),
    ).toBe(0);
    expect(await page.getByText('to keep your progress on every device').isVisible()).toBe(false);
    await page.keyboard.press('Escape');

    await context.setOffline(false);
    await banner.getByRole('link', { name: 'Log in' }).waitFor();
    expect(await page.getByText('You’re offline').count()).toBe(0);
    await context.close();
  });
});
