import { DEEP_DIVE_COUNT, INTERVIEW_TYPES, type InterviewType } from '../../core/constants';
import { GRAMMAR_TOPIC_PATHS, findGrammarTopic } from '../../core/grammar/topics';
import {
  ROUTES,
  activityHref,
  matchRoute,
  paths,
  type RouteDef,
  type RouteId,
} from '../../core/paths';
import { leadSentence } from '../../core/text';
import { isStudyMode, STUDY_MODE_INFO, type StudyMode } from '../../core/vocabulary/study';
import { INTERVIEW_TYPE_INFO } from '../../core/items/interviews';
import type { Catalog } from '../content/catalog';

/** What a page's <head> says about it: for search engines and link previews. */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute canonical URL (APP_URL + path). */
  canonical: string;
  /** Open Graph type: an item of content is an article, a list or the home page a website. */
  type: 'website' | 'article';
  /** Pages about the visitor's own data, or utility pages: not for search results. */
  noindex: boolean;
  /** Public content, the same for every visitor: the server renders it (server/render/ssr.ts). */
  prerender: boolean;
}

const SITE = 'Skillway';
const DESCRIPTION_MAX = 160;

/** Cuts text to a preview's length at a word boundary. */
export function clip(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

/** The document title the client's Page sets too: "{heading} · Skillway", home just "Skillway". */
const titled = (heading: string) => `${heading} · ${SITE}`;

interface Described {
  heading: string;
  description: string;
  type?: 'article';
}

/**
 * The title and description of a page in the route table, from its content. Premium items
 * say only what a guest's list shows them (title and kind), never the item's body.
 */
function describe(
  route: RouteDef,
  params: Record<string, string>,
  search: URLSearchParams,
  catalog: Catalog,
): Described | null {
  switch (route.id) {
    case 'grammarTopic': {
      const entry = findGrammarTopic(params.topic ?? '');
      const topic = catalog.grammar.topics.get(params.topic ?? '');
      if (!entry) return null;
      return {
        heading: entry.name,
        description: topic
          ? `${leadSentence(topic.lesson.summary)} A short lesson, common mistakes and a quiz.`
          : `A short lesson on ${entry.name.toLowerCase()}, then a quiz to check it.`,
        type: 'article',
      };
    }
    case 'grammarPractice': {
      const entry = findGrammarTopic(params.topic ?? '');
      if (!entry) return null;
      return {
        heading: `${entry.name}: practice`,
        description: `Ten questions on ${entry.name.toLowerCase()}, one at a time, each with the reason it is right or wrong.`,
      };
    }
    case 'deepDive': {
      const n = Number(params.n);
      const q = catalog.grammar.deepDive.find((x) => x.id === n);
      return {
        heading: `Deep Dive ${n}`,
        description: q
          ? `Question ${n} of ${DEEP_DIVE_COUNT}: ${q.question}`
          : `Question ${n} of ${DEEP_DIVE_COUNT}: a harder grammar question in a real-world sentence.`,
        type: 'article',
      };
    }
    case 'wordSet': {
      const set = catalog.vocabulary.sets.find((s) => s.id === params.set);
      if (!set) return null;
      return {
        heading: set.title,
        description: `${set.description} ${set.words.length} words with definitions and examples.`,
        type: 'article',
      };
    }
    case 'wordStudy': {
      const set = catalog.vocabulary.sets.find((s) => s.id === params.set);
      if (!set || !isStudyMode(params.mode ?? '')) return null;
      const mode = STUDY_MODE_INFO[params.mode as StudyMode];
      return {
        heading: `${set.title}: ${mode.title.toLowerCase()}`,
        description: `${mode.blurb} Words from the ${set.title} set.`,
      };
    }
    case 'prompt': {
      const p = catalog.prompts.find((x) => x.id === params.item);
      if (!p) return null;
      return {
        heading: p.title,
        description: p.premium
          ? `A Premium ${p.category} writing prompt of about ${p.minutes} minutes that ends with a draft you can use.`
          : p.prompt,
        type: 'article',
      };
    }
    case 'insight': {
      const i = catalog.insights.find((x) => x.id === params.item);
      if (!i) return null;
      // The summary is on the list of insights, which guests see for premium ones too.
      return { heading: i.title, description: i.summary, type: 'article' };
    }
    case 'interviewType': {
      const type = params.type as InterviewType;
      if (!INTERVIEW_TYPES.includes(type)) return null;
      const info = INTERVIEW_TYPE_INFO[type];
      return { heading: info.title, description: `${info.blurb} ${info.structure}` };
    }
    case 'progress':
    case 'activities': {
      const id = search.get('activity');
      const a = id ? catalog.activities.find((x) => x.id === id) : undefined;
      if (!a) return { heading: route.title, description: route.purpose };
      return {
        heading: a.title,
        description: `${a.summary} You end with ${lower(a.outcome)}`,
        type: 'article',
      };
    }
    default:
      return { heading: route.title, description: route.purpose };
  }
}

const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

const ACTIVITY_ROUTES: ReadonlySet<RouteId> = new Set(['progress', 'activities']);

/**
 * The canonical path: the route's own path; for an activity (`?activity=`, also by its
 * older address on /activity) the address that opens it.
 */
function canonicalPath(pathname: string, route: RouteDef, search: URLSearchParams): string {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const activity = search.get('activity');
  return ACTIVITY_ROUTES.has(route.id) && activity ? activityHref(activity) : clean;
}

/**
 * The head of the page at `pathname` (decoded) and `search`, or null when the path is not a
 * page of the app (the caller answers 404 with `notFoundHead`).
 */
export function pageHead(
  pathname: string,
  search: URLSearchParams,
  catalog: Catalog,
  appUrl: string,
): PageHead | null {
  const match = matchRoute(pathname);
  if (!match) return null;
  const { route, params } = match;
  const d = describe(route, params, search, catalog);
  if (!d) return null;
  const activityItem = ACTIVITY_ROUTES.has(route.id) && d.type === 'article';
  return {
    title: route.id === 'home' ? SITE : titled(d.heading),
    description: clip(d.description),
    canonical: `${appUrl}${canonicalPath(pathname, route, search)}`,
    type: d.type ?? 'website',
    noindex: !!route.personal && !activityItem,
    prerender: !route.personal,
  };
}

export function notFoundHead(appUrl: string): PageHead {
  return {
    title: titled('Page not found'),
    description:
      'This page does not exist. Find lessons, word sets, prompts and more from the home page.',
    canonical: `${appUrl}/`,
    type: 'website',
    noindex: true,
    prerender: false,
  };
}

/**
 * Every public URL (paths): each page in the route table that is not personal, with one
 * entry per content item for the routes with a param. Built from the route table and the
 * catalog, so a new route or item is listed without being named here.
 */
export function publicPaths(catalog: Catalog): string[] {
  const items: Partial<Record<RouteId, readonly string[]>> = {
    grammarTopic: GRAMMAR_TOPIC_PATHS.map((t) => paths.grammarTopic(t)),
    deepDive: catalog.grammar.deepDive.map((q) => paths.deepDive(q.id)),
    wordSet: catalog.vocabulary.sets.map((s) => paths.wordSet(s.id)),
    prompt: catalog.prompts.map((p) => paths.prompt(p.id)),
    insight: catalog.insights.map((i) => paths.insight(i.id)),
    interviewType: INTERVIEW_TYPES.map((t) => paths.interviewType(t)),
    activities: catalog.activities.map((a) => activityHref(a.id)),
  };
  return ROUTES.flatMap((route) => {
    const listed = items[route.id];
    if (listed) return listed;
    if (route.personal || route.pattern.includes(':')) return [];
    return [route.pattern];
  });
}
