import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { root, signedInContext, journey } from './support';

// Premium stays locked on this server, which cannot take payments.
const j = journey({ env: { PREMIUM_WITHOUT_PAYMENTS: 'locked' } });

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
    await page.getByRole('heading', { level: 1, name: 'Open a quarterly all-hands' }).waitFor();
    expect(await page.getByRole('heading', { name: 'The prompt' }).count()).toBe(0);
    // No upgrade the same server would then call unavailable: it says whom to ask.
    await page
      .getByText('Premium can’t be bought here. Ask whoever runs Skillway for your organization')
      .waitFor();
    expect(await page.getByRole('button', { name: 'Upgrade to Premium' }).count()).toBe(0);

    await page.goto('/interviews/behavioral?interview=unpopular-decision');
    await page
      .getByRole('heading', { name: 'This interview question is part of Premium' })
      .waitFor();

    await page.goto('/activity');
    await page.getByRole('heading', { name: 'Your plan: Free' }).waitFor();
    expect(await page.getByRole('button', { name: 'Upgrade to Premium' }).count()).toBe(0);

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

describe('premium on a server without payments, by default', () => {
  const open = journey();

  it('opens every item to guests and free users and shows no lock or upgrade', async () => {
    const guest = await open.browser.newContext({
      baseURL: open.server.url,
      serviceWorkers: 'block',
    });
    const page = await guest.newPage();
    await page.goto('/prompts');
    const card = page.getByRole('article', { name: 'Open a quarterly all-hands' });
    await card.waitFor();
    // The badge waits for /api/config; once the network is quiet it would be there.
    await page.waitForLoadState('networkidle');
    expect(await card.getByText('Premium').count()).toBe(0);
    expect(await page.getByRole('main').getByText('★').count()).toBe(0);
    await page.goto('/prompts/open-a-quarterly-all-hands');
    await page.getByRole('heading', { level: 1, name: 'Open a quarterly all-hands' }).waitFor();
    await page.getByRole('heading', { name: 'The prompt' }).waitFor();
    expect(await page.getByText('part of Premium').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Upgrade to Premium' }).count()).toBe(0);
    await page.goto('/interviews/behavioral?interview=unpopular-decision');
    await page.getByRole('heading', { name: 'What the interviewer is looking for' }).waitFor();
    expect(await page.getByText('part of Premium').count()).toBe(0);
    await guest.close();

    const context = await signedInContext(open.browser, open.server, 'Open Learner');
    const signed = await context.newPage();
    await signed.goto('/activity');
    await signed
      .getByText('Every prompt, insight, activity and interview question is yours to practice.')
      .waitFor();
    expect(await signed.getByRole('button', { name: 'Upgrade to Premium' }).count()).toBe(0);
    expect(await signed.getByText('can’t be bought here').count()).toBe(0);
    await context.close();
  });
});

describe('premium on a server that takes payments', () => {
  // Checkout is never started here, so the key and price need not be real.
  const paid = journey({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_skillway',
      STRIPE_PRICE_ID: 'price_premium_monthly',
      PREMIUM_WITHOUT_PAYMENTS: 'open',
    },
  });

  it("a locked item's page keeps its real title and says how to unlock it, linking to the plan", async () => {
    const context = await signedInContext(paid.browser, paid.server, 'Locked Learner');
    const page = await context.newPage();
    await page.goto('/insights/cynefin-framework');
    await page.getByRole('heading', { level: 1, name: 'Cynefin framework' }).waitFor();
    await page.getByText('To open it, upgrade to Premium from your plan').waitFor();
    await page.getByRole('button', { name: 'Upgrade to Premium' }).waitFor();

    await page.goto('/activity?activity=okr-draft');
    await page.getByRole('heading', { name: 'This activity is part of Premium' }).waitFor();
    await page.getByRole('heading', { level: 2, name: /OKR/ }).waitFor();

    await page.getByRole('link', { name: 'your plan' }).click();
    await page.getByRole('heading', { name: 'Your plan: Free' }).waitFor();
    expect(new URL(page.url()).hash).toBe('#plan');
    await page
      .getByRole('region', { name: 'Your plan: Free' })
      .getByRole('button', {
        name: 'Upgrade to Premium',
      })
      .waitFor();
    await context.close();

    const guest = await paid.browser.newContext({
      baseURL: paid.server.url,
      serviceWorkers: 'block',
    });
    const anon = await guest.newPage();
    await anon.goto('/prompts/open-a-quarterly-all-hands');
    await anon.getByRole('heading', { level: 1, name: 'Open a quarterly all-hands' }).waitFor();
    await anon.getByText('To open it, log in and upgrade to Premium from your plan').waitFor();
    await guest.close();
  });

  for (const size of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ])
    it(`at ${size.width} px, 'your plan' lands on the plan section clear of the sticky header`, async () => {
      const context = await signedInContext(paid.browser, paid.server, 'Plan Finder');
      const page = await context.newPage();
      await page.setViewportSize(size);
      await page.goto('/insights/cynefin-framework');
      await page.getByRole('link', { name: 'your plan' }).click();
      const plan = page.getByRole('region', { name: 'Your plan: Free' });
      await plan.waitFor();
      await page.waitForLoadState('networkidle');
      // Let the smooth part of any scroll, and anything loading above, settle.
      await page.waitForTimeout(500);
      const header = await page.getByRole('banner').boundingBox();
      const section = await plan.boundingBox();
      if (!header || !section) throw new Error('expected the header and the plan on screen');
      // The whole heading is below the header, and the whole section is on screen (the last
      // section of the page: on a tall screen it cannot scroll to the top).
      expect(section.y).toBeGreaterThanOrEqual(header.y + header.height);
      expect(section.y + section.height).toBeLessThanOrEqual(size.height);
      await context.close();
    });
});
