import { describe, expect, it } from 'vitest';
import { GRAMMAR_GROUPS, GRAMMAR_TOPIC_PATHS } from './grammar/topics';
import {
  ROUTES,
  ROUTE_BY_ID,
  activityHref,
  canonicalPathname,
  isKnownPage,
  matchRoute,
  paths,
} from './paths';

const none = {
  wordSets: new Set<string>(),
  prompts: new Set<string>(),
  insights: new Set<string>(),
};
const some = {
  wordSets: new Set(['negotiation']),
  prompts: new Set(['weekly-update']),
  insights: new Set(['second-order-thinking']),
};

describe('route table', () => {
  it('registers every route of the spec, plus review and the two account-mail landings', () => {
    expect(ROUTES.map((r) => r.pattern).sort()).toEqual(
      [
        '/',
        '/doodles',
        '/grammar',
        '/grammar/:topic',
        '/grammar/question/:n',
        '/vocabulary',
        '/vocabulary/:set',
        '/prompts',
        '/prompts/:item',
        '/insights',
        '/insights/:item',
        '/interviews',
        '/interviews/:type',
        '/activity',
        '/activity/edit-your-profile',
        '/user/login',
        // Beyond the spec: the Activity page's sub-views (docs/decisions/027).
        '/activity/skills',
        '/activity/activities',
        // Beyond the spec: spaced review of words and missed questions.
        '/review',
        // Account flows the mail links land on.
        '/user/reset-password',
        '/user/verified',
        // Onboarding after sign-up, and for a guest who asks.
        '/welcome',
        // The learning path (issue 26).
        '/learn',
        // The practice player (issue 26): a topic's quiz and a word set's game.
        '/grammar/:topic/practice',
        '/vocabulary/:set/study/:mode',
        // Teams (issue 20): the list, a team, and where an invitation's mail lands.
        '/teams',
        '/teams/:slug',
        '/teams/invitations/:id',
        '/teams/join/:token',
        // Reminders (issue 30): where a reminder's one-click "turn off" link lands.
        '/reminders/unsubscribe',
      ].sort(),
    );
  });

  it('lists the spec menu links in the menu, login only for guests', () => {
    const menu = ROUTES.filter((r) => r.inMenu).map((r) => r.pattern);
    expect(menu).toEqual(
      expect.arrayContaining([
        '/doodles',
        '/grammar',
        '/vocabulary',
        '/prompts',
        '/insights',
        '/interviews',
        '/activity',
        '/activity/edit-your-profile',
        '/',
        '/user/login',
      ]),
    );
    expect(ROUTES.find((r) => r.id === 'login')?.guestOnly).toBe(true);
    expect(ROUTES.find((r) => r.id === 'teams')?.signedInOnly).toBe(true);
  });

  it('tells a team from an invitation, and refuses team addresses that cannot exist', () => {
    expect(matchRoute('/teams/acme-learning')?.route.id).toBe('team');
    expect(matchRoute('/teams/invitations/abc123')?.route.id).toBe('invitation');
    expect(isKnownPage('/teams/acme-learning', none)).toBe(true);
    expect(isKnownPage('/teams/invitations/abc123', none)).toBe(true);
    for (const bad of ['/teams/Acme', '/teams/invitations', '/teams/a--b'])
      expect(isKnownPage(bad, none), bad).toBe(false);
  });

  it('lists Review in the menu right after Vocabulary', () => {
    const menu = ROUTES.filter((r) => r.inMenu).map((r) => r.id);
    expect(menu[menu.indexOf('vocabulary') + 1]).toBe('review');
    expect(matchRoute(paths.review())?.route.id).toBe('review');
  });

  it('gives every route a title and a one-sentence purpose', () => {
    for (const r of ROUTES) {
      expect(r.title.length).toBeGreaterThan(2);
      expect(r.purpose).toMatch(/^[A-Z].+\.$/);
    }
  });
});

describe('the Activity sub-views', () => {
  const redirect = (query: string, hash = '') =>
    ROUTE_BY_ID.progress.redirect?.(new URLSearchParams(query), hash) ?? null;

  it('gives results, skills and activities their own addresses under /activity', () => {
    expect(matchRoute('/activity')?.route.id).toBe('progress');
    expect(matchRoute('/activity/skills')?.route.id).toBe('skillsProfile');
    expect(matchRoute('/activity/activities')?.route.id).toBe('activities');
    expect(matchRoute('/activity/edit-your-profile')?.route.id).toBe('editProfile');
    expect(isKnownPage('/activity/skills/x', none)).toBe(false);
  });

  it('sends the spec’s /activity?activity={id} to that activity on the activities view', () => {
    expect(redirect('activity=pitch-deck-slides')).toBe(
      '/activity/activities?activity=pitch-deck-slides',
    );
    expect(redirect('activity=a%20b&tz=x')).toBe('/activity/activities?activity=a%20b');
    expect(activityHref('a/b')).toBe('/activity/activities?activity=a%2Fb');
    expect(matchRoute(activityHref('x').split('?')[0] as string)?.route.id).toBe('activities');
  });

  it('sends the old in-page anchors to their sub-view and keeps the rest on the results', () => {
    expect(redirect('', '#activities-heading')).toBe('/activity/activities');
    expect(redirect('', '#skill-tech-skills')).toBe('/activity/skills#skill-tech-skills');
    expect(redirect('', '#skills-radar-heading')).toBe('/activity/skills');
    expect(redirect('')).toBeNull();
    expect(redirect('checkout=success')).toBeNull();
    expect(redirect('activity=')).toBeNull();
    expect(redirect('', '#results-heading')).toBeNull();
  });
});

describe('grammar topics', () => {
  it('holds exactly the spec 25 topic paths in 10 groups', () => {
    expect(GRAMMAR_TOPIC_PATHS).toHaveLength(25);
    expect(new Set(GRAMMAR_TOPIC_PATHS).size).toBe(25);
    expect(GRAMMAR_GROUPS.map((g) => g.name)).toEqual([
      'Articles',
      'Nouns',
      'Pronouns',
      'Verbs',
      'Adjectives',
      'Adverbs',
      'Conjunctions',
      'Tenses',
      'Clauses',
      'Others',
    ]);
  });
});

describe('matchRoute / isKnownPage', () => {
  it('prefers static segments: /grammar/question/3 is the deep dive, not a topic', () => {
    expect(matchRoute('/grammar/question/3')?.route.id).toBe('deepDive');
    expect(matchRoute('/grammar/nouns')?.route.id).toBe('grammarTopic');
    expect(matchRoute('/activity/edit-your-profile')?.route.id).toBe('editProfile');
  });

  it('ignores a trailing slash', () => {
    expect(matchRoute('/grammar/')?.route.id).toBe('grammar');
  });

  it('returns null outside the table', () => {
    expect(matchRoute('/grammar/question')?.route.id).toBe('grammarTopic'); // and then fails validation
    expect(isKnownPage('/grammar/question', none)).toBe(false);
    expect(matchRoute('/nowhere')).toBeNull();
    expect(matchRoute('/grammar/nouns/extra')).toBeNull();
  });

  it.each([
    ['/grammar/question/1', true],
    ['/grammar/question/30', true],
    ['/grammar/question/0', false],
    ['/grammar/question/31', false],
    ['/grammar/question/07', false],
    ['/grammar/question/1.5', false],
    ['/interviews/behavioral', true],
    ['/interviews/system-design', true],
    ['/interviews/coding', true],
    ['/interviews/sales', false],
    ['/grammar/the-subjunctive-mood', true],
    ['/grammar/Nouns', false],
    ['/grammar/%E0%A4%A', false],
  ])('%s known: %s', (path, known) => {
    expect(isKnownPage(path, none)).toBe(known);
  });

  it('checks content-backed params against the live content ids', () => {
    expect(isKnownPage('/vocabulary/negotiation', none)).toBe(false);
    expect(isKnownPage('/vocabulary/negotiation', some)).toBe(true);
    expect(isKnownPage('/prompts/weekly-update', some)).toBe(true);
    expect(isKnownPage('/insights/second-order-thinking', some)).toBe(true);
    expect(isKnownPage('/insights/weekly-update', some)).toBe(false);
  });

  it('builds paths that match their own routes', () => {
    expect(matchRoute(paths.deepDive(12))?.params).toEqual({ n: '12' });
    expect(matchRoute(paths.interviewType('coding'))?.route.id).toBe('interviewType');
    expect(matchRoute(paths.grammarTopic('conditionals'))?.params).toEqual({
      topic: 'conditionals',
    });
  });
});

describe('canonicalPathname', () => {
  it('drops empty segments and encoded slashes, and encodes each segment one way', () => {
    expect(canonicalPathname('/')).toBe('/');
    expect(canonicalPathname('/grammar/nouns')).toBe('/grammar/nouns');
    expect(canonicalPathname('/grammar/nouns/')).toBe('/grammar/nouns');
    expect(canonicalPathname('//grammar//nouns//')).toBe('/grammar/nouns');
    expect(canonicalPathname('/grammar%2Fnouns')).toBe('/grammar/nouns');
    expect(canonicalPathname('/grammar%5cnouns')).toBe('/grammar/nouns');
    expect(canonicalPathname('/teams/a%20b')).toBe('/teams/a%20b');
    expect(canonicalPathname('/teams/a b')).toBe('/teams/a%20b');
    expect(canonicalPathname('/teams/%E0%A4%A')).toBeNull();
  });

  it('is stable: the canonical path is its own canonical path', () => {
    for (const raw of ['/a//b/', '/x%2F%2Fy', '/caf%C3%A9', '/a:b@c']) {
      const once = canonicalPathname(raw) as string;
      expect(canonicalPathname(once)).toBe(once);
    }
  });
});
