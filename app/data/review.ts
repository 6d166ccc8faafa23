import useSWR, { mutate } from 'swr';
import { ApiError, api } from '../lib/http-client';

// The learner's review zone and the menu's due count, read by the menu, Today and the review
// page. The menu badge imports this module into the first load; the review section's own
// queries (a batch, an answer) are app/features/review/queries.ts.

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

const reviewCountKey = () => `/api/review/count?tz=${encodeURIComponent(reviewZone())}`;

/** A zone the server's Intl does not know (newer tz data in the browser) falls back to UTC. */
export async function inZone<T>(send: (tz: string) => Promise<T>): Promise<T> {
  const tz = reviewZone();
  try {
    return await send(tz);
  } catch (err) {
    if (err instanceof ApiError && err.code === 'invalid-argument' && tz !== 'UTC') {
      zoneRefused = true;
      return send('UTC');
    }
    throw err;
  }
}

/** Cards due today, for the menu badge; no request unless asked (signed in, menu open). */
export function useReviewCount(enabled: boolean): number {
  const { data } = useSWR(enabled ? reviewCountKey() : null, () =>
    inZone(async (tz) => (await api.review.count.$get({ query: { tz } })).json()),
  );
  return enabled ? (data?.due ?? 0) : 0;
}

/** Asks the menu badge to count again (after a batch was answered). */
export const refreshReviewCount = () => mutate(reviewCountKey());
