import useSWR, { mutate } from 'swr';
import { ApiError, api } from '../lib/http-client';
import { useAuth } from '../lib/auth';

/** The browser's IANA zone, so "today" and the calendar's days are the learner's own. */
function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

const dashboardKey = (tz: string) => `/api/dashboard?tz=${encodeURIComponent(tz)}`;

/** A zone the server's Intl does not know yet (newer tz data in the browser) falls back to UTC. */
async function fetchDashboard(tz: string) {
  const get = async (zone: string) => (await api.dashboard.$get({ query: { tz: zone } })).json();
  try {
    return await get(tz);
  } catch (err) {
    if (err instanceof ApiError && err.code === 'invalid-argument' && tz !== 'UTC')
      return get('UTC');
    throw err;
  }
}

/** The signed-in learner's dashboard; no request for guests. */
export function useDashboard() {
  const { user } = useAuth();
  const tz = browserTimeZone();
  return useSWR(user ? dashboardKey(tz) : null, () => fetchDashboard(tz));
}

/** Fetches the dashboard again into the shared cache (after points were earned). */
export async function refreshDashboard() {
  const tz = browserTimeZone();
  return mutate(dashboardKey(tz), fetchDashboard(tz));
}
