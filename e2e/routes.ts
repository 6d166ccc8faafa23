import type { Page } from 'playwright-core';
import { INTERVIEW_TYPES } from '../core/constants';
import { ROUTES, type RouteDef, type RouteId } from '../core/paths';

/**
 * Every page of the app as journeys that sweep the whole site visit it (axe in
 * e2e/a11y.test.ts, the phone widths in e2e/layout-fit.test.ts): the route table's paths
 * with real content ids for their params, read from the server the journey started.
 */

/** Real ids from the content the server serves. */
export interface SiteContent {
  topic: string;
  wordSet: string;
  word: string;
  prompt: string;
  insight: string;
  /** A premium prompt, shown to a free learner as an offer where premium is locked. */
  premiumPrompt: string;
  /** Every activity, with the editor widget types it uses. */
  activities: { id: string; premium: boolean; types: Set<string> }[];
  firstQuestion: { correctIndex: number; options: number };
}

/** Params of each route that has some; a new param route must be added here (the sweeps say so). */
const PARAMS: Partial<Record<RouteId, (c: SiteContent) => Record<string, string>[]>> = {
  grammarTopic: (c) => [{ topic: c.topic }],
  grammarPractice: (c) => [{ topic: c.topic }],
  deepDive: () => [{ n: '1' }],
  wordSet: (c) => [{ set: c.wordSet }],
  wordStudy: (c) => [
    { set: c.wordSet, mode: 'flashcards' },
    { set: c.wordSet, mode: 'match' },
  ],
  prompt: (c) => [{ item: c.prompt }],
  insight: (c) => [{ item: c.insight }],
  interviewType: () => INTERVIEW_TYPES.map((type) => ({ type })),
  team: () => [{ slug: 'no-such-team' }],
  invitation: () => [{ id: 'no-such-invitation' }],
  // A well-formed token no team uses: the page says the link does not work.
  teamJoin: () => [{ token: 'NoSuchJoinLinkNoSuchJoinLink0000' }],
};

/** The addresses that show `route`: its pattern, or one per set of params. */
export function urlsOf(route: RouteDef, content: SiteContent): string[] {
  if (!route.pattern.includes(':')) return [route.pattern];
  const fill = PARAMS[route.id];
  if (!fill) throw new Error(`e2e/routes.ts: give PARAMS an entry for route "${route.id}"`);
  return fill(content).map((params) =>
    route.pattern.replace(/:(\w+)/g, (_, name: string) => {
      const value = params[name];
      if (value === undefined) throw new Error(`no value for :${name} of route ${route.id}`);
      return encodeURIComponent(value);
    }),
  );
}

/** Every route's addresses, in the table's order. */
export const everyRouteUrl = (content: SiteContent): string[] =>
  ROUTES.flatMap((route) => urlsOf(route, content));

/** Reads the content's ids from the server at `baseUrl`. */
export async function loadSiteContent(baseUrl: string): Promise<SiteContent> {
  const getJson = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${baseUrl}${path}`);
    if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
    return (await res.json()) as T;
  };
  const grammar = await getJson<{ topics: Record<string, unknown> }>('/api/content/grammar');
  const topic = Object.keys(grammar.topics)[0] ?? '';
  const [{ questions }, { sets }, { prompts }, { insights }, { activities }] = await Promise.all([
    getJson<{ questions: { correctIndex: number; options: string[] }[] }>(
      `/api/content/grammar/topics/${topic}`,
    ),
    getJson<{ sets: { id: string; items: { id: string }[] }[] }>('/api/content/vocabulary'),
    getJson<{ prompts: { id: string; premium: boolean }[] }>('/api/content/prompts'),
    getJson<{ insights: { id: string; premium: boolean }[] }>('/api/content/insights'),
    getJson<{ activities: { id: string; premium: boolean }[] }>('/api/content/activities'),
  ]);
  // A locked premium activity answers 402 to a guest: its widgets are not needed then.
  const withWidgets = await Promise.all(
    activities.map(async (a) => {
      const res = await fetch(`${baseUrl}/api/content/activities/${a.id}`);
      const full = res.ok ? ((await res.json()) as { widgets: { type: string }[] }) : null;
      return { ...a, types: new Set((full?.widgets ?? []).map((w) => w.type)) };
    }),
  );
  const q = questions[0];
  const wordSet = sets[0]?.id;
  const word = sets[0]?.items[0]?.id;
  const prompt = prompts.find((p) => !p.premium)?.id;
  const insight = insights.find((i) => !i.premium)?.id;
  const premiumPrompt = prompts.find((p) => p.premium)?.id;
  if (!q || !wordSet || !word || !prompt || !insight || !premiumPrompt || activities.length === 0)
    throw new Error('content is missing');
  return {
    topic,
    wordSet,
    word,
    prompt,
    insight,
    premiumPrompt,
    activities: withWidgets,
    firstQuestion: { correctIndex: q.correctIndex, options: q.options.length },
  };
}

/** Requests still open on each tracked page (not the batched analytics). */
const inflight = new WeakMap<Page, Set<unknown>>();

/** Counts `page`'s open requests from now on, so `settle` can tell when it is quiet. */
export function trackRequests(page: Page): Page {
  const open = new Set<unknown>();
  inflight.set(page, open);
  page.on('request', (r) => {
    if (!r.url().includes('/api/analytics')) open.add(r);
  });
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  return page;
}

/** Content loaded: a heading, no skeletons or busy regions, no request open for a moment. */
export async function settle(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  const open = inflight.get(page);
  const deadline = Date.now() + 15_000;
  for (let quiet = 0; quiet < 3;) {
    if (Date.now() > deadline) throw new Error(`${page.url()} did not settle`);
    const busy = await page.evaluate(
      () =>
        document.querySelector('.animate-pulse, [aria-busy="true"]') !== null ||
        document.fonts.status !== 'loaded',
    );
    quiet = busy || (open?.size ?? 0) > 0 ? 0 : quiet + 1;
    await page.waitForTimeout(50);
  }
}
