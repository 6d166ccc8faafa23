import { lazy, type ComponentType } from 'react';
import { Redirect, Route, Switch, useLocation, useParams, useSearch } from 'wouter';
import { ROUTES, matchRoute, type RouteDef, type RouteId } from '../core/paths';
import { NotFoundPage } from './ui/NotFoundPage';

type PageModule = () => Promise<{ default: ComponentType }>;

/** One lazily loaded module per route (route-level code splitting). */
const PAGES: Record<RouteId, PageModule> = {
  home: () => import('./features/home/HomePage'),
  learn: () => import('./features/learn/LearnPage'),
  doodles: () => import('./features/doodles/DoodlesPage'),
  grammar: () => import('./features/grammar/GrammarPage'),
  grammarTopic: () => import('./features/grammar/GrammarTopicPage'),
  grammarPractice: () => import('./features/grammar/GrammarPracticePage'),
  deepDive: () => import('./features/grammar/DeepDivePage'),
  vocabulary: () => import('./features/vocabulary/VocabularyPage'),
  wordSet: () => import('./features/vocabulary/WordSetPage'),
  wordStudy: () => import('./features/vocabulary/study/StudyPage'),
  review: () => import('./features/review/ReviewPage'),
  prompts: () => import('./features/prompts/PromptsPage'),
  prompt: () => import('./features/prompts/PromptPage'),
  insights: () => import('./features/insights/InsightsPage'),
  insight: () => import('./features/insights/InsightPage'),
  interviews: () => import('./features/interviews/InterviewsPage'),
  interviewType: () => import('./features/interviews/InterviewTypePage'),
  progress: () => import('./pages/ProgressRoute'),
  skillsProfile: () => import('./features/progress/SkillsPage'),
  activities: () => import('./features/activities/ActivitiesPage'),
  editProfile: () => import('./pages/ProfileRoute'),
  teams: () => import('./features/teams/TeamsPage'),
  team: () => import('./features/teams/TeamPage'),
  invitation: () => import('./features/teams/InvitationPage'),
  teamJoin: () => import('./features/teams/JoinLinkPage'),
  login: () => import('./features/auth/LoginPage'),
  resetPassword: () => import('./features/auth/ResetPasswordPage'),
  verified: () => import('./features/auth/VerifiedPage'),
  welcome: () => import('./features/onboarding/OnboardingPage'),
  unsubscribe: () => import('./features/reminders/UnsubscribePage'),
};

const NO_IDS = {
  wordSets: new Set<string>(),
  prompts: new Set<string>(),
  insights: new Set<string>(),
};

// The server marks the first document it answers with 404 (`<html data-status="404">`).
// (It renders only pages that exist, so on the server this is never true.)
const inBrowser = typeof window !== 'undefined';
const initialPath = inBrowser ? window.location.pathname : '';
const serverSaid404 = inBrowser && document.documentElement.dataset.status === '404';

type PageExports = Awaited<ReturnType<PageModule>>;
const loaded = new Map<RouteId, PageExports>();
const loading = new Map<RouteId, Promise<PageExports>>();
function loadPage(id: RouteId): Promise<PageExports> {
  let promise = loading.get(id);
  if (!promise) {
    promise = PAGES[id]().then((m) => {
      loaded.set(id, m);
      return m;
    });
    loading.set(id, promise);
  }
  return promise;
}

/**
 * Loads the module of the page at `pathname`, so rendering it does not suspend: the server
 * awaits it before rendering, the browser before hydrating the server's HTML.
 */
export async function preloadPage(pathname: string): Promise<void> {
  const match = matchRoute(pathname);
  if (match) await loadPage(match.route.id);
}

/** A thenable that resolves at once: React.lazy then renders without suspending. */
const settled = (m: PageExports) =>
  ({ then: (resolve: (value: PageExports) => void) => resolve(m) }) as Promise<PageExports>;

/** A route's page from its own module (route-level code splitting); suspends while it loads. */
const lazyPage = (id: RouteId) =>
  lazy(() => {
    const m = loaded.get(id);
    return m ? settled(m) : loadPage(id);
  });

/**
 * Renders the page, or the 404 page when the server said the first URL does not exist, or
 * when a param fails a check the client can make itself (topic, deep-dive number,
 * interview type). Content-backed params are checked by their page against the content.
 * An older address of another page is replaced by that page's, before any page code loads.
 */
function guarded(def: RouteDef, Page: ComponentType) {
  function Guarded() {
    const params = useParams() as Record<string, string>;
    const [pathname] = useLocation();
    const search = useSearch();
    if (serverSaid404 && pathname === initialPath) return <NotFoundPage />;
    if (def.validate && !def.contentBacked && !def.validate(params, NO_IDS))
      return <NotFoundPage />;
    const moved = def.redirect?.(
      new URLSearchParams(search),
      inBrowser ? window.location.hash : '',
    );
    if (moved) return <Redirect to={moved} replace />;
    return <Page />;
  }
  Guarded.displayName = `Route(${def.id})`;
  return Guarded;
}

const PAGE_ROUTES = ROUTES.map((def) => ({
  def,
  Component: guarded(def, lazyPage(def.id)),
}));

/** The page for the current URL; suspends while its module loads (Layout shows a skeleton). */
export function Pages() {
  return (
    <Switch>
      {PAGE_ROUTES.map(({ def, Component }) => (
        <Route key={def.id} path={def.pattern} component={Component} />
      ))}
      <Route component={NotFoundPage} />
    </Switch>
  );
}
