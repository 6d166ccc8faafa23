import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROUTES } from '../core/paths';
import { launchBrowser, startServer, type RunningServer } from './support';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
beforeEach(async () => {
  context = await browser.newContext({ baseURL: server.url, serviceWorkers: 'block' });
  page = await context.newPage();
  pageErrors.length = 0;
  page.on('pageerror', (e) => pageErrors.push(e.message));
});
afterEach(async () => {
  await context.close();
  expect(pageErrors).toEqual([]);
});

const heading = () => page.getByRole('heading', { level: 1 });
const menuButton = () => page.getByRole('button', { name: 'Menu' });

describe('app shell', () => {
  it('opens the home page with the section figures from the content summary', async () => {
    await page.goto('/');
    await expect.poll(() => heading().textContent()).toBe('Learn the skills your work runs on');
    const summary = await (await fetch(`${server.url}/api/content/summary`)).json();
    await expect
      .poll(() => page.getByTestId('count-grammar').textContent())
      .toContain(`${summary.grammarTopics} topic`);
    expect(await page.title()).toBe('Skillway');
  });

  it('follows every menu link to its page, closing the menu each time', async () => {
    await page.goto('/');
    const menu = ROUTES.filter((r) => r.inMenu && !r.signedInOnly);
    expect(menu.length).toBe(12);
    for (const route of menu) {
      await menuButton().click();
      expect(await menuButton().getAttribute('aria-expanded')).toBe('true');
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: route.menuLabel ?? route.title, exact: true })
        .click();
      await page.waitForURL((u) => u.pathname === route.pattern);
      const expected = route.id === 'home' ? 'Learn the skills your work runs on' : route.title;
      await expect.poll(() => heading().textContent()).toBe(expected);
      expect(await menuButton().getAttribute('aria-expanded')).toBe('false');
      if (route.id !== 'home') {
        expect(await page.getByTestId('page-purpose').textContent()).toBe(route.purpose);
        expect(await page.title()).toBe(`${route.title} · Skillway`);
      }
    }
  });

  it('closes the menu with Escape and returns focus to the toggle', async () => {
    await page.goto('/grammar');
    await menuButton().focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Menu',
    );
  });

  it('goes back with the back control', async () => {
    await page.goto('/grammar');
    await page.getByRole('link', { name: 'Conditionals' }).click();
    await expect.poll(() => heading().textContent()).toBe('Conditionals');
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL((u) => u.pathname === '/grammar');
    // A deep link has no in-app history: back goes to the parent page.
    await page.goto('/interviews/coding');
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL((u) => u.pathname === '/interviews');
    // A place of the tab bar is a root: no Back there.
    await page.goto('/learn');
    await expect.poll(() => heading().textContent()).toBe('Learn');
    expect(await page.getByRole('button', { name: 'Back' }).count()).toBe(0);
  });

  it('renders every param route of the table', async () => {
    for (const [path, title] of [
      ['/grammar/the-subjunctive-mood', 'The subjunctive mood'],
      ['/grammar/question/7', 'Deep Dive 7'],
      ['/interviews/behavioral', 'Behavioral interviews'],
      ['/interviews/system-design', 'System-design interviews'],
      ['/interviews/coding', 'Coding interviews'],
    ]) {
      const res = await page.goto(path as string);
      expect(res?.status()).toBe(200);
      await expect.poll(() => heading().textContent()).toBe(title);
    }
  });

  it('answers unknown pages with HTTP 404 and a helpful not-found page', async () => {
    for (const path of [
      '/no-such-page',
      '/interviews/sales',
      '/grammar/question/31',
      '/grammar/not-a-topic',
      '/vocabulary/no-such-set',
    ]) {
      const res = await page.goto(path);
      expect(res?.status()).toBe(404);
      await expect.poll(() => heading().textContent()).toBe('We couldn’t find that page');
      expect(await page.getByRole('main').getByRole('link', { name: 'Grammar' }).count()).toBe(1);
    }
    // Client-side navigation to a bad param renders the same page.
    await page.goto('/interviews');
    await page.evaluate(() => {
      history.pushState({}, '', '/interviews/sales');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect.poll(() => heading().textContent()).toBe('We couldn’t find that page');
  });
});

describe('dark mode and settings', () => {
  it('toggles dark mode, stores isLocalDark and keeps it across a reload', async () => {
    await page.goto('/');
    const toggle = page.getByTestId('theme-toggle');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      false,
    );
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    expect(await toggle.locator('[data-icon="moon"]').count()).toBe(1);
    await toggle.click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      true,
    );
    expect(await page.evaluate(() => localStorage.getItem('isLocalDark'))).toBe('true');
    expect(await toggle.locator('[data-icon="sun"]').count()).toBe(1);
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      true,
    );
    expect(await page.getByTestId('theme-toggle').getAttribute('aria-pressed')).toBe('true');
  });

  it('applies dark mode before the app script runs (no flash)', async () => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('isLocalDark', 'true'));
    // Block the app bundle: only the pre-paint theme script can set the class.
    await page.route(/\/assets\/.*\.js$/, (r) => r.abort());
    // Navigated by the page itself: page.goto would wait for the app, which cannot run here.
    await page.evaluate(() => location.assign('/grammar'));
    await page.waitForURL('**/grammar');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      true,
    );
    // The app did not run (no ready mark); what shows is the server's HTML, already dark.
    expect(await page.evaluate(() => document.documentElement.dataset.ready)).toBeUndefined();
    expect(await page.locator('#root main h1').textContent()).toBe('Grammar');
  });

  it('keeps profession and level (defaults Business, Student) on this device', async () => {
    await page.goto('/activity/edit-your-profile');
    const profession = page.getByRole('main').getByLabel('Profession');
    const level = page.getByRole('main').getByLabel('Level');
    expect(await profession.inputValue()).toBe('Business');
    expect(await level.inputValue()).toBe('Student');
    await profession.selectOption('Tech');
    await level.selectOption('Senior');
    await page.reload();
    expect(await page.getByRole('main').getByLabel('Profession').inputValue()).toBe('Tech');
    expect(await page.getByRole('main').getByLabel('Level').inputValue()).toBe('Senior');
    expect(
      await page.evaluate(() => [
        localStorage.getItem('profession'),
        localStorage.getItem('level'),
      ]),
    ).toEqual(['Tech', 'Senior']);
  });
});

describe('page views', () => {
  const pageViews = (hash: string) =>
    server.query<{ path: string; hash: string }>(
      "select path, hash from analytics_event where type = 'page_view' and hash = ?",
      [hash],
    );

  it('batches a page view for every route and hash change and stores them', async () => {
    const sent = page.waitForResponse(
      (r) => r.url().endsWith('/api/analytics/events') && r.status() === 202,
      { timeout: 15_000 },
    );
    await page.goto('/grammar#batch-1');
    await heading().waitFor();
    await page.getByRole('link', { name: 'Conditionals' }).click();
    await page.waitForURL('**/grammar/conditionals');
    await page.evaluate(() => {
      location.hash = 'batch-1';
    });
    await page.waitForURL('**/grammar/conditionals#batch-1');
    await sent;
    await expect
      .poll(() => pageViews('#batch-1'))
      .toEqual(
        expect.arrayContaining([
          { path: '/grammar', hash: '#batch-1' },
          { path: '/grammar/conditionals', hash: '#batch-1' },
        ]),
      );
    expect((await pageViews('')).some((r) => r.path === '/grammar/conditionals')).toBe(true);
  });

  it('sends what is queued with sendBeacon when the page is closed', async () => {
    await page.goto('/insights#beacon-1');
    await heading().waitFor();
    await page.close({ runBeforeUnload: true });
    await expect
      .poll(() => pageViews('#beacon-1'), { timeout: 30_000 })
      .toEqual([{ path: '/insights', hash: '#beacon-1' }]);
    page = await context.newPage();
  });
});
