import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { ROUTES } from '../core/paths';
import { loadCatalog } from '../server/content/catalog';
import { journey, pageEndClear, root, signedInContext } from './support';

// Navigation that shows the product (issue 26, finding 6): the four daily places always in
// sight — a bottom tab bar on phones, the top bar on desktops — with the due count and the
// streak, the theme toggle kept, and nothing fixed at the bottom covering the page.

const j = journey();
const PHONE = { width: 390, height: 844 };
const NARROW = { width: 320, height: 640 };
const DESKTOP = { width: 1366, height: 900 };
const PLACES = [
  ['Today', '/'],
  ['Learn', '/learn'],
  ['Review', '/review'],
  ['Progress', '/activity'],
] as const;

const deep2 = loadCatalog(join(root, 'content')).grammar.deepDive[1];
if (!deep2) throw new Error('content is missing');

async function guest(viewport: { width: number; height: number }): Promise<Page> {
  const context = await j.browser.newContext({
    baseURL: j.server.url,
    serviceWorkers: 'block',
    viewport,
  });
  return context.newPage();
}

const places = (page: Page) => page.getByRole('navigation', { name: 'Places' });
const place = (page: Page, name: string) =>
  places(page).getByRole('link', { name: new RegExp(`^${name}\\b`) });

/**
 * Whether a click anywhere across the element (centre and both ends of each of its line boxes:
 * a link's text may wrap onto two lines) would reach it.
 */
function uncovered(target: Locator): Promise<boolean> {
  return target.evaluate((el) =>
    [...el.getClientRects()].every((r) => {
      const y = r.top + r.height / 2;
      return [r.left + 2, r.left + r.width / 2, r.right - 2].every((x) => {
        const hit = document.elementFromPoint(x, y);
        return hit !== null && (hit === el || el.contains(hit));
      });
    }),
  );
}

describe('the daily places are always in sight', () => {
  it('at 1366 px the four places are links in the top bar, the theme toggle floats bottom-left', async () => {
    const page = await guest(DESKTOP);
    await page.goto('/grammar');
    const menu = page.getByRole('button', { name: 'Menu' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    const header = (await page.getByRole('banner').boundingBox())!;
    for (const [name, href] of PLACES) {
      const link = place(page, name);
      expect(await link.isVisible(), name).toBe(true);
      expect(await link.getAttribute('href')).toBe(href);
      const box = (await link.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(header.y + header.height);
    }
    // Grammar is part of Learn.
    expect(await place(page, 'Learn').getAttribute('aria-current')).toBe('page');
    expect(await place(page, 'Today').getAttribute('aria-current')).toBeNull();
    // No tab bar across the bottom: only the small round toggle, bottom-left.
    const toggle = (await page.getByTestId('theme-toggle').boundingBox())!;
    expect(toggle.x).toBeLessThan(40);
    expect(toggle.y + toggle.height).toBeGreaterThan(DESKTOP.height - 40);
    expect(toggle.width).toBeLessThanOrEqual(48);
    await place(page, 'Progress').click();
    await page.waitForURL((u) => u.pathname === '/activity');
    expect(await place(page, 'Progress').getAttribute('aria-current')).toBe('page');
    await page.context().close();
  });

  it('at 390 px a bottom tab bar holds the places, with the theme toggle at its left end', async () => {
    const page = await guest(PHONE);
    await page.goto('/');
    const bar = (await places(page).boundingBox())!;
    expect(bar.y + bar.height).toBeGreaterThan(PHONE.height - 60);
    let lastX = -1;
    for (const [name, href] of PLACES) {
      const link = place(page, name);
      expect(await link.isVisible(), name).toBe(true);
      expect(await link.getAttribute('href')).toBe(href);
      const box = (await link.boundingBox())!;
      expect(box.x).toBeGreaterThan(lastX);
      expect(box.height).toBeGreaterThanOrEqual(44); // a thumb's target
      expect(await uncovered(link)).toBe(true);
      lastX = box.x;
    }
    expect(await place(page, 'Today').getAttribute('aria-current')).toBe('page');

    // The toggle sits at the bar's left end, and still switches the theme.
    const toggle = page.getByTestId('theme-toggle');
    const t = (await toggle.boundingBox())!;
    const first = (await place(page, 'Today').boundingBox())!;
    expect(t.x + t.width).toBeLessThanOrEqual(first.x + 1);
    expect(t.y).toBeGreaterThanOrEqual(bar.y - 8);
    expect(t.y + t.height).toBeLessThanOrEqual(bar.y + bar.height + 8);
    expect(await toggle.getAttribute('aria-label')).toBe('Dark mode');
    expect(await toggle.locator('[data-icon="moon"]').count()).toBe(1);
    await toggle.click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      true,
    );
    expect(await page.evaluate(() => localStorage.getItem('isLocalDark'))).toBe('true');
    expect(await toggle.locator('[data-icon="sun"]').count()).toBe(1);

    // Learn is current across grammar and vocabulary, Progress across the activity views.
    await place(page, 'Learn').click();
    await page.waitForURL((u) => u.pathname === '/learn');
    expect(await place(page, 'Learn').getAttribute('aria-current')).toBe('page');
    await page.goto('/vocabulary');
    expect(await place(page, 'Learn').getAttribute('aria-current')).toBe('page');
    await page.goto('/activity/skills');
    expect(await place(page, 'Progress').getAttribute('aria-current')).toBe('page');
    expect(await place(page, 'Learn').getAttribute('aria-current')).toBeNull();

    // Everything else is still in the menu.
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Main' });
    for (const r of ROUTES.filter((r) => r.inMenu && !r.signedInOnly))
      expect(
        await menu.getByRole('link', { name: r.menuLabel ?? r.title, exact: true }).isVisible(),
      ).toBe(true);
    await page.context().close();
  });

  for (const viewport of [NARROW, PHONE])
    it(`nothing scrolls sideways at ${viewport.width} px`, async () => {
      const page = await guest(viewport);
      for (const path of ['/', '/learn', '/grammar', '/grammar/nouns', '/review', '/activity']) {
        await page.goto(path);
        const [scroll, client] = await page.evaluate(() => [
          document.documentElement.scrollWidth,
          document.documentElement.clientWidth,
        ]);
        expect(scroll, path).toBeLessThanOrEqual(client);
      }
      await page.context().close();
    });
});

describe('nothing fixed at the bottom covers the page', () => {
  for (const viewport of [NARROW, PHONE, DESKTOP])
    it(`at ${viewport.width} px the last control of a long page scrolls fully clear`, async () => {
      const page = await guest(viewport);
      // A topic page has a drawer toggle (Topics) beside the bar; Learn has none.
      for (const path of ['/grammar/nouns', '/learn', '/insights']) {
        await page.goto(path);
        // The last control a learner can see (a closed <details> keeps its links hidden).
        const last = page.locator('main').locator('button:visible, a[href]:visible').last();
        await last.waitFor();
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await last.scrollIntoViewIfNeeded();
        expect(await uncovered(last), `${path}: its last control`).toBe(true);
        // And the page's very end (the footer) ends above whatever is fixed at the bottom.
        const end = await pageEndClear(page);
        expect(end.footer, path).toBeLessThanOrEqual(end.top + 1);
      }
      await page.context().close();
    });
});

describe('the due count and the streak', () => {
  async function learnerWithADueCard(): Promise<BrowserContext> {
    const context = await signedInContext(j.browser, j.server, 'Nav Learner');
    // A wrong deep-dive answer makes a review card, due today.
    const made = await context.request.post('/api/grammar/answers', {
      data: {
        questionId: 'deep-dive-2',
        choiceIndex: (deep2!.correctIndex + 1) % deep2!.options.length,
      },
      headers: { Origin: j.server.url },
    });
    expect(made.status()).toBe(200);
    return context;
  }

  for (const viewport of [PHONE, DESKTOP])
    it(`at ${viewport.width} px the Review place shows what is due and the top bar the streak`, async () => {
      const context = await learnerWithADueCard();
      const page = await context.newPage();
      await page.setViewportSize(viewport);
      await page.goto('/learn');
      const review = places(page).getByRole('link', { name: 'Review, 1 due' });
      await review.waitFor();
      expect(await review.getAttribute('href')).toBe('/review');
      expect(await places(page).getByTestId('review-badge').textContent()).toBe('1');
      const streak = page.getByRole('banner').getByRole('link', { name: 'Goal streak: 0 days' });
      await streak.waitFor();
      expect(await streak.getAttribute('href')).toBe('/activity');
      expect(await streak.isVisible()).toBe(true);
      await context.close();
    });

  it('at 390 px the tab bar, its badge and the drawer row pass axe, light and dark', async () => {
    const context = await learnerWithADueCard();
    const page = await context.newPage();
    await page.setViewportSize(PHONE);
    for (const dark of [false, true]) {
      await page.goto('/grammar/nouns');
      await page.evaluate((d) => localStorage.setItem('isLocalDark', String(d)), dark);
      await page.reload();
      await places(page).getByTestId('review-badge').waitFor();
      await page.getByTestId('dock').getByRole('button').first().waitFor();
      const { violations } = await new AxeBuilder({ page })
        .include('[data-dock]')
        .include('nav[aria-label="Places"]')
        .include('header')
        .analyze();
      const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`),
        dark ? 'dark' : 'light',
      ).toEqual([]);
    }
    await context.close();
  });

  it('a guest sees the same places, with no badge and no streak', async () => {
    const page = await guest(PHONE);
    await page.goto('/review');
    expect(await place(page, 'Review').getAttribute('aria-current')).toBe('page');
    expect(await page.getByTestId('review-badge').count()).toBe(0);
    expect(await page.getByRole('link', { name: /^Goal streak/ }).count()).toBe(0);
    await page.context().close();
  });
});
