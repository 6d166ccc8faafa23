import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatDayMonth } from '../core/dates';
import { tagLabel } from '../core/progress/tags';
import { loadCatalog } from '../server/content/catalog';
import { root, journey } from './support';

const catalog = loadCatalog(join(root, 'content'));
const deep1 = catalog.grammar.deepDive[0];
const nouns = catalog.grammar.topics.get('nouns');
const prompt = catalog.prompts.find((p) => p.id === 'decline-a-meeting-politely');
if (!deep1 || !nouns || !prompt) throw new Error('content is missing');

/** Not the machine's zone, so the dashboard has to use the browser's. */
const ZONE = 'Asia/Kolkata';

const j = journey();

/** A context in ZONE, signed in as a new learner through the real auth endpoints. */
async function learnerInZone(): Promise<BrowserContext> {
  const context = await j.browser.newContext({
    baseURL: j.server.url,
    serviceWorkers: 'block',
    timezoneId: ZONE,
  });
  const email = `e2e-dash-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'e2e learner password';
  const headers = { Origin: j.server.url };
  await context.request.post('/api/auth/sign-up/email', {
    data: { name: 'Dashboard Learner', email, password },
    headers,
  });
  const res = await context.request.post('/api/auth/sign-in/email', {
    data: { email, password },
    headers,
  });
  if (res.status() !== 200) throw new Error(`sign-in failed: ${res.status()}`);
  return context;
}

describe('results dashboard', () => {
  it('guests see what they would get and a login link', async () => {
    const context = await j.browser.newContext({ baseURL: j.server.url, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto('/activity');
    // One panel: what this device keeps, what the page shows once they log in, and how.
    const panel = page.getByTestId('device-kept');
    await panel.getByRole('heading', { name: 'Kept on this device' }).waitFor();
    await panel.getByRole('heading', { name: 'Once you log in, this page shows' }).waitFor();
    await panel.getByText('a calendar of the days you practiced, and your streak.').waitFor();
    // Logging in (or signing up) comes back here.
    expect(await panel.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      '/user/login?next=%2Factivity',
    );
    expect(
      await panel.getByRole('link', { name: 'Create a free account' }).getAttribute('href'),
    ).toBe('/user/login?mode=signup&next=%2Factivity');
    // …and it is the page's only call to log in.
    expect(await page.getByRole('main').getByRole('link', { name: 'Log in' }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Your results', exact: true }).count()).toBe(0);
    await context.close();
  });

  it('a learner answers, quizzes and plans, then sees points, grammar, lists, today and one streak', async () => {
    const context = await learnerInZone();
    const page = await context.newPage();

    // Empty at first, with the first step offered.
    await page.goto('/activity');
    await page.getByRole('heading', { name: 'Your results', exact: true }).waitFor();
    await page.getByText('Active on 0 days in the last 12 weeks').waitFor();
    expect(
      await page
        .getByRole('link', { name: 'Answer your first grammar question' })
        .first()
        .getAttribute('href'),
    ).toBe('/grammar/question/1');

    // Answer deep-dive question 1 correctly through the page.
    await page.goto('/grammar/question/1');
    await page.getByRole('heading', { name: 'Deep Dive 1' }).waitFor();
    const saved = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/grammar/answers' && r.status() === 200,
    );
    await page
      .getByRole('button', { name: deep1.options[deep1.correctIndex]!, exact: false })
      .first()
      .click();
    await saved;
    // A nouns quiz with every answer wrong, and a planned prompt, through the API.
    const quiz = await context.request.post('/api/grammar/attempts', {
      data: {
        attemptId: randomUUID(),
        topicId: 'nouns',
        answers: nouns.questions.map((q) => (q.correctIndex + 1) % q.options.length),
      },
    });
    expect(quiz.status()).toBe(200);
    expect((await context.request.post(`/api/items/prompt/${prompt.id}/plan`)).status()).toBe(200);
    // Opening the prompt's page is a visit.
    const visited = page.waitForResponse(
      (r) => r.url().endsWith(`/api/items/prompt/${prompt.id}/visit`) && r.status() === 200,
    );
    await page.goto(`/prompts/${prompt.id}`);
    await visited;

    const loaded = page.waitForResponse(
      (r) => r.url().includes('/api/dashboard?') && r.status() === 200,
    );
    await page.goto('/activity');
    // The browser's zone is sent (Chromium may name Kolkata by its older alias).
    expect(['Asia/Kolkata', 'Asia/Calcutta']).toContain(
      new URL((await loaded).url()).searchParams.get('tz'),
    );
    await page.getByRole('heading', { name: 'Your results', exact: true }).waitFor();

    await expect.poll(() => page.getByTestId('points-total').textContent()).toBe('10');
    expect(await page.getByTestId('deep-dive-progress').textContent()).toBe('Deep dive: 1 / 30');
    // Points by tag in words, never the content's ids ("business-writing").
    const byTag = page.getByRole('list', { name: 'Points by skill and topic' });
    expect((await byTag.getByRole('listitem').allTextContents()).sort()).toEqual(
      deep1.tags.map((t) => `${tagLabel(t)}: 10`).sort(),
    );
    expect(await byTag.textContent()).not.toMatch(/[a-z]-[a-z]/);
    for (const tag of deep1.tags.filter((t) => t.includes('-')))
      expect(await page.getByText(tag).count()).toBe(0);
    const weakest = page.getByRole('link', { name: 'Practice Nouns' });
    expect(await weakest.getAttribute('href')).toBe('/grammar/nouns');
    expect(await weakest.locator('xpath=..').textContent()).toContain('0% · ✗ Needs practice');

    const prompts = page.getByRole('row', { name: /Prompts/ });
    expect(await prompts.getByRole('cell').allTextContents()).toEqual(['1', '0', '0']);
    expect(await page.getByRole('link', { name: prompt.title }).getAttribute('href')).toBe(
      `/prompts/${prompt.id}`,
    );

    const today = formatDayMonth(new Date(), ZONE);
    const answers = 1 + nouns.questions.length;
    await page
      .getByRole('img', {
        name: `${today}: ${answers} questions answered, 1 item opened (today)`,
      })
      .waitFor();
    await page
      .getByText(`Today: ${answers} questions answered, 1 item opened.`, { exact: false })
      .waitFor();
    await page.getByText('Active on 1 day in the last 12 weeks').waitFor();
    // The daily goal: 10 of the default 150 points; choosing Casual (50) is saved and shown.
    const progress = page.getByRole('progressbar', { name: 'Today’s points toward your goal' });
    expect(await progress.getAttribute('aria-valuenow')).toBe('10');
    expect(await progress.getAttribute('aria-valuemax')).toBe('150');
    // One streak on the page (issue 26 finding 5: it showed 'Goal streak 0 days' beside
    // 'Current streak 1 day'): the goal streak, with how freezes are earned.
    await page.getByTestId('goal-streak').getByText('Streak: 0 days').waitFor();
    expect(await page.getByText(/streak: \d+ days?/i).count()).toBe(1);
    await page
      .getByTestId('goal-freezes')
      .getByText(/to earn a streak freeze/)
      .waitFor();
    await page.getByLabel('Points a day').selectOption('50');
    await page.waitForFunction(
      () =>
        document
          .querySelector('[role="progressbar"][aria-label="Today’s points toward your goal"]')
          ?.getAttribute('aria-valuemax') === '50',
    );
    expect(await page.getByText('✓ Goal met').count()).toBe(0);

    // The chart has a text summary and a table alternative.
    await page.getByText('Show points per week as a table').click();
    const weeks = page.getByRole('table').filter({ hasText: 'Week' });
    expect(await weeks.getByRole('row').count()).toBe(13);
    await context.close();
  });
});
