import useSWR, { mutate } from 'swr';
import { api } from '../lib/http-client';
import { browserZone, inZone } from '../lib/time-zone';
import { staleToday } from './today';

// The menu's due count of review cards, read by the menu, Today and the review
// page. The menu badge imports this module into the first load; the review section's own
// queries (a batch, an answer) are app/features/review/queries.ts.

const reviewCountKey = () => `/api/review/count?tz=${encodeURIComponent(browserZone())}`;

/** Cards due today, for the menu badge; no request unless asked (signed in, menu open). */
export function useReviewCount(enabled: boolean): number {
  const { data } = useSWR(enabled ? reviewCountKey() : null, () =>
    inZone(async (tz) => (await api.review.count.$get({ query: { tz } })).json()),
  );
  return enabled ? (data?.due ?? 0) : 0;
}

/** Asks the menu badge and the navigation's glance to count again (after a batch was answered). */
export const refreshReviewCount = () => Promise.all([mutate(reviewCountKey()), staleToday()]);
