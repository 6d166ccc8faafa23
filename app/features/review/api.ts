import { useCallback } from 'react';
import useSWR, { mutate } from 'swr';
import type { ReviewAnswerResult, ReviewQueue } from '../../../core/review-api';
import { ApiError, api } from '../../lib/api';
import { useAuth } from '../../lib/auth';

// The review section's data: the menu's due count, a batch of cards, and one answer. Days
// are the learner's, so every request names the browser's zone. The menu badge imports this
// module into the first load, so the sync engine (IndexedDB, outbox) is loaded only when an
// answer is sent — it is its own chunk (app/lib/sync.ts).

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
async function inZone<T>(send: (tz: string) => Promise<T>): Promise<T> {
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

/**
 * Today's batch, or a catch-up batch. A plain fetch, not a revalidating cache: a batch is
 * fixed while it is answered.
 */
export function fetchReviewBatch(mode: 'today' | 'catch-up'): Promise<ReviewQueue> {
  return inZone(async (tz) => {
    const query = mode === 'catch-up' ? { mode, tz } : { tz };
    return (await api.review.$get({ query })).json();
  });
}

/** What became of an answer. */
export type ReviewOutcome =
  | { kind: 'graded'; result: ReviewAnswerResult }
  /** Answered elsewhere at the same moment, or no longer due: nothing to grade here. */
  | { kind: 'skipped'; message: string }
  /** Sent without a network: kept in the outbox, graded by the server once it is back. */
  | { kind: 'queued' };

/**
 * Answers a card: `answer(cardId, choiceIndex, reviewId)`. The server alone knows the right
 * option, so it grades. Offline, a signed-in learner's answer goes to the outbox as a
 * `review` op whose id is the answer's reviewId (so an answer that reaches both the answer
 * endpoint and the sync applies once). Rejects when the answer could not be sent; a retry
 * with the same reviewId is applied once.
 */
export function useReviewAnswer() {
  const { user } = useAuth();
  const uid = user?.uid ?? null;
  return useCallback(
    async (cardId: string, choiceIndex: number, reviewId: string): Promise<ReviewOutcome> => {
      const tz = reviewZone();
      const post = async () =>
        (
          await api.review[':cardId'].answer.$post({
            param: { cardId: encodeURIComponent(cardId) },
            query: { tz },
            json: { choiceIndex, reviewId },
          })
        ).json();
      const sync = uid ? await import('../../lib/sync') : null;
      try {
        const result = await (uid && sync
          ? sync.sendOrQueue(
              uid,
              { opId: reviewId, type: 'review', cardId, choiceIndex, tz },
              undefined,
              post,
            )
          : post());
        return { kind: 'graded', result };
      } catch (err) {
        if (sync?.isQueued(err)) return { kind: 'queued' };
        if (err instanceof ApiError && ['aborted', 'failed-precondition'].includes(err.code))
          return { kind: 'skipped', message: err.message };
        throw err;
      }
    },
    [uid],
  );
}
