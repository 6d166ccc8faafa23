import useSWR from 'swr';
import { ApiError, fetchJson } from './api';

// Set once the server has refused the browser's zone (its tz data is older): use UTC.
let zoneRefused = false;

/** The browser's IANA zone, so "today" is the learner's own day. */
export function reviewZone(): string {
  if (zoneRefused) return 'UTC';
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

const withZone = (url: string, tz: string) =>
  `${url}${url.includes('?') ? '&' : '?'}tz=${encodeURIComponent(tz)}`;

export const reviewCountKey = () => withZone('/api/review/count', reviewZone());
export const reviewQueueKey = (mode: 'today' | 'catch-up') =>
  withZone(mode === 'catch-up' ? '/api/review?mode=catch-up' : '/api/review', reviewZone());
export const reviewAnswerUrl = (cardId: string) =>
  withZone(`/api/review/${encodeURIComponent(cardId)}/answer`, reviewZone());

/** A zone the server's Intl does not know (newer tz data in the browser) falls back to UTC. */
export async function fetchWithZone<T>(key: string): Promise<T> {
  try {
    return await fetchJson<T>(key);
  } catch (err) {
    const utc = key.replace(/tz=[^&]*/, 'tz=UTC');
    if (err instanceof ApiError && err.code === 'invalid-argument' && utc !== key) {
      zoneRefused = true;
      return fetchJson<T>(utc);
    }
    throw err;
  }
}

/** Cards due today, for the menu badge; no request unless asked (signed in, menu open). */
export function useReviewCount(enabled: boolean): number {
  const { data } = useSWR<{ due: number }>(enabled ? reviewCountKey() : null, fetchWithZone);
  return enabled ? (data?.due ?? 0) : 0;
}
