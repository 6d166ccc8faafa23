import { DEEP_DIVE_COUNT, INTERVIEW_TYPES } from './constants';
import { GRAMMAR_TOPIC_PATHS } from './grammar/topics';
import { JOIN_TOKEN_PATTERN, teamSlugProblem } from './teams/teams';
import { isStudyMode, type StudyMode } from './vocabulary/modes';

/**
 * The one route table. The client builds its router from it and the server answers any
 * page path outside it (or naming an unknown topic, set or item) with HTTP 404, so the
 * app never serves a soft 404.
 */
export type RouteId =
  | 'home'
  | 'learn'
  | 'doodles'
  | 'grammar'
  | 'grammarTopic'
  | 'grammarPractice'
  | 'deepDive'
  | 'vocabulary'
  | 'wordSet'
  | 'wordStudy'
  | 'review'
  | 'prompts'
  | 'prompt'
  | 'insights'
  | 'insight'
  | 'interviews'
  | 'interviewType'
  | 'progress'
  | 'skillsProfile'
  | 'activities'
  | 'editProfile'
  | 'teams'
  | 'team'
  | 'invitation'
  | 'teamJoin'
  | 'login'
  | 'resetPassword'
  | 'verified'
  | 'welcome'
  | 'unsubscribe';

/** Ids of live content the server knows; a param outside these sets is a 404. */
export interface ContentIds {
  wordSets: ReadonlySet<string>;
  prompts: ReadonlySet<string>;
  insights: ReadonlySet<string>;
}

export interface RouteDef {
  id: RouteId;
  pattern: string;
  title: string;
  /** One sentence saying what the page is for; shown under the title. */
  purpose: string;
  /** Shown in the navigation menu, in this order. */
  inMenu?: boolean;
  menuLabel?: string;
  /** Only listed in the menu for signed-out visitors. */
  guestOnly?: boolean;
  /** Only listed in the menu for signed-in users. */
  signedInOnly?: boolean;
  /** Its param names a content item, so only the server (or the loaded content) can check it. */
  contentBacked?: boolean;
  /**
   * About the visitor's own data, or a utility page: not server-rendered, not in the
   * sitemap, kept out of search results (server/render/head.ts).
   */
  personal?: true;
  /** Returns false when a param names something that does not exist. */
  validate?: (params: Record<string, string>, ids: ContentIds) => boolean;
  /**
   * An older address of another page: given the query and the hash, the path to replace it
   * with, or null when this page itself is meant.
   */
  redirect?: (query: URLSearchParams, hash: string) => string | null;
}

const topicSet = new Set(GRAMMAR_TOPIC_PATHS);
const interviewSet = new Set<string>(INTERVIEW_TYPES);

export function isDeepDiveNumber(raw: string): boolean {
  if (!/^[1-9][0-9]?$/.test(raw)) return false;
  const n = Number(raw);
  return n >= 1 && n <= DEEP_DIVE_COUNT;
}

export const ROUTES: readonly RouteDef[] = [
  {
    id: 'home',
    pattern: '/',
    title: 'Skillway',
    purpose: 'Practical English, vocabulary and career skills for working professionals.',
    inMenu: true,
    menuLabel: 'Home',
  },
  {
    id: 'learn',
    pattern: '/learn',
    title: 'Learn',
    purpose: 'Your path through grammar and vocabulary, unit by unit, with where you are now.',
    inMenu: true,
  },
  {
    id: 'doodles',
    pattern: '/doodles',
    title: 'Doodles',
    purpose: 'Draw a word to remember it: creativity that makes vocabulary stick.',
    inMenu: true,
  },
  {
    id: 'grammar',
    pattern: '/grammar',
    title: 'Grammar',
    purpose: 'Short lessons and quizzes on 25 topics for clear professional communication.',
    inMenu: true,
  },
  {
    id: 'grammarTopic',
    pattern: '/grammar/:topic',
    title: 'Grammar topic',
    purpose: 'A short lesson on one topic, then a quiz to check it.',
    validate: (p) => topicSet.has(p.topic ?? ''),
  },
  {
    // The topic's quiz in the practice player. Not in the sitemap: the lesson is the public
    // page (an old `/grammar/{topic}#quiz` link lands here from the lesson).
    id: 'grammarPractice',
    pattern: '/grammar/:topic/practice',
    title: 'Grammar practice',
    purpose: 'Ten questions on one topic, one at a time, with why each answer is right.',
    validate: (p) => topicSet.has(p.topic ?? ''),
  },
  {
    id: 'deepDive',
    pattern: '/grammar/question/:n',
    title: 'Deep Dive',
    purpose: 'Thirty harder questions that mix topics in real-world sentences.',
    validate: (p) => isDeepDiveNumber(p.n ?? ''),
  },
  {
    id: 'vocabulary',
    pattern: '/vocabulary',
    title: 'Vocabulary',
    purpose: 'Word sets for the contexts professionals work in, from negotiation to data.',
    inMenu: true,
  },
  {
    id: 'wordSet',
    pattern: '/vocabulary/:set',
    title: 'Word set',
    purpose: 'The words of one professional context, with definitions and real examples.',
    contentBacked: true,
    validate: (p, ids) => ids.wordSets.has(p.set ?? ''),
  },
  {
    // A study mode over the set, in the practice player (core/vocabulary/study.ts). Not in the
    // sitemap: the set is the public page, with its modes at the top.
    id: 'wordStudy',
    pattern: '/vocabulary/:set/study/:mode',
    title: 'Study',
    purpose: 'Study one word set: flashcards, learn, match, listen and type, or a test.',
    contentBacked: true,
    validate: (p, ids) => ids.wordSets.has(p.set ?? '') && isStudyMode(p.mode ?? ''),
  },
  {
    id: 'review',
    personal: true,
    pattern: '/review',
    title: 'Review',
    purpose:
      'Words you learned and questions you missed, brought back just before you forget them.',
    inMenu: true,
  },
  {
    id: 'prompts',
    pattern: '/prompts',
    title: 'Prompts',
    purpose: 'Writing and content-strategy prompts that end with a draft you can use.',
    inMenu: true,
  },
  {
    id: 'prompt',
    pattern: '/prompts/:item',
    title: 'Prompt',
    purpose: 'One writing prompt, with tips and space to write your response.',
    contentBacked: true,
    validate: (p, ids) => ids.prompts.has(p.item ?? ''),
  },
  {
    id: 'insights',
    pattern: '/insights',
    title: 'Insights',
    purpose: 'Mental models and frameworks for better decisions at work.',
    inMenu: true,
  },
  {
    id: 'insight',
    pattern: '/insights/:item',
    title: 'Insight',
    purpose: 'One decision-making model, with steps and a worked example to apply.',
    contentBacked: true,
    validate: (p, ids) => ids.insights.has(p.item ?? ''),
  },
  {
    id: 'interviews',
    pattern: '/interviews',
    title: 'Interviews',
    purpose: 'Practice behavioral, system-design and coding interview questions out loud.',
    inMenu: true,
  },
  {
    id: 'interviewType',
    pattern: '/interviews/:type',
    title: 'Interview practice',
    purpose: 'Questions of one interview type, with what a strong answer shows.',
    validate: (p) => interviewSet.has(p.type ?? ''),
  },
  {
    id: 'progress',
    personal: true,
    pattern: '/activity',
    title: 'Activity',
    purpose: 'Your results: points, daily goal, streak and progress by topic.',
    inMenu: true,
    redirect: activityRedirect,
  },
  {
    id: 'skillsProfile',
    personal: true,
    pattern: '/activity/skills',
    title: 'Skills profile',
    purpose: 'Rate yourself on 30 career skills and compare your shape with the role you want.',
  },
  {
    id: 'activities',
    personal: true,
    pattern: '/activity/activities',
    title: 'Activities',
    purpose: 'Hands-on exercises of 10–30 minutes, each ending with something you made.',
  },
  {
    id: 'editProfile',
    personal: true,
    pattern: '/activity/edit-your-profile',
    title: 'Your profile',
    purpose: 'Your name, photo, role and the settings that shape your learning.',
    inMenu: true,
    menuLabel: 'Profile',
  },
  {
    id: 'teams',
    personal: true,
    pattern: '/teams',
    title: 'Teams',
    purpose:
      'Learn alongside your colleagues: create a team, invite people and pick your active team.',
    inMenu: true,
    signedInOnly: true,
  },
  {
    id: 'team',
    personal: true,
    pattern: '/teams/:slug',
    title: 'Team',
    purpose: 'The people in this team, their roles and the invitations still open.',
    validate: (p) => teamSlugProblem(p.slug ?? '') === null,
  },
  {
    id: 'invitation',
    personal: true,
    pattern: '/teams/invitations/:id',
    title: 'Team invitation',
    purpose: 'Join the team you were invited to, or decline.',
  },
  {
    id: 'teamJoin',
    personal: true,
    pattern: '/teams/join/:token',
    title: 'Join a team',
    purpose: 'Join the team whose link you were sent.',
    validate: (p) => JOIN_TOKEN_PATTERN.test(p.token ?? ''),
  },
  {
    id: 'login',
    personal: true,
    pattern: '/user/login',
    title: 'Log in',
    purpose: 'Log in to save your progress and points.',
    inMenu: true,
    guestOnly: true,
  },
  {
    id: 'resetPassword',
    personal: true,
    pattern: '/user/reset-password',
    title: 'Choose a new password',
    purpose: 'Set a new password for your account with the link from your email.',
  },
  {
    id: 'verified',
    personal: true,
    pattern: '/user/verified',
    title: 'Email address confirmed',
    purpose: 'Your address is confirmed, so you can always recover your account.',
  },
  {
    id: 'welcome',
    personal: true,
    pattern: '/welcome',
    title: 'Make Skillway yours',
    purpose: 'Four quick choices put the content for your work first and set a daily goal.',
  },
  {
    // Where a reminder's "turn off" link lands (issue 30): works signed out, with the
    // signed token in `?t=`.
    id: 'unsubscribe',
    personal: true,
    pattern: '/reminders/unsubscribe',
    title: 'Turn off a reminder',
    purpose: 'Stop one kind of reminder, no sign-in needed.',
  },
];

export const ROUTE_BY_ID = Object.fromEntries(ROUTES.map((r) => [r.id, r])) as Record<
  RouteId,
  RouteDef
>;

export const paths = {
  home: () => '/',
  learn: () => '/learn',
  doodles: () => '/doodles',
  grammar: () => '/grammar',
  grammarTopic: (topic: string) => `/grammar/${encodeURIComponent(topic)}`,
  grammarPractice: (topic: string) => `/grammar/${encodeURIComponent(topic)}/practice`,
  deepDive: (n: number) => `/grammar/question/${n}`,
  vocabulary: () => '/vocabulary',
  wordSet: (set: string) => `/vocabulary/${encodeURIComponent(set)}`,
  wordStudy: (set: string, mode: StudyMode) =>
    `/vocabulary/${encodeURIComponent(set)}/study/${mode}`,
  review: () => '/review',
  prompts: () => '/prompts',
  prompt: (item: string) => `/prompts/${encodeURIComponent(item)}`,
  insights: () => '/insights',
  insight: (item: string) => `/insights/${encodeURIComponent(item)}`,
  interviews: () => '/interviews',
  interviewType: (type: string) => `/interviews/${encodeURIComponent(type)}`,
  progress: () => '/activity',
  skillsProfile: () => '/activity/skills',
  activities: () => '/activity/activities',
  editProfile: () => '/activity/edit-your-profile',
  teams: () => '/teams',
  team: (slug: string) => `/teams/${encodeURIComponent(slug)}`,
  invitation: (id: string) => `/teams/invitations/${encodeURIComponent(id)}`,
  teamJoin: (token: string) => `/teams/join/${encodeURIComponent(token)}`,
  login: () => '/user/login',
  resetPassword: () => '/user/reset-password',
  verified: () => '/user/verified',
  welcome: () => '/welcome',
  unsubscribe: () => '/reminders/unsubscribe',
} as const satisfies Record<RouteId, (...args: never[]) => string>;

/** One activity: the spec's `?activity=` parameter, read on the activities list. */
export const activityHref = (id: string) =>
  `${paths.activities()}?activity=${encodeURIComponent(id)}`;

/**
 * Deep links: a page and what it should open there, every value encoded. Pages read these
 * parameters (`?word=`, `?interview=`, `?next=`); nothing else builds them by hand.
 */
/** Whether `path` is a team's invitation or join page. */
export function joinsTeam(path: string): boolean {
  const id = matchRoute(path.split(/[?#]/)[0] ?? '')?.route.id;
  return id === 'invitation' || id === 'teamJoin';
}

export const links = {
  /** A word, open in its set. */
  word: (set: string, word: string) => `${paths.wordSet(set)}?word=${encodeURIComponent(word)}`,
  /** An interview question, open on its type's page. */
  interviewQuestion: (type: string, id: string) =>
    `${paths.interviewType(type)}?interview=${encodeURIComponent(id)}`,
  /** Doodles, with a word to draw chosen. */
  doodle: (word: string) => `${paths.doodles()}?word=${encodeURIComponent(word)}`,
  activity: activityHref,
  /** Log in (or sign up), then come back to `next`. */
  login: (next: string, email?: string) =>
    `${paths.login()}?next=${encodeURIComponent(next)}${
      email ? `&email=${encodeURIComponent(email)}` : ''
    }`,
  /** Sign up (the login page's other tab), then come back to `next`; `email` fills the form. */
  signUp: (next: string, email?: string) =>
    `${paths.login()}?mode=signup&next=${encodeURIComponent(next)}${
      email ? `&email=${encodeURIComponent(email)}` : ''
    }`,
  /** A team's page just after joining it: opens at its top with a welcome. */
  teamWelcome: (slug: string) => `${paths.team(slug)}?welcome=1`,
  /** The interviews page with a question, by id only (it finds the question's type). */
  interviewById: (id: string) => `${paths.interviews()}?interview=${encodeURIComponent(id)}`,
  /** Onboarding, then `next`. */
  welcome: (next: string) => `${paths.welcome()}?next=${encodeURIComponent(next)}`,
  /**
   * Where a new account goes first: onboarding, then `next` — unless `next` joins a team (an
   * invitation or a join link), which comes first; onboarding can wait until after joining.
   */
  afterNewAccount: (next: string) => (joinsTeam(next) ? next : links.welcome(next)),
} as const;

/**
 * /activity was once one page holding the results, the skills profile and the activities
 * (docs/decisions/027-activity-sub-views.md). Its old addresses still land on the right
 * sub-view: `?activity={id}` opens that activity, `#activities-heading` the list, and
 * `#skill-{id}` that skill on the skills profile.
 */
function activityRedirect(query: URLSearchParams, hash: string): string | null {
  const id = query.get('activity');
  if (id) return activityHref(id);
  if (hash === '#activities-heading') return paths.activities();
  if (hash.startsWith('#skill'))
    return `${paths.skillsProfile()}${hash.startsWith('#skill-') ? hash : ''}`;
  return null;
}

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
}

function segments(pathname: string): string[] {
  return pathname.split('/').filter((s) => s.length > 0);
}

/**
 * Matches a pathname against the table. Static segments win over params, so
 * `/grammar/question/3` is the deep dive and never a topic named "question".
 * Returns null for paths outside the table; `valid` is false when a param names
 * something unknown.
 */
export function matchRoute(pathname: string): RouteMatch | null {
  const parts = segments(pathname);
  let best: { match: RouteMatch; staticCount: number } | null = null;
  for (const route of ROUTES) {
    const pattern = segments(route.pattern);
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let staticCount = 0;
    let ok = true;
    for (let i = 0; i < pattern.length; i++) {
      const p = pattern[i] as string;
      const v = parts[i] as string;
      if (p.startsWith(':')) {
        let decoded: string;
        try {
          decoded = decodeURIComponent(v);
        } catch {
          ok = false;
          break;
        }
        params[p.slice(1)] = decoded;
      } else if (p === v) {
        staticCount++;
      } else {
        ok = false;
        break;
      }
    }
    if (ok && (!best || staticCount > best.staticCount)) {
      best = { match: { route, params }, staticCount };
    }
  }
  return best?.match ?? null;
}

/**
 * The one address of a page path (as sent, percent-encoded): no empty segments (doubled,
 * leading or trailing slashes) and no encoded slash, each segment encoded one way. Null
 * when a segment is not valid percent-encoding. A page answers only at this address; the
 * server redirects any other spelling to it, so what it renders and keeps is the page's.
 */
export function canonicalPathname(raw: string): string | null {
  const parts: string[] = [];
  for (const segment of raw.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return null;
    }
    for (const part of decoded.split(/[/\\]/)) if (part) parts.push(encodeURIComponent(part));
  }
  return `/${parts.join('/')}`;
}

/** True when the path is a page of the app whose params name things that exist. */
export function isKnownPage(pathname: string, ids: ContentIds): boolean {
  const m = matchRoute(pathname);
  if (!m) return false;
  return m.route.validate ? m.route.validate(m.params, ids) : true;
}
