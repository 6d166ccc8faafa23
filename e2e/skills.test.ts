import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInContext, journey } from './support';

const j = journey();

const gapNames = (page: Page) =>
  page.getByTestId('skill-gaps').getByTestId('gap-skill').allTextContents();
const foundationPoints = (page: Page) =>
  page.getByTestId('radar-foundation-scores').getAttribute('points');

describe('skills profile', () => {
  it('shows no gaps before a rating, then rates a skill against the Tech profile: the gap closes, the radar moves, the rating stays', async () => {
    const context = await signedInContext(j.browser, j.server, 'Skills Learner');
    const page = await context.newPage();
    await page.goto('/activity/skills');
    await page.getByRole('heading', { level: 1, name: 'Skills profile' }).waitFor();

    // Nothing rated: no gaps computed from the baseline, but what to do instead.
    const gapsBox = page.getByTestId('skill-gaps');
    await gapsBox.getByTestId('gaps-unrated').getByText('Nothing rated yet.').waitFor();
    expect(await gapNames(page)).toEqual([]);
    await gapsBox.getByRole('link', { name: 'Start rating' }).click();
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#rate-skills');

    await page.getByRole('button', { name: /Target profile/ }).click();
    await page
      .getByRole('listbox', { name: 'Target profile' })
      .getByRole('option', { name: 'Tech' })
      .click();
    await page.getByRole('heading', { name: 'You and the Tech targets' }).waitFor();
    await page
      .getByRole('heading', { name: 'Can you build, create or improve something?' })
      .waitFor();
    const tech = page.getByTestId('skill-tech-skills');
    await tech.getByText('Target 5').waitFor();
    await tech.getByText('Not rated yet').waitFor();
    const before = await foundationPoints(page);

    // Up to 5 with the keyboard: one tab stop, arrow keys, one save per step.
    const rating = page.getByRole('group', { name: 'Your level in Tech Skills' });
    await rating.getByRole('radio', { name: '1' }).focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(() => rating.getByRole('radio', { name: '5' }).isChecked()).toBe(true);
    // Now the gaps show, the rated skill not among them, the rest counted at the baseline.
    await expect.poll(() => gapNames(page)).toHaveLength(5);
    expect(await gapNames(page)).not.toContain('Tech Skills');
    await gapsBox.getByText('29 skills you have not rated count at 1.').waitFor();
    expect(await foundationPoints(page)).not.toBe(before);
    await tech.getByText('✓ Target 5').waitFor();
    expect(await tech.getByText('Not rated yet').count()).toBe(0);
    await page
      .getByRole('navigation', { name: 'Skill groups' })
      .getByRole('link', { name: /Foundation 1\/6/ })
      .waitFor();

    // Saved on the server in order, whatever order the four PUTs' connections ran in.
    await expect
      .poll(async () => (await (await context.request.get('/api/skills')).json()).scores)
      .toMatchObject({ 'tech-skills': 5, 'critical-thinking': 1 });
    expect((await (await context.request.get('/api/skills')).json()).rated).toEqual([
      'tech-skills',
    ]);

    // After a reload: the same profile (the account's) and the same rating.
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
    await expect.poll(() => gapNames(page)).toHaveLength(5);
    expect(await gapNames(page)).not.toContain('Tech Skills');
    const rows = await j.server.query<{ score: number }>(
      'select score from skill_score where skill_id = ?',
      ['tech-skills'],
    );
    expect(rows.map((r) => Number(r.score))).toEqual([5]);

    // Each gap links to content that builds it, and to its skill in its own group.
    const firstGap = gapsBox.locator('ol > li').first();
    expect(await firstGap.getByRole('link').count()).toBeGreaterThan(2);
    const gapSkill = (await gapNames(page))[0] as string;
    await firstGap.getByTestId('gap-skill').click();
    const card = page.getByRole('heading', { level: 4, name: gapSkill, exact: true });
    await card.waitFor();
    expect(new URL(page.url()).searchParams.get('group')).not.toBeNull();
    await expect.poll(async () => (await card.boundingBox())?.y ?? -1).toBeGreaterThan(0);
    expect((await card.boundingBox())!.y).toBeLessThan(900);
    await context.close();
  });

  it('rolls a rating back and says so when the save fails', async () => {
    const context = await signedInContext(j.browser, j.server, 'Skills Rollback');
    const page = await context.newPage();
    await page.goto('/activity/skills?group=evolution');
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
    // The rating is undone everywhere: still nothing rated, so still no gaps.
    await page.getByTestId('gaps-unrated').waitFor();
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
    await page.goto('/activity/skills');
    await page
      .getByRole('heading', { name: 'See your skills against the role you want' })
      .waitFor();
    // What they would rate, from the public content.
    await page.getByRole('heading', { level: 2, name: 'The 30 skills' }).waitFor();
    await page.getByRole('heading', { name: 'Can you continue to learn and grow?' }).waitFor();
    await context.close();

    const signedIn = await signedInContext(j.browser, j.server, 'Skills Phone');
    const phone = await signedIn.newPage();
    await phone.setViewportSize({ width: 375, height: 800 });
    await phone.goto('/activity/skills?group=evolution');
    await phone.getByTestId('radar-evolution-scores').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await signedIn.close();
  });
});
