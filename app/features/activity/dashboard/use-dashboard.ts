import useSWR from 'swr';
import type { Dashboard } from '../../../../core/dashboard';
import { formatDayMonth } from '../../../../core/dates';
import { ApiError, fetchJson } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';

/** The browser's IANA zone, so "today" and the calendar's days are the learner's own. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export const dashboardKey = (tz: string) => `/api/dashboard?tz=${encodeURIComponent(tz)}`;

/** A zone the server's Intl does not know yet (newer tz data in the browser) falls back to UTC. */
async function fetchDashboard(key: string): Promise<Dashboard> {
  try {
    return await fetchJson<Dashboard>(key);
  } catch (err) {
    if (err instanceof ApiError && err.code === 'invalid-argument' && key !== dashboardKey('UTC'))
      return fetchJson<Dashboard>(dashboardKey('UTC'));
    throw err;
  }
}

/** The signed-in learner's dashboard; no request for guests. */
export function useDashboard() {
  const { user } = useAuth();
  return useSWR<Dashboard>(user ? dashboardKey(browserTimeZone()) : null, fetchDashboard);
}

/** '2026-03-05' → '5 Mar' (the key is already a day in the learner's zone). */
export const dayLabel = (day: string) => formatDayMonth(`${day}T12:00:00Z`, 'UTC');

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
