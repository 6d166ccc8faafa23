import useSWR, { mutate } from 'swr';
import { api } from '../lib/http-client';
import { browserZone, inZone } from '../lib/time-zone';
import { useAuth } from '../lib/auth';
import type { GoalAfterWrite } from '../../core/progress/goal';
import { patchToday } from './today';

const dashboardKey = (tz: string) => `/api/dashboard?tz=${encodeURIComponent(tz)}`;

/** In the browser's zone, or UTC where the server does not know it (app/lib/time-zone.ts). */
const fetchDashboard = () =>
  inZone(async (tz) => (await api.dashboard.$get({ query: { tz } })).json());

/** The signed-in learner's dashboard; no request for guests. */
export function useDashboard() {
  const { user } = useAuth();
  return useSWR(user ? dashboardKey(browserZone()) : null, fetchDashboard);
}

/**
 * Marks the cached dashboard out of date after a write that earned points, without fetching
 * it: a page showing it now revalidates, one opened later fetches it on mount (SWR's
 * stale-while-revalidate), and nothing is sent while neither is on screen. The navigation's
 * glance takes the reply's goal instead (patchToday), also without a request.
 */
export async function staleDashboard(goal?: GoalAfterWrite | null): Promise<void> {
  await Promise.all([mutate(dashboardKey(browserZone())), goal && patchToday(goal)]);
}
