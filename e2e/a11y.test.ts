import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../core/constants';
import { ROUTES, activityHref } from '../core/paths';
import {
  loadSiteContent,
  settle as settlePage,
  trackRequests,
  urlsOf,
  type SiteContent,
} from './routes';
import { confirmAddress, journey, signedInContext } from './support';

/**
 * Accessibility: axe-core on every route of the table and the 404 page, in light and dark
 * mode, as a guest and (where the page differs) signed in, plus the open states a learner
 * meets: the menu, a quiz's feedback, a drawer, dialogs, form errors, the activities' editor
 * widgets, a Premium offer. Any serious or critical violation fails, named with where it is
 * and what to fix. A11Y_REPORT=1 also prints the moderate and minor findings at the end.
 */

type Results = Awaited<ReturnType<AxeBuilder['analyze']>>;
type Violation = Results['violations'][number];
type Mode = 'light' | 'dark';
type Who = 'guest' | 'signed in';

const MODES: readonly Mode[] = ['light', 'dark'];
const BLOCKING = new Set(['serious', 'critical']);

// Payments configured (never called here), so premium items are locked and offered.
const j = journey({
  env: { STRIPE_SECRET_KEY: 'sk_test_skillway', STRIPE_PRICE_ID: 'price_premium_monthly' },
});
let content: SiteContent;
/** Free activities that between them use every editor widget type. */
let widgetActivities: string[];

/** One page per user and mode, reused by every check; the four run side by side. */
const tabs = new Map<string, { page: Page }>();
const tabOf = (who: Who, mode: Mode) => {
  const tab = tabs.get(`${who}/${mode}`);
  if (!tab) throw new Error(`no page for ${who}, ${mode}`);
  return tab;
};
/** Moderate and minor findings, printed with A11Y_REPORT=1. */
const minorFindings = new Map<string, Set<string>>();

beforeAll(async () => {
  content = await loadSiteContent(j.server.url);
  const free = content.activities.filter((a) => !a.premium);
  if (free.length === 0) throw new Error('no free activity');
  widgetActivities = coverWidgetTypes(free);

  for (const who of ['guest', 'signed in'] as const) {
    for (const mode of MODES) {
      const context =
        who === 'guest'
          ? await j.browser.newContext({ baseURL: j.server.url, serviceWorkers: 'block' })
          : await signedInContext(j.browser, j.server, 'Axe Learner');
      // The pre-paint script reads this before every load (app/public/theme-init.js).
      await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
        STORAGE_KEYS.dark,
        mode === 'dark' ? 'true' : 'false',
      ] as const);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      tabs.set(`${who}/${mode}`, { page: trackRequests(page) });
    }
  }
  await assertAppRenders(tabOf('guest', 'light').page);
});

/** A few activities that together use every widget type any of them uses (greedy cover). */
function coverWidgetTypes(activities: { id: string; types: Set<string> }[]): string[] {
  const missing = new Set(activities.flatMap((a) => [...a.types]));
  const chosen: string[] = [];
  while (missing.size > 0) {
    const gain = (a: { types: Set<string> }) => [...a.types].filter((t) => missing.has(t)).length;
    const best = activities.reduce((x, y) => (gain(y) > gain(x) ? y : x));
    chosen.push(best.id);
    for (const t of best.types) missing.delete(t);
  }
  return chosen;
}

afterAll(async () => {
  await Promise.all([...tabs.values()].map(({ page }) => page.context().close()));
  if (process.env.A11Y_REPORT && minorFindings.size > 0) {
    const lines = [...minorFindings].map(([k, where]) => `${k}\n    on ${[...where].join('; ')}`);
    console.info(`Moderate and minor axe findings:\n  ${lines.join('\n  ')}`);
  }
});

/** Fails every check at once, with the page's errors, when the built app renders nothing. */
async function assertAppRenders(page: Page): Promise<void> {
  const errors: string[] = [];
  const onError = (e: Error) => errors.push(e.message);
  page.on('pageerror', onError);
  try {
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
  } catch {
    const root = await page.evaluate(() => document.getElementById('root')?.innerHTML ?? '');
    throw new Error(
      `the built app did not render the home page (#root: ${JSON.stringify(root.slice(0, 200))}; page errors: ${JSON.stringify(errors)})`,
    );
  } finally {
    page.off('pageerror', onError);
  }
}

const settle = (who: Who, mode: Mode) => settlePage(tabOf(who, mode).page);

async function visit(who: Who, mode: Mode, url: string, status = 200): Promise<void> {
  const res = await tabOf(who, mode).page.goto(url);
  expect(res?.status(), `GET ${url}`).toBe(status);
  await settle(who, mode);
}

function describeViolation(v: Violation): string {
  const nodes = v.nodes
    .slice(0, 6)
    .map((n) => {
      const target = n.target.map((t) => (typeof t === 'string' ? t : JSON.stringify(t)));
      const summary = (n.failureSummary ?? '').replace(/\s*\n\s*/g, ' ');
      return `    at ${target.join(' >> ')}\n      ${n.html.slice(0, 240)}\n      ${summary}`;
    })
    .join('\n');
  const more = v.nodes.length > 6 ? `\n    …and ${v.nodes.length - 6} more` : '';
  return `  ${v.id} [${v.impact}] ${v.help} (${v.helpUrl})\n${nodes}${more}`;
}

/** Runs axe on the page as it is now; returns a report of its serious and critical violations. */
async function audit(page: Page, label: string): Promise<string | null> {
  // Legacy mode runs axe in the page itself: the app has no cross-origin frames, and the
  // default mode opens a blank page per run to merge frame results, doubling the time.
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .setLegacyMode()
    .analyze();
  const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  for (const v of results.violations.filter((x) => !BLOCKING.has(x.impact ?? ''))) {
    const key = `${v.id} [${v.impact}] ${v.help}`;
    minorFindings.set(key, (minorFindings.get(key) ?? new Set()).add(label));
  }
  if (blocking.length === 0) return null;
  return `${label}: ${blocking.length} serious or critical axe violation(s)\n${blocking.map(describeViolation).join('\n')}`;
}

/**
 * Runs `reach` for each user in light and in dark mode side by side, then axe on each page;
 * fails with every serious or critical violation found. `reach` returns the label of what
 * it shows. With `sameAsGuest`, a signed-in page whose <main> is the guest's is not checked
 * twice.
 */
async function check(
  users: readonly Who[],
  reach: (page: Page, who: Who, mode: Mode) => Promise<string>,
  opts: { sameAsGuest?: boolean } = {},
): Promise<void> {
  const runs = users.flatMap((who) => MODES.map((mode) => ({ who, mode, ...tabOf(who, mode) })));
  // Let every page finish before failing, so the next check starts from quiet pages.
  const reached = await Promise.allSettled(runs.map((r) => reach(r.page, r.who, r.mode)));
  const labels = reached.map((r) => {
    if (r.status === 'rejected') throw r.reason;
    return r.value;
  });
  const mains = opts.sameAsGuest ? await Promise.all(runs.map((r) => mainHtml(r.page))) : [];
  const reports = await Promise.all(
    runs.map((r, i) => {
      const guest = runs.findIndex((g) => g.who === 'guest' && g.mode === r.mode);
      if (opts.sameAsGuest && r.who !== 'guest' && guest >= 0 && mains[guest] === mains[i])
        return null;
      return audit(r.page, `${labels[i]} (${r.who}, ${r.mode} mode)`);
    }),
  );
  const failures = reports.filter((r) => r !== null);
  expect(failures.length, `\n${failures.join('\n\n')}\n`).toBe(0);
}

/** The page's <main>, to tell whether signing in changes it. */
const mainHtml = (page: Page) =>
  page.evaluate(() => document.querySelector('main')?.outerHTML ?? document.body.outerHTML);

const BOTH: readonly Who[] = ['guest', 'signed in'];

const checkPage = (url: string, status = 200) =>
  check(
    BOTH,
    async (_, who, mode) => {
      await visit(who, mode, url, status);
      return url;
    },
    { sameAsGuest: true },
  );

// Each route is audited four times (guest and signed in, light and dark): allow a busy machine time.
describe('every route', { timeout: 240_000 }, () => {
  for (const route of ROUTES) {
    it(route.pattern, async () => {
      for (const url of urlsOf(route, content)) await checkPage(url);
    });
  }

  it('the not-found page', () => checkPage('/no-such-page', 404));
});

describe('open states', { timeout: 240_000 }, () => {
  it('the navigation menu', () =>
    check(BOTH, async (page, who, mode) => {
      await visit(who, mode, '/');
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      await settle(who, mode);
      return 'the menu open on /';
    }));

  it('a grammar quiz after a wrong answer (the player’s feedback sheet), then the lesson’s topics drawer', async () => {
    const url = `/grammar/${content.topic}/practice`;
    const lesson = `/grammar/${content.topic}`;
    await check(BOTH, async (page, who, mode) => {
      await visit(who, mode, url);
      const { correctIndex, options } = content.firstQuestion;
      await page.keyboard.press(String(((correctIndex + 1) % options) + 1));
      await page.getByTestId('quiz-feedback').waitFor();
      await settle(who, mode);
      return `${url} with the quiz's feedback shown`;
    });
    await check(BOTH, async (page, who, mode) => {
      await visit(who, mode, lesson);
      await page.getByRole('button', { name: 'Topics' }).click();
      await page.getByRole('region', { name: 'Topics' }).waitFor();
      await settle(who, mode);
      return `${lesson} with the topics drawer open`;
    });
  });

  it('a deep-dive question after an answer', () =>
    check(BOTH, async (page, who, mode) => {
      await visit(who, mode, '/grammar/question/1');
      const options = page.locator('ol[aria-labelledby="dd-question"] button');
      if ((await options.first().getAttribute('aria-disabled')) !== 'true')
        await options.first().click();
      await page.getByTestId('dd-explanation-text').waitFor();
      await settle(who, mode);
      return '/grammar/question/1 answered';
    }));

  it('a word’s detail dialog', () =>
    check(BOTH, async (page, who, mode) => {
      await visit(who, mode, `/vocabulary/${content.wordSet}?word=${content.word}`);
      await page.getByRole('dialog').waitFor();
      await settle(who, mode);
      return `/vocabulary/${content.wordSet} with the word ${content.word} open`;
    }));

  it('activities with every editor widget', async () => {
    for (const id of widgetActivities) await checkPage(activityHref(id));
  });

  it('a premium prompt offered to a free learner', () =>
    checkPage(`/prompts/${content.premiumPrompt}`));

  it('the sign-up form with its errors shown', () =>
    check(['guest'], async (page, who, mode) => {
      await visit(who, mode, '/user/login?mode=signup');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByText('Enter your name.').waitFor();
      return '/user/login?mode=signup with errors';
    }));

  it('the delete-account confirmation dialog with its error shown', () =>
    check(['signed in'], async (page, who, mode) => {
      await visit(who, mode, '/activity/edit-your-profile');
      await page.getByRole('button', { name: 'Delete my account' }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Delete account permanently' }).click();
      await dialog.getByRole('alert').waitFor();
      return 'the delete-account dialog';
    }));

  it('a team as its owner sees it (members, an open invitation), then the delete-team dialog', async () => {
    const slugs = new Map<Mode, string>();
    await check(['signed in'], async (page, who, mode) => {
      const slug = `axe-${mode}-${Date.now()}`;
      slugs.set(mode, slug);
      const headers = { Origin: j.server.url };
      // Creating a team and inviting take a confirmed address.
      const me = (await (await page.request.get('/api/me')).json()) as { email: string };
      await confirmAddress(page.context(), j.server, me.email);
      const made = await page.request.post('/api/teams', {
        data: { name: `Axe team ${mode}`, slug },
        headers,
      });
      expect(made.status()).toBe(201);
      const invited = await page.request.post(`/api/teams/${slug}/invitations`, {
        data: { email: `axe-${mode}-${Date.now()}@example.com`, role: 'member' },
        headers,
      });
      expect(invited.status()).toBe(201);
      await visit(who, mode, `/teams/${slug}`);
      await page.getByRole('region', { name: 'Open invitations' }).getByRole('listitem').waitFor();
      return `/teams/${slug}`;
    });
    await check(['signed in'], async (page, who, mode) => {
      await page.getByRole('button', { name: 'Delete team' }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.getByRole('button', { name: 'Delete team permanently' }).click();
      await dialog.getByRole('alert').waitFor();
      await settle(who, mode);
      return `the delete-team dialog of /teams/${slugs.get(mode)}`;
    });
  });
});
