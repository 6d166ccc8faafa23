import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityHref } from '../core/paths';
import { everyRouteUrl, loadSiteContent, settle, trackRequests, type SiteContent } from './routes';
import { journey, signedInContext } from './support';

/**
 * Phone first (PRODUCT.md, principle 6): nothing scrolls sideways at 320 px. Every route and
 * every activity, as a guest and signed in, on a 320×640 and a 390×844 touch phone: the page
 * is no wider than the screen and nothing on it (header and overlays included) ends past its
 * right edge, nor scrolls sideways inside it. Each activity is used as a learner would: its
 * tables, lists and ratings on screen, each dropdown and job-title suggestion list opened.
 * Every page is checked before failing, and the failure names each page and what sticks out.
 */

const j = journey();
const PHONES = [
  { width: 320, height: 640 },
  { width: 390, height: 844 },
] as const;
type Who = 'guest' | 'signed in';
interface Tab {
  who: Who;
  width: number;
  page: Page;
}

let content: SiteContent;
const tabs: Tab[] = [];

beforeAll(async () => {
  content = await loadSiteContent(j.server.url);
  const learner = await signedInContext(j.browser, j.server, 'Narrow Screen Learner');
  const signedIn = await learner.storageState();
  await learner.close();
  for (const who of ['guest', 'signed in'] as const)
    for (const viewport of PHONES) {
      const context = await j.browser.newContext({
        baseURL: j.server.url,
        serviceWorkers: 'block',
        viewport,
        isMobile: true,
        hasTouch: true,
        storageState: who === 'signed in' ? signedIn : undefined,
      });
      const page = trackRequests(await context.newPage());
      page.setDefaultTimeout(15_000);
      tabs.push({ who, width: viewport.width, page });
    }
});

afterAll(async () => {
  await Promise.all(tabs.map(({ page }) => page.context().close()));
});

/**
 * What sticks out past the right edge of a `width`-wide screen: the document's own width,
 * then the elements that end past it outside any sideways-clipping box (the box that grew
 * and what pushes it), and any box that scrolls sideways inside. A phone browser widens its
 * layout viewport to fit a wide page, so the screen's width is given, not read.
 */
function overflowOf(page: Page, width: number): Promise<string | null> {
  return page.evaluate((vw) => {
    const describe = (el: Element) => {
      const id = el.id ? `#${el.id}` : '';
      const cls = [...el.classList]
        .slice(0, 4)
        .map((c) => `.${c}`)
        .join('');
      const name =
        el.getAttribute('aria-label') ?? (el as HTMLElement).innerText?.replace(/\s+/g, ' ') ?? '';
      return `<${el.tagName.toLowerCase()}${id}${cls}>${name ? ` "${name.slice(0, 60)}"` : ''}`;
    };
    const clips = (el: Element) => getComputedStyle(el).overflowX !== 'visible';
    const found: string[] = [];
    const docWidth = document.documentElement.scrollWidth;
    if (docWidth > vw) found.push(`the page is ${docWidth} px wide`);
    const outside: { el: Element; right: number }[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      // Nothing drawn (hidden, or the 1 px of a screen-reader-only text).
      if (r.width <= 1 || r.height <= 1 || getComputedStyle(el).visibility === 'hidden') continue;
      // A code block may scroll inside itself (its lines keep their indentation); nothing else.
      if (el.tagName !== 'PRE' && clips(el) && /auto|scroll/.test(getComputedStyle(el).overflowX))
        if (el.scrollWidth > el.clientWidth + 1)
          found.push(
            `${describe(el)} scrolls sideways inside (${el.scrollWidth} px in ${el.clientWidth} px)`,
          );
      if (r.right <= vw + 0.5) continue;
      let clipped = false;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
        if (clips(a)) clipped = true;
      if (!clipped) outside.push({ el, right: r.right });
    }
    if (outside.length > 0) {
      // The box that grew (its parent fits) and what pushes it (nothing inside it sticks out).
      const out = new Set(outside.map((o) => o.el));
      const furthest = (list: typeof outside) =>
        list.reduce((x, y) => (y.right > x.right + 0.5 ? y : x));
      const grown = furthest(outside.filter((o) => !out.has(o.el.parentElement as Element)));
      const cause = furthest(outside.filter((o) => ![...o.el.children].some((c) => out.has(c))));
      found.push(
        `${outside.length} element(s) end past the right edge: ${describe(grown.el)} at ${Math.round(grown.right)} px` +
          (cause.el === grown.el
            ? ''
            : `, pushed by ${describe(cause.el)} at ${Math.round(cause.right)} px`),
      );
    }
    return found.length > 0 ? found.join('; ') : null;
  }, width);
}

/** Opens the page and lets it settle; returns what went wrong, if anything. */
async function open(tab: Tab, url: string, status = 200): Promise<string | null> {
  const res = await tab.page.goto(url);
  if (res?.status() !== status) return `answered ${res?.status()}, not ${status}`;
  await settle(tab.page);
  return null;
}

/** A page as it opens: what does not fit on it. */
async function usePage(tab: Tab, url: string): Promise<string[]> {
  const problem =
    (await open(tab, url, url === NOT_FOUND ? 404 : 200)) ??
    (await overflowOf(tab.page, tab.width));
  return problem ? [problem] : [];
}

/**
 * An activity as a learner uses it: every part on screen, then each dropdown opened and
 * each job title's suggestions shown, one at a time, checked while open.
 */
async function useActivity(tab: Tab, url: string): Promise<string[]> {
  const problem = await open(tab, url);
  if (problem) return [problem];
  const { page, width } = tab;
  const main = page.getByRole('main');
  // The widgets load with the first activity opened, and the saved answers after them.
  await main.getByTestId('activity-finish').waitFor();
  const found: (string | null)[] = [await overflowOf(page, width)];
  const listbox = page.getByRole('listbox');
  // Dropdown buttons (a job title's suggestions button is not a tab stop of its own).
  const selects = main.locator('button[aria-haspopup="listbox"]:not([tabindex="-1"])');
  for (let i = 0; i < (await selects.count()); i++) {
    const select = selects.nth(i);
    // A tap that another element takes is a misfit too; the keyboard opens it then.
    const tapped = await select.tap({ timeout: 5000 }).then(
      () => true,
      () => false,
    );
    if (!tapped) {
      found.push(`dropdown ${i + 1} cannot be tapped: another element covers it`);
      await select.focus();
      await page.keyboard.press('Enter');
    }
    await listbox.waitFor();
    const misfit = await overflowOf(page, width);
    if (misfit) found.push(`with dropdown ${i + 1} open: ${misfit}`);
    await page.keyboard.press('Escape');
    await listbox.waitFor({ state: 'detached' });
  }
  const combos = main.locator('input[role="combobox"]');
  for (let i = 0; i < (await combos.count()); i++) {
    const combo = combos.nth(i);
    const before = await combo.inputValue();
    await combo.tap();
    await combo.fill('');
    await combo.pressSequentially('manager');
    const shown = await listbox.waitFor({ timeout: 5000 }).then(
      () => true,
      () => false,
    );
    if (!shown) found.push(`job title ${i + 1}'s suggestions did not open`);
    const misfit = await overflowOf(page, width);
    if (misfit) found.push(`with job title ${i + 1}'s suggestions open: ${misfit}`);
    await page.keyboard.press('Escape');
    await listbox.waitFor({ state: 'detached' });
    await combo.fill(before);
  }
  return found.filter((f) => f !== null);
}

const NOT_FOUND = '/no-such-page';

/** Runs `use` on every tab (side by side) for each url; fails naming every misfit. */
async function sweep(
  urls: string[],
  use: (tab: Tab, url: string) => Promise<string[]>,
): Promise<void> {
  const failures: string[] = [];
  await Promise.all(
    tabs.map(async (tab) => {
      for (const url of urls)
        for (const f of await use(tab, url))
          failures.push(`${url} (${tab.width} px, ${tab.who}): ${f}`);
    }),
  );
  const pages = new Set(failures.map((f) => f.split(' ')[0]));
  expect(
    failures,
    `${failures.length} misfit(s) on ${pages.size} page(s):\n${failures.sort().join('\n')}\n`,
  ).toEqual([]);
}

describe('every page fits a 320 px and a 390 px phone', { timeout: 600_000 }, () => {
  it('every route, and the not-found page', () =>
    sweep([...everyRouteUrl(content), NOT_FOUND], usePage));

  it('every activity, each dropdown and suggestion list open', () =>
    sweep(
      content.activities.map((a) => activityHref(a.id)),
      useActivity,
    ));
});
