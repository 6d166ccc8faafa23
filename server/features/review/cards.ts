import type { Kysely } from 'kysely';
import { newCard } from '../../../core/review';
import { reviewCardId, type ReviewKind } from '../../../core/review-api';
import type { Database } from '../../db/schema';

/**
 * Makes review cards for items, inside the caller's transaction (the answer or list change
 * that earns them). Idempotent: an existing card keeps its schedule and suspension.
 */
export async function createReviewCards(
  db: Kysely<Database>,
  userId: string,
  kind: ReviewKind,
  itemIds: readonly string[],
  now: string,
  opts: { suspended?: boolean } = {},
): Promise<void> {
  if (itemIds.length === 0) return;
  const card = newCard(new Date(now));
  await db
    .insertInto('review_card')
    .values(
      itemIds.map((itemId) => ({
        user_id: userId,
        card_id: reviewCardId(kind, itemId),
        kind,
        item_id: itemId,
        ...card,
        suspended: opts.suspended ? 1 : 0,
        created_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(['user_id', 'card_id']).doNothing())
    .execute();
}

/** showAgain off suspends the item's card (it leaves the queue, keeping its history); on resumes it. */
export async function setCardSuspended(
  db: Kysely<Database>,
  userId: string,
  kind: ReviewKind,
  itemId: string,
  suspended: boolean,
): Promise<void> {
  await db
    .updateTable('review_card')
    .set({ suspended: suspended ? 1 : 0 })
    .where('user_id', '=', userId)
    .where('card_id', '=', reviewCardId(kind, itemId))
    .execute();
}
