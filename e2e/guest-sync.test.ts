import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../server/content/catalog';
import { answerDeepDiveKept, journey, root, signedInContext } from './support';

const deepDive = loadCatalog(join(root, 'content')).grammar.deepDive;

const j = journey();

async function count(sql: string, params: unknown[]): Promise<number> {
  const [row] = await j.server.query<{ n: number | string }>(sql, params);
  return Number(row?.n ?? 0);
}

const status = (page: Page) => page.getByTestId('sync-status');

describe('guest progress that survives', () => {
  it('a guest answers and plans, signs up, and finds it all on the account — once', async () => {
    const context = await j.browser.newContext({ baseURL: j.server.url, serviceWorkers: 'block' });
    const page = await context.newPage();

    await page.goto('/grammar/question/1');
    await answerDeepDiveKept(page, deepDive[0]!, { right: true, visit: false });
    await page.getByRole('link', { name: 'Next' }).click();
    await answerDeepDiveKept(page, deepDive[1]!, { right: false, visit: false });
    await page.getByRole('link', { name: 'Next' }).click();
    await answerDeepDiveKept(page, deepDive[2]!, { right: true, visit: false });

    // Kept in the browser: a reload still shows the answers, in the calendar too.
    await page.goto('/grammar/question/1');
    await page.getByText('✓ Correct answer').waitFor();
    expect(await page.getByTestId('dd-placeholder').count()).toBe(0);
    await page.getByRole('button', { name: 'Questions' }).click();
    const calendar = page.getByRole('region', { name: 'Questions' });
    await calendar.getByRole('link', { name: 'Question 2, incorrect' }).waitFor();
    await calendar.getByRole('link', { name: 'Question 3, correct' }).waitFor();

    await page.goto('/vocabulary/negotiation');
    await page.getByRole('button', { name: 'Plan “leverage”', exact: true }).click();
    await page
      .getByRole('button', { name: 'Remove “leverage” from your plan', exact: true })
      .waitFor();
    await page.getByRole('button', { name: 'Planned words' }).click();
    const drawer = page.getByRole('region', { name: 'Planned words' });
    await expect.poll(() => drawer.getByRole('link').allTextContents()).toEqual(['leverage']);

    // Sign up through the page: the guest's practice joins the new account.
    const email = `guest-${Date.now()}@example.com`;
    const password = 'a guest who stays';
    await page.goto('/user/login');
    await page
      .getByRole('navigation', { name: 'Account' })
      .getByRole('link', { name: 'Create account' })
      .click();
    await page.getByLabel('Your name').fill('Guest Learner');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Your practice as a guest was added to your account.').waitFor();

    const stats = await (await page.request.get('/api/grammar/stats')).json();
    expect(stats.pts.total).toBe(20);
    expect(stats.questions).toEqual({
      'deep-dive-1': true,
      'deep-dive-2': false,
      'deep-dive-3': true,
    });
    const words = await (await page.request.get('/api/items/word')).json();
    expect(words.planned).toEqual(['negotiation-leverage']);
    const { uid } = await (await page.request.get('/api/me')).json();
    const ops = () => count('SELECT count(*) AS n FROM client_op WHERE user_id = ?', [uid]);
    const points = () =>
      count("SELECT count(*) AS n FROM points_event WHERE user_id = ? AND tag = 'total'", [uid]);
    expect(await ops()).toBe(4);
    expect(await points()).toBe(2);

    // Reloading says nothing more and sends nothing more.
    await page.reload();
    await page.getByRole('banner').getByRole('link', { name: 'Your profile' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByText('was added to your account').count()).toBe(0);

    // Signing out and in again adds nothing either.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Sign out' })
      .click();
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).waitFor();
    await page.goto('/user/login');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Your profile' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect((await (await page.request.get('/api/grammar/stats')).json()).pts.total).toBe(20);
    expect(await ops()).toBe(4);
    expect(await points()).toBe(2);
    expect(await page.getByText('was added to your account').count()).toBe(0);
    await context.close();
  });
});

describe('offline practice', () => {
  it('answers made offline wait, then reach the server exactly once — even when a reply is lost', async () => {
    const context = await signedInContext(j.browser, j.server, 'Offline Learner');
    const page = await context.newPage();
    const { uid } = await (await page.request.get('/api/me')).json();
    await page.goto('/grammar/question/1');
    await page.getByTestId('dd-points').waitFor();

    await context.setOffline(true);
    await answerDeepDiveKept(page, deepDive[0]!, { right: true, visit: false });
    await page.getByRole('link', { name: 'Next' }).click();
    await answerDeepDiveKept(page, deepDive[1]!, { right: true, visit: false });
    await page.getByRole('link', { name: 'Next' }).click();
    await answerDeepDiveKept(page, deepDive[2]!, { right: false, visit: false });
    await status(page).getByText('3 answers waiting to sync').waitFor();
    // Counted here already, and no error: the answers are accepted on this device.
    await expect.poll(() => page.getByTestId('dd-points').textContent()).toBe('Points: 20');
    expect(await page.getByRole('alert').filter({ hasText: 'could not be saved' }).count()).toBe(0);
    expect(await count('SELECT count(*) AS n FROM grammar_answer WHERE user_id = ?', [uid])).toBe(
      0,
    );

    // The first sync reaches the server but its reply is lost; the retry must add nothing.
    let syncs = 0;
    await page.route('**/api/sync', async (route) => {
      syncs++;
      if (syncs === 1) {
        await route.fetch();
        await route.abort('failed');
      } else await route.continue();
    });
    await context.setOffline(false);
    // "Syncing…", then (after the lost reply) waiting again, then "All synced." and nothing.
    await expect
      .poll(() => status(page).textContent(), { timeout: 30_000 })
      .toMatch(/^(All synced\.)?$/);
    expect(syncs).toBeGreaterThanOrEqual(2);
    await expect.poll(() => page.getByText('All synced').count(), { timeout: 10_000 }).toBe(0);

    expect(
      await j.server.query(
        'SELECT question_id, correct FROM grammar_answer WHERE user_id = ? ORDER BY question_id',
        [uid],
      ),
    ).toEqual([
      { question_id: 'deep-dive-1', correct: 1 },
      { question_id: 'deep-dive-2', correct: 1 },
      { question_id: 'deep-dive-3', correct: 0 },
    ]);
    expect(await count('SELECT count(*) AS n FROM client_op WHERE user_id = ?', [uid])).toBe(3);
    const stats = await (await page.request.get('/api/grammar/stats')).json();
    expect(stats.pts.total).toBe(20);
    await expect.poll(() => page.getByTestId('dd-points').textContent()).toBe('Points: 20');
    await context.close();
  });
});

describe('offline practice in the installed app', () => {
  it('opens quizzes, deep-dive questions and word sets offline from the cache, and keeps answers', async () => {
    // Service workers allowed here: content comes from the runtime cache once visited.
    const context = await j.browser.newContext({ baseURL: j.server.url });
    const page = await context.newPage();
    await page.goto('/grammar/question/4');
    await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      if (!reg.active) throw new Error('no active worker');
    });
    // Under the worker's control, visiting a page caches its content.
    await page.reload();
    await page.getByRole('heading', { name: 'Deep Dive 4' }).waitFor();
    await page.getByTestId('dd-placeholder').waitFor();
    await page.goto('/grammar/conditionals');
    await page.getByRole('heading', { name: 'The rules' }).waitFor();
    await page.goto('/vocabulary/negotiation');
    await page.getByRole('button', { name: 'Plan “leverage”', exact: true }).waitFor();

    await context.setOffline(true);
    await page.goto('/grammar/question/4');
    await answerDeepDiveKept(page, deepDive[3]!, { right: true, visit: false });
    await page.goto('/grammar/conditionals');
    await page.getByRole('heading', { name: 'The rules' }).waitFor();
    await page
      .getByRole('main')
      .getByRole('link', { name: 'Practice', exact: true })
      .first()
      .click();
    await page.getByRole('heading', { name: /^Practice: 1 \// }).waitFor();
    await page.goto('/vocabulary/negotiation');
    await page.getByRole('button', { name: 'Plan “leverage”', exact: true }).click();
    await page
      .getByRole('button', { name: 'Remove “leverage” from your plan', exact: true })
      .waitFor();

    // Still offline, a new start shows what was done.
    await page.goto('/grammar/question/4');
    await page.getByText('✓ Correct answer').waitFor();
    expect(await page.getByTestId('dd-placeholder').count()).toBe(0);
    await context.close();
  });
});
