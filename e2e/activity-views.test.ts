import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { journey, signedInContext } from './support';

/**
 * /activity was one page of ~28,000 px on a phone (results, 30 skill ratings with radars, 20
 * activities). Its sub-views now have their own addresses and tabs between them.
 */
const j = journey();
const PHONE = { width: 390, height: 844 };
/** A third of the old single page: each sub-view does one job. */
const MAX_PHONE_HEIGHT = 9000;

const tabs = (page: Page) => page.getByRole('navigation', { name: 'Activity' });
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);
const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

/** Scrolls to the bottom, then follows a tab by keyboard (focus without scrolling, Enter). */
async function tabByKeyboard(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await scrollY(page)).toBeGreaterThan(500);
  await tabs(page)
    .getByRole('link', { name, exact: true })
    .evaluate((el: HTMLElement) => el.focus({ preventScroll: true }));
  await page.keyboard.press('Enter');
}

async function opensAtTop(page: Page, path: string, title: string) {
  await page.waitForURL((u) => u.pathname === path);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  expect(await scrollY(page)).toBe(0);
  expect(await tabs(page).locator('[aria-current="page"]').count()).toBe(1);
}

describe('Activity sub-views', () => {
  it('gives results, skills and activities their own addresses and phone-sized pages; tabs by keyboard open each at its top and Back returns', async () => {
    const context = await signedInContext(j.browser, j.server, 'Sub-view Learner');
    const headers = { Origin: j.server.url };
    await context.request.put('/api/skills/leadership', { data: { score: 3 }, headers });
    await context.request.post('/api/items/activity/pitch-deck-slides/plan', { headers });
    const page = await context.newPage();
    await page.setViewportSize(PHONE);

    await page.goto('/activity');
    await page.getByRole('heading', { level: 1, name: 'Activity' }).waitFor();
    await page.getByRole('heading', { name: 'Daily goal' }).waitFor();
    await page.getByRole('heading', { name: 'Your plan: Free' }).waitFor();
    expect(
      await tabs(page).getByRole('link', { name: 'Results' }).getAttribute('aria-current'),
    ).toBe('page');
    // The results hold no skill ratings and no activity list.
    expect(await page.getByRole('group', { name: /Your level in/ }).count()).toBe(0);
    expect(await page.getByRole('searchbox', { name: 'Search' }).count()).toBe(0);
    expect(await pageHeight(page)).toBeLessThan(MAX_PHONE_HEIGHT);
    // Nothing scrolls sideways, down to the narrowest phone (the daily goal's long options
    // once widened every card to 423 px).
    for (const width of [PHONE.width, 320]) {
      await page.setViewportSize({ ...PHONE, width });
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBe(
        width,
      );
    }
    await page.setViewportSize(PHONE);

    await tabByKeyboard(page, 'Skills');
    await opensAtTop(page, '/activity/skills', 'Skills profile');
    expect(
      await tabs(page).getByRole('link', { name: 'Skills' }).getAttribute('aria-current'),
    ).toBe('page');
    await page.getByRole('group', { name: 'Your level in Critical Thinking' }).waitFor();
    // One group of ratings at a time: six of the thirty.
    expect(await page.getByRole('group', { name: /Your level in/ }).count()).toBe(6);
    expect(await pageHeight(page)).toBeLessThan(MAX_PHONE_HEIGHT);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );

    await tabByKeyboard(page, 'Activities');
    await opensAtTop(page, '/activity/activities', 'Activities');
    const cards = page.getByRole('main').locator('article');
    await cards.first().waitFor();
    expect(await cards.count()).toBeGreaterThanOrEqual(20);
    expect(await pageHeight(page)).toBeLessThan(MAX_PHONE_HEIGHT);

    // An activity far down the list opens at its top; Back returns to the card.
    const last = page.locator('main article h2 a').last();
    const lastTitle = (await last.textContent()) as string;
    await last.scrollIntoViewIfNeeded();
    const listY = await scrollY(page);
    expect(listY).toBeGreaterThan(1000);
    await last.click();
    await page.waitForURL((u) => u.searchParams.has('activity'));
    const title = page.getByRole('heading', { level: 2, name: lastTitle });
    await title.waitFor();
    expect(await scrollY(page)).toBe(0);
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/activity/activities' && u.search === '');
    await expect.poll(() => scrollY(page)).toBeGreaterThan(listY - 200);

    // Back through the tabs, each a history entry of its own.
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/activity/skills');
    await page.getByRole('heading', { level: 1, name: 'Skills profile' }).waitFor();
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/activity');
    await page.getByRole('heading', { level: 1, name: 'Activity' }).waitFor();
    await page.goForward();
    await page.getByRole('heading', { level: 1, name: 'Skills profile' }).waitFor();
    await context.close();
  });

  it('keeps the spec’s addresses and the old in-page links working', async () => {
    const context = await signedInContext(j.browser, j.server, 'Old Links Learner');
    const page = await context.newPage();
    await page.setViewportSize(PHONE);

    // ?activity= opens that activity (on the activities view).
    await page.goto('/activity?activity=weekly-reflection');
    await page.waitForURL(
      (u) =>
        u.pathname === '/activity/activities' &&
        u.searchParams.get('activity') === 'weekly-reflection',
    );
    await page.getByRole('heading', { level: 2, name: 'Reflect on your week' }).waitFor();
    expect(
      await tabs(page).getByRole('link', { name: 'Activities' }).getAttribute('aria-current'),
    ).toBe('page');
    // Back leaves the redirect behind: it is replaced, not stacked.
    expect(await page.evaluate(() => window.history.length)).toBeLessThanOrEqual(2);

    // The old anchors of the single page.
    await page.goto('/activity#activities-heading');
    await page.waitForURL((u) => u.pathname === '/activity/activities');
    await page.getByRole('heading', { level: 1, name: 'Activities' }).waitFor();
    await page.goto('/activity#skill-ethics');
    await page.waitForURL((u) => u.pathname === '/activity/skills' && u.hash === '#skill-ethics');
    const ethics = page.getByTestId('skill-ethics');
    await ethics.waitFor();
    await expect.poll(async () => (await ethics.boundingBox())?.y ?? -1).toBeGreaterThan(0);
    expect((await ethics.boundingBox())!.y).toBeLessThan(PHONE.height);

    // The results keep the Checkout return, and the profile keeps its address.
    await page.goto('/activity?checkout=cancelled');
    await page.getByText('Checkout was canceled. Nothing was charged.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/activity');
    await page.goto('/activity/edit-your-profile');
    await page.getByRole('heading', { level: 1, name: 'Your profile' }).waitFor();

    // Only the table's sub-views exist.
    const missing = await page.goto('/activity/results');
    expect(missing?.status()).toBe(404);
    await context.close();
  });

  it('shows guests each sub-view with what it offers', async () => {
    const context = await j.browser.newContext({
      baseURL: j.server.url,
      serviceWorkers: 'block',
      viewport: PHONE,
    });
    const page = await context.newPage();
    await page.goto('/activity');
    await page.getByRole('heading', { name: 'Kept on this device' }).waitFor();
    await tabs(page).getByRole('link', { name: 'Skills' }).click();
    await page
      .getByRole('heading', { name: 'See your skills against the role you want' })
      .waitFor();
    await tabs(page).getByRole('link', { name: 'Activities' }).click();
    await page.getByRole('main').locator('article').first().waitFor();
    expect(await page.title()).toBe('Activities · Skillway');
    await context.close();
  });
});
