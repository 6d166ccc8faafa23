import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { root, signedInContext, journey } from './support';

const j = journey();

/** The local premium override, as a developer would run it: `npm run set-role`. */
function setRole(email: string, role: 'premium' | 'free') {
  const run = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/tsx/dist/cli.mjs'),
      'server/features/billing/set-role-cli.ts',
      email,
      role,
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATA_DIR: j.server.dataDir,
        ...(j.server.databaseUrl ? { DATABASE_URL: j.server.databaseUrl } : {}),
      },
      encoding: 'utf8',
    },
  );
  expect(run.status, run.stderr).toBe(0);
}

const email = async (page: Page) =>
  (await (await page.request.get('/api/me')).json()).email as string;

describe('the paid tier', () => {
  it('a premium prompt and interview question show the upgrade path to a free user and open for a premium one', async () => {
    const context = await signedInContext(j.browser, j.server, 'Tier Tester');
    const page = await context.newPage();

    await page.goto('/prompts');
    const card = page.getByRole('article', { name: 'Open a quarterly all-hands' });
    await card.getByText('Premium').waitFor();

    await page.goto('/prompts/open-a-quarterly-all-hands');
    await page.getByRole('heading', { name: 'This prompt is part of Premium' }).waitFor();
    expect(await page.getByRole('heading', { name: 'The prompt' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
    await page
      .getByRole('alert')
      .getByText('Payments are not configured on this server, so upgrading is not available here.')
      .waitFor();

    await page.goto('/interviews/behavioral?interview=unpopular-decision');
    await page
      .getByRole('heading', { name: 'This interview question is part of Premium' })
      .waitFor();

    await page.goto('/activity');
    await page.getByRole('heading', { name: 'Your plan: Free' }).waitFor();

    setRole(await email(page), 'premium');
    await page.goto('/prompts/open-a-quarterly-all-hands');
    await page.getByRole('heading', { name: 'The prompt' }).waitFor();
    expect(
      await page.getByRole('heading', { name: 'This prompt is part of Premium' }).count(),
    ).toBe(0);
    await page.goto('/interviews/behavioral?interview=unpopular-decision');
    await page.getByRole('heading', { name: 'What the interviewer is looking for' }).waitFor();
    await page.goto('/activity');
    await page.getByRole('heading', { name: 'Your plan: ★ Premium' }).waitFor();
    await context.close();
  });

  it('a successful return from Checkout sends the conversion (50 INR) once and confirms Premium', async () => {
    const context = await signedInContext(j.browser, j.server, 'Converted Learner');
    const page = await context.newPage();
    await page.goto('/activity');
    setRole(await email(page), 'premium');
    const { uid: id } = await (await page.request.get('/api/me')).json();
    await page.goto('/activity?checkout=success');
    await page.getByText('Welcome to Premium: every item is open to you now.').waitFor();
    expect(new URL(page.url()).search).toBe('');
    await expect
      .poll(async () =>
        j.server.query<{ value: number; currency: string }>(
          "SELECT value, currency FROM analytics_event WHERE user_id = ? AND name = 'conversion'",
          [id],
        ),
      )
      .toEqual([{ value: 50, currency: 'INR' }]);
    await page.reload();
    await page.getByRole('heading', { name: 'Your plan: ★ Premium' }).waitFor();
    expect(
      await j.server.query(
        "SELECT id FROM analytics_event WHERE user_id = ? AND name = 'conversion'",
        [id],
      ),
    ).toHaveLength(1);
    await context.close();
  });

  it('a canceled Checkout says nothing was charged', async () => {
    const context = await signedInContext(j.browser, j.server, 'Hesitant Learner');
    const page = await context.newPage();
    await page.goto('/activity?checkout=cancelled');
    await page.getByText('Checkout was canceled. Nothing was charged.').waitFor();
    await context.close();
  });
});
