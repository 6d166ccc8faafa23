import useSWR, { mutate } from 'swr';
import type { TodayGlance } from '../../core/progress/dashboard';
import type { GoalAfterWrite } from '../../core/progress/goal';
import { api } from '../lib/http-client';
import { useAuth } from '../lib/auth';
import { browserZone, inZone } from '../lib/time-zone';

// Today at a glance — the goal, the one streak with its freezes, and the review cards due —
// read by the navigation on every page and by Today. One light request
// (GET /api/dashboard/today), not the whole dashboard.

/** The glance's key, which is also its address (the service worker keeps a copy under it). */
export const todayKey = (tz: string) => `/api/dashboard/today?tz=${encodeURIComponent(tz)}`;

const fetchToday = (): Promise<TodayGlance> =>
  inZone(async (tz) => (await api.dashboard.today.$get({ query: { tz } })).json());

/** The signed-in learner's day at a glance; no request for guests. */
export function useToday() {
  const { user } = useAuth();
  return useSWR(user ? todayKey(browserZone()) : null, fetchToday);
}

/** Marks it out of date (fetched again where it is on screen). */
export async function staleToday(): Promise<void> {
  await mutate(todayKey(browserZone()));
}

/**
 * After a write whose reply carried the daily goal (a grammar answer, a quiz, a review
 * answer): today's points, and the streak when this write met the goal, go into the cached
 * glance without a request — the navigation shows them at once.
 */
export async function patchToday(after: GoalAfterWrite): Promise<void> {
  await mutate(
    todayKey(browserZone()),
    (current: TodayGlance | undefined) =>
      current && {
        ...current,
        goal: {
          ...current.goal,
          goal: after.goal,
          todayPoints: after.todayPoints,
          metToday: after.todayPoints >= after.goal,
          streak: after.met ? after.streak : current.goal.streak,
        },
      },
    { revalidate: false },
  );
}

/** After a review card was answered: one card fewer due, in the cached glance, without a request. */
export async function cardAnswered(): Promise<void> {
  await mutate(
    todayKey(browserZone()),
    (current: TodayGlance | undefined) =>
      current && { ...current, due: Math.max(0, current.due - 1) },
    { revalidate: false },
  );
}
