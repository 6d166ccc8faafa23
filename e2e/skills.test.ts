import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInContext, journey } from './support';

const j = journey();

const gapNames = (page: Page) =>
  page.getByTestId('skill-gaps').getByTestId('gap-skill').allTextContents();
const foundationPoints = (page: Page) =>
  page.getByTestId('radar-foundation-scores').getAttribute('points');

describe('skills profile', () => {
  it('rates a skill against the Tech profile: the gap closes, the radar moves, the rating stays', async () => {
    const context = await signedInContext(j.browser, j.server, 'Skills Learner');
    const page = await context.newPage();
    await page.goto('/activity');
    await page.getByRole('heading', { level: 2, name: 'Your skills profile' }).waitFor();

    await page.getByRole('button', { name: /Target profile/ }).click();
    await page
      .getByRole('listbox', { name: 'Target profile' })
      .getByRole('option', { name: 'Tech' })
      .click();
    await page.getByRole('heading', { name: 'You and the Tech targets' }).waitFor();
    await page
      .getByRole('heading', { name: 'Can you build, create or improve something?' })
      .waitFor();

    // At the baseline of 1, Tech Skills (target 5) is one of the biggest gaps.
    await expect.poll(() => gapNames(page)).toContain('Tech Skills');
    const gapsBefore = await gapNames(page);
    expect(gapsBefore).toHaveLength(5);
    const tech = page.getByTestId('skill-tech-skills');
    await tech.getByText('Target 5').waitFor();
    const before = await foundationPoints(page);

    // Up to 5 with the keyboard: one tab stop, arrow keys, one save per step.
    const rating = page.getByRole('group', { name: 'Your level in Tech Skills' });
    await rating.getByRole('radio', { name: '1' }).focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(() => rating.getByRole('radio', { name: '5' }).isChecked()).toBe(true);
    await expect.poll(() => gapNames(page)).not.toContain('Tech Skills');
    expect(await gapNames(page)).toHaveLength(5);
    expect(await foundationPoints(page)).not.toBe(before);
    await tech.getByText('✓ Target 5').waitFor();

    // Saved on the server in order, whatever order the four PUTs' connections ran in.
    await expect
      .poll(async () => (await (await context.request.get('/api/skills')).json()).scores)
      .toMatchObject({ 'tech-skills': 5, 'critical-thinking': 1 });

    // After a reload: the same profile (kept on this device) and the same rating.
    await page.reload();
    await page.getByRole('heading', { name: 'You and the Tech targets' }).waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('group', { name: 'Your level in Tech Skills' })
          .getByRole('radio', { name: '5' })
          .isChecked(),
      )
      .toBe(true);
    expect(await gapNames(page)).not.toContain('Tech Skills');
    const rows = await j.server.query<{ score: number }>(
      'select score from skill_score where skill_id = ?',
      ['tech-skills'],
    );
    expect(rows.map((r) => Number(r.score))).toEqual([5]);

    // Each gap links to content that builds it.
    const firstGap = page.getByTestId('skill-gaps').locator('ol > li').first();
    expect(await firstGap.getByRole('link').count()).toBeGreaterThan(2);
    await context.close();
  });

  it('rolls a rating back and says so when the save fails', async () => {
    const context = await signedInContext(j.browser, j.server, 'Skills Rollback');
    const page = await context.newPage();
    await page.goto('/activity');
    const rating = page.getByRole('group', { name: 'Your level in Ethics' });
    await rating.waitFor();
    await page.route('**/api/skills/ethics', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'unavailable', message: 'Down for a moment.' } }),
      }),
    );
    await rating.locator('label', { hasText: '4' }).click();
    await page
      .getByTestId('skill-ethics')
      .getByRole('alert')
      .getByText(/Ethics: Your rating could not be saved, so it is back where it was/)
      .waitFor();
    await expect.poll(() => rating.getByRole('radio', { name: '1' }).isChecked()).toBe(true);
    await page.unroute('**/api/skills/ethics');
    expect((await (await context.request.get('/api/skills')).json()).scores.ethics).toBe(1);

    // The next change saves and clears the message.
    await rating.locator('label', { hasText: '3' }).click();
    await expect.poll(() => page.getByTestId('skill-ethics').getByRole('alert').count()).toBe(0);
    await expect
      .poll(async () => (await (await context.request.get('/api/skills')).json()).scores.ethics)
      .toBe(3);
    await context.close();
  });

  it('invites guests to log in, and fits a phone screen', async () => {
    const context = await j.browser.newContext({
      baseURL: j.server.url,
      serviceWorkers: 'block',
      viewport: { width: 375, height: 800 },
    });
    const page = await context.newPage();
    await page.goto('/activity');
    await page
      .getByRole('heading', { name: 'See your skills against the role you want' })
      .waitFor();
    await context.close();

    const signedIn = await signedInContext(j.browser, j.server, 'Skills Phone');
    const phone = await signedIn.newPage();
    await phone.setViewportSize({ width: 375, height: 800 });
    await phone.goto('/activity');
    await phone.getByTestId('radar-evolution-scores').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await signedIn.close();
  });
});
