import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { journey, pageEndClear, signedInContext } from './support';

const j = journey();
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

async function guestPage(viewport = PHONE): Promise<Page> {
  const context = await j.browser.newContext({
    baseURL: j.server.url,
    serviceWorkers: 'block',
    viewport,
  });
  return context.newPage();
}

/**
 * Scrolls the element into view the way focus and anchors do (the page's scroll padding
 * applies) and says whether a click at its centre would reach it, i.e. nothing covers it.
 */
async function reachable(target: Locator): Promise<boolean> {
  await target.evaluate((el) => el.scrollIntoView({ block: 'end' }));
  return target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });
}

describe('navigation starts at the top and Back restores the position', () => {
  it('an insight opened from far down the list opens at its title; Back returns to the card', async () => {
    const page = await guestPage();
    await page.goto('/insights');
    const links = page.getByRole('main').getByRole('link');
    await links.first().waitFor();
    const last = page.locator('main article h2 a').last();
    await last.scrollIntoViewIfNeeded();
    const listY = await page.evaluate(() => window.scrollY);
    expect(listY).toBeGreaterThan(1000);
    await last.click();
    await page.waitForURL(/\/insights\/.+/);
    const title = page.getByRole('heading', { level: 1 });
    await title.waitFor();
    const box = await title.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y).toBeLessThan(PHONE.height / 2);
    await page.goBack();
    await page.waitForURL(/\/insights$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(listY - 200);
    await page.context().close();
  });

  it('after deleting the account the home page opens at its top and says so', async () => {
    const context = await signedInContext(j.browser, j.server, 'Leaving Learner');
    const page = await context.newPage();
    await page.setViewportSize(PHONE);
    await page.goto('/activity/edit-your-profile');
    const { email } = await (await page.request.get('/api/me')).json();
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByLabel('Type your email address to confirm').fill(email);
    await dialog.getByRole('button', { name: 'Delete account permanently' }).click();
    await page.waitForURL(/\/$/);
    await page
      .getByRole('status')
      .filter({ hasText: 'Your account and everything kept with it have been deleted.' })
      .waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });
});

describe('nothing covers content or actions', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`at ${viewport.width}px nothing fixed covers the page's end, and actions are reachable`, async () => {
      const page = await guestPage(viewport);
      await page.goto('/prompts');
      await page.locator('main article h2 a').first().click();
      const copy = page.getByRole('button', { name: 'Copy prompt' });
      await copy.waitFor();
      expect(await reachable(copy)).toBe(true);
      // At the very end of a page, its last line is above whatever is fixed at the bottom
      // (the tab bar on a phone, a page's drawer toggles; nothing on a wide desktop).
      const end = await pageEndClear(page);
      expect(end.footer).toBeLessThanOrEqual(end.top + 1);

      await page.goto('/grammar/nouns/practice');
      await page.getByRole('heading', { name: /^Practice:/ }).waitFor();
      await page.keyboard.press('1');
      await page.getByTestId('quiz-feedback').waitFor();
      expect(await reachable(page.getByRole('button', { name: 'Next Question' }))).toBe(true);
      expect(await reachable(page.getByRole('heading', { name: /^Practice:/ }))).toBe(true);

      await page.context().close();
    });
  }

  it('the Topics drawer opens inside a phone screen', async () => {
    const page = await guestPage();
    await page.goto('/grammar/nouns');
    await page.getByRole('button', { name: 'Topics' }).click();
    const drawer = await page.getByRole('region', { name: 'Topics' }).boundingBox();
    expect(drawer!.x).toBeGreaterThanOrEqual(0);
    expect(drawer!.x + drawer!.width).toBeLessThanOrEqual(PHONE.width);
    expect(drawer!.y).toBeGreaterThanOrEqual(0);
    await page.context().close();
  });
});
