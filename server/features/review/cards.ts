import type { Insertable, Kysely } from 'kysely';
import { newCard, type CardState } from '../../../core/review/schedule';
import { reviewCardId, type ReviewKind } from '../../../core/review/results';
import { prepared, run } from '../../db/prepared';
import type { Database, ReviewCardTable } from '../../db/schema';

/** A new card's columns with their PostgreSQL types (for statements that must name them). */
const CARD_COLUMNS: { name: keyof ReviewCardTable; pgType: string }[] = [
  { name: 'user_id', pgType: 'text' },
  { name: 'card_id', pgType: 'text' },
  { name: 'kind', pgType: 'text' },
  { name: 'item_id', pgType: 'text' },
  ...(
    [
      ['due', 'text'],
      ['stability', 'double precision'],
      ['difficulty', 'double precision'],
      ['elapsed_days', 'integer'],
      ['scheduled_days', 'integer'],
      ['learning_steps', 'integer'],
      ['reps', 'integer'],
      ['lapses', 'integer'],
      ['state', 'integer'],
      ['last_review', 'text'],
    ] satisfies [keyof CardState, string][]
  ).map(([name, pgType]) => ({ name, pgType })),
  { name: 'suspended', pgType: 'integer' },
  { name: 'created_at', pgType: 'text' },
];

const cardRow = (
  userId: string,
  kind: ReviewKind,
  itemId: string,
  now: string,
  suspended = false,
): Insertable<ReviewCardTable> => ({
  user_id: userId,
  card_id: reviewCardId(kind, itemId),
  kind,
  item_id: itemId,
  ...newCard(new Date(now)),
  suspended: suspended ? 1 : 0,
  created_at: now,
});

/** A new card as named values for a prepared statement: one per column, by column name. */
export const reviewCardInsert = { columns: CARD_COLUMNS, args: cardRow };

const insertOneCard = prepared((db, p) =>
  db
    .insertInto('review_card')
    .values(
      Object.fromEntries(
        CARD_COLUMNS.map((c) => [c.name, p(c.name)]),
      ) as Insertable<ReviewCardTable>,
    )
    .onConflict((oc) => oc.columns(['user_id', 'card_id']).doNothing()),
);

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
  const [only] = itemIds;
  if (itemIds.length === 1 && only !== undefined) {
    // One card (an answer got wrong, a word completed) is a hot path: a prepared statement.
    await run(db, insertOneCard(db, cardRow(userId, kind, only, now, opts.suspended)));
    return;
  }
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

/**
 * An undone "learned" takes the word out of review: its card goes (its reviews stay in
 * review_log), and learning it again makes a new one.
 */
export async function deleteReviewCard(
  db: Kysely<Database>,
  userId: string,
  kind: ReviewKind,
  itemId: string,
): Promise<void> {
  await db
    .deleteFrom('review_card')
    .where('user_id', '=', userId)
    .where('card_id', '=', reviewCardId(kind, itemId))
    .execute();
}
