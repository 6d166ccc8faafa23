import { useCallback } from 'react';
import { checkGoal } from '../../data/goal-check';
import { cardAnswered } from '../../data/today';
import type { ReviewAnswerResult, ReviewQueue, ReviewResponse } from '../../../core/review/results';
import { ApiError, api } from '../../lib/http-client';
import { useAuth } from '../../lib/auth';
import { browserZone, inZone } from '../../lib/time-zone';

// The review section's queries: a batch of cards, and one answer. Days are the learner's, so
// every request names the browser's zone (app/lib/time-zone.ts). The
// sync engine (IndexedDB, outbox) is loaded only when an answer is sent — it is its own chunk
// (app/lib/sync.ts).

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
 * Answers a card: `answer(cardId, response, reviewId)`, where the response is the option
 * chosen (`{ choiceIndex }`, in the order shown) or the word typed (`{ typed }`). The server
 * alone knows the right answer, so it grades. Offline, a signed-in learner's answer goes to
 * the outbox as a `review` op whose id is the answer's reviewId (so an answer that reaches
 * both the answer endpoint and the sync applies once). Rejects when the answer could not be
 * sent; a retry with the same reviewId is applied once.
 */
export function useReviewAnswer() {
  const { user } = useAuth();
  const uid = user?.uid ?? null;
  return useCallback(
    async (cardId: string, response: ReviewResponse, reviewId: string): Promise<ReviewOutcome> => {
      const tz = browserZone();
      const post = async () =>
        (
          await api.review[':cardId'].answer.$post({
            param: { cardId: encodeURIComponent(cardId) },
            query: { tz },
            json: { ...response, reviewId },
          })
        ).json();
      const sync = uid ? await import('../../lib/sync') : null;
      try {
        const result = await (uid && sync
          ? sync.sendOrQueue(
              uid,
              { opId: reviewId, type: 'review', cardId, ...response, tz },
              undefined,
              post,
            )
          : post());
        // One card fewer due in the navigation; and the daily goal after this write (when it
        // earned points), as a grammar answer's reply carries it.
        void cardAnswered();
        if (result.goal) void checkGoal('saved', 0, result.goal);
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
