import { sql, type RawBuilder } from 'kysely';
import {
  KIND_CAPS,
  LIST_OP_EFFECTS,
  LIST_OPS,
  type ItemKind,
  type ItemList,
  type ItemLists,
  type ItemRecord,
  type ItemRecordRead,
  type ListOp,
} from '../../../core/items/items';
import type { TItemPatch } from '../../../core/requests';
import { inTransaction, type Db } from '../../db/client';
import { isPostgres, prepared, run, type Param } from '../../db/prepared';
import type { UserItemTable } from '../../db/schema';
import { invalidArgument } from '../../http/errors';
import { createReviewCards, deleteReviewCard, setCardSuspended } from '../review/cards';

/** Visit times returned with a record read: the most recent ones. */
const VISITS_RETURNED = 100;

function toRecord(row: UserItemTable): ItemRecord {
  const caps = KIND_CAPS[row.kind as ItemKind];
  return {
    kind: row.kind as ItemKind,
    itemId: row.item_id,
    visits: Number(row.visits),
    liked: Number(row.liked) === 1,
    status: row.status,
    entries: JSON.parse(row.entries) as unknown[],
    ...(caps.showAgain ? { showAgain: Number(row.show_again) === 1 } : {}),
    ...(caps.gameScore
      ? { gameScore: row.game_score === null ? null : Number(row.game_score) }
      : {}),
    planned: row.planned_at !== null,
    completed: row.completed_at !== null,
    saved: row.saved_at !== null,
    doodled: row.doodled_at !== null,
    learning: row.learning_at !== null,
  };
}

async function visitTimes(
  db: Db,
  userId: string,
  kind: ItemKind,
  itemId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('item_visit')
    .select('at')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('item_id', '=', itemId)
    .orderBy('at', 'desc')
    .limit(VISITS_RETURNED)
    .execute();
  return rows.map((r) => r.at).reverse();
}

interface ItemArgs {
  userId: string;
  kind: ItemKind;
  itemId: string;
  now: string;
}

/** A prepared query's stand-ins for the record's key and the time. */
const itemArgs = (p: Param): ItemArgs => ({
  userId: p('userId'),
  kind: p('kind'),
  itemId: p('itemId'),
  now: p('now'),
});

const blank = ({ userId, kind, itemId, now }: ItemArgs) => ({
  user_id: userId,
  kind,
  item_id: itemId,
  visits: 0,
  liked: 0,
  status: null,
  entries: '[]',
  show_again: 1,
  game_score: null,
  planned_at: null,
  completed_at: null,
  saved_at: null,
  doodled_at: null,
  learning_at: null,
  created_at: now,
  updated_at: now,
});

const itemKey = ['user_id', 'kind', 'item_id'] as const;

const visitValues = (a: ItemArgs) => ({ ...blank(a), visits: 1, status: 'visited' });
const visitCounted = {
  visits: sql<number>`user_item.visits + 1`,
  status: sql<string>`COALESCE(user_item.status, 'visited')`,
};
const visitTime = ({ userId, kind, itemId, now }: ItemArgs) => ({
  user_id: userId,
  kind,
  item_id: itemId,
  at: now,
});

const storeVisit = prepared((db, p) => db.insertInto('item_visit').values(visitTime(itemArgs(p))));
const countVisit = prepared((db, p) => {
  const a = itemArgs(p);
  return db
    .insertInto('user_item')
    .values(visitValues(a))
    .onConflict((oc) => oc.columns(itemKey).doUpdateSet({ ...visitCounted, updated_at: a.now }))
    .returningAll();
});
/** PostgreSQL: the visit time and the count in one statement (one round trip, atomic). */
const countAndStoreVisit = prepared((db, p) => {
  const a = itemArgs(p);
  return db
    .with('visit', (q) => q.insertInto('item_visit').values(visitTime(a)).returning('at'))
    .insertInto('user_item')
    .values(visitValues(a))
    .onConflict((oc) => oc.columns(itemKey).doUpdateSet({ ...visitCounted, updated_at: a.now }))
    .returningAll();
});

/** Each list operation's upsert: one statement (spec section 4's list rules). */
const listOpUpserts = Object.fromEntries(
  LIST_OPS.map((op) => [
    op,
    prepared((db, p) => {
      const a = itemArgs(p);
      const now = a.now;
      // From core's table: the list added to keeps its first time, the lists left are cleared.
      const { add, remove } = LIST_OP_EFFECTS[op];
      const set: Partial<Record<`${ItemList}_at`, RawBuilder<string> | null>> = {};
      for (const list of remove) set[`${list}_at`] = null;
      if (add) set[`${add}_at`] = sql<string>`COALESCE(${sql.ref(`user_item.${add}_at`)}, ${now})`;
      const fresh = add ? { [`${add}_at`]: now } : {};
      return db
        .insertInto('user_item')
        .values({ ...blank(a), ...fresh })
        .onConflict((oc) => oc.columns(itemKey).doUpdateSet({ ...set, updated_at: now }))
        .returningAll();
    }),
  ]),
) as Record<ListOp, typeof countVisit>;

/**
 * Opening an item: the first open creates the record with status 'visited' and visits 1;
 * each later open adds 1 (`visits = visits + 1`, never read-then-write) and a visit time,
 * atomically: one statement on PostgreSQL, one transaction on SQLite. The answer is the
 * record without its visit times (the page shows the count; GET has the times).
 */
export async function recordVisit(
  db: Db,
  userId: string,
  kind: ItemKind,
  itemId: string,
): Promise<ItemRecord> {
  const args = { userId, kind, itemId, now: new Date().toISOString() };
  if (isPostgres(db)) {
    const [row] = await run(db, countAndStoreVisit(db, args));
    return toRecord(row as UserItemTable);
  }
  return inTransaction(db, async (trx) => {
    await run(trx, storeVisit(trx, args));
    const [row] = await run(trx, countVisit(trx, args));
    return toRecord(row as UserItemTable);
  });
}

/** The record without counting a visit (null when the user never touched the item). */
export async function getRecord(
  db: Db,
  userId: string,
  kind: ItemKind,
  itemId: string,
): Promise<ItemRecordRead | null> {
  const row = await db
    .selectFrom('user_item')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('item_id', '=', itemId)
    .executeTakeFirst();
  return row ? { ...toRecord(row), visitedAt: await visitTimes(db, userId, kind, itemId) } : null;
}

/**
 * One list operation as one statement (and the review card of a completed word, in the same
 * transaction). Lists are flags, so adding twice changes nothing;
 * complete and save also take the item off the planned list (spec section 4).
 */
export async function applyListOp(
  db: Db,
  userId: string,
  kind: ItemKind,
  itemId: string,
  op: ListOp,
): Promise<ItemRecord> {
  if (!KIND_CAPS[kind].ops.includes(op)) {
    throw invalidArgument(
      `A ${kind} cannot be "${op}"; it supports: ${KIND_CAPS[kind].ops.join(', ')}.`,
    );
  }
  const args = { userId, kind, itemId, now: new Date().toISOString() };
  // A completed word becomes a review card (suspended if its showAgain is already off); an
  // undone one leaves review until it is learned again.
  if (kind !== 'word' || (op !== 'complete' && op !== 'uncomplete')) {
    const [row] = await run(db, listOpUpserts[op](db, args));
    return toRecord(row as UserItemTable);
  }
  return inTransaction(db, async (trx) => {
    const [row] = (await run(trx, listOpUpserts[op](trx, args))) as UserItemTable[];
    if (op === 'complete')
      await createReviewCards(trx, userId, 'word', [itemId], args.now, {
        suspended: Number(row?.show_again) === 0,
      });
    else await deleteReviewCard(trx, userId, 'word', itemId);
    return toRecord(row as UserItemTable);
  });
}

/**
 * A word back on the learning list and off completed (the 'learning' op's upsert alone),
 * inside the caller's transaction: a word missed in review. Its review card stays.
 */
export async function markWordLearning(
  trx: Db,
  userId: string,
  wordId: string,
  now: string,
): Promise<void> {
  await run(trx, listOpUpserts.learning(trx, { userId, kind: 'word', itemId: wordId, now }));
}

/** Updates liked, status, entries, showAgain or gameScore — only those the kind has. */
export async function patchRecord(
  db: Db,
  userId: string,
  kind: ItemKind,
  itemId: string,
  patch: TItemPatch,
): Promise<ItemRecord> {
  const caps = KIND_CAPS[kind];
  if (patch.showAgain !== undefined && !caps.showAgain)
    throw invalidArgument(`A ${kind} has no showAgain.`);
  if (patch.gameScore !== undefined && !caps.gameScore)
    throw invalidArgument(`A ${kind} has no gameScore.`);
  const now = new Date().toISOString();
  const values = {
    ...(patch.liked !== undefined ? { liked: patch.liked ? 1 : 0 } : {}),
    ...(patch.status !== undefined ? { status: patch.status } : {}),
    ...(patch.entries !== undefined ? { entries: JSON.stringify(patch.entries) } : {}),
    ...(patch.showAgain !== undefined ? { show_again: patch.showAgain ? 1 : 0 } : {}),
    ...(patch.gameScore !== undefined ? { game_score: patch.gameScore } : {}),
  };
  const row = await inTransaction(db, async (trx) => {
    const updated = await trx
      .insertInto('user_item')
      .values({ ...blank({ userId, kind, itemId, now }), ...values })
      .onConflict((oc) => oc.columns(itemKey).doUpdateSet({ ...values, updated_at: now }))
      .returningAll()
      .executeTakeFirstOrThrow();
    // showAgain is the word's review card: off suspends it, on resumes it.
    if (kind === 'word' && patch.showAgain !== undefined)
      await setCardSuspended(trx, userId, 'word', itemId, !patch.showAgain);
    return updated;
  });
  return toRecord(row);
}

/** The kind's lists (planned, completed, saved, doodled, learning) in one indexed read. */
export async function getLists(db: Db, userId: string, kind: ItemKind): Promise<ItemLists> {
  const rows = await db
    .selectFrom('user_item')
    .select([
      'item_id',
      'planned_at',
      'completed_at',
      'saved_at',
      'doodled_at',
      'learning_at',
      'liked',
      'updated_at',
    ])
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where((eb) =>
      eb.or([
        eb('planned_at', 'is not', null),
        eb('completed_at', 'is not', null),
        eb('saved_at', 'is not', null),
        eb('doodled_at', 'is not', null),
        eb('learning_at', 'is not', null),
        eb('liked', '=', 1),
      ]),
    )
    .execute();
  const list = (key: `${ItemList}_at`) =>
    rows
      .filter((r) => r[key] !== null)
      .sort(
        (a, b) =>
          (a[key] as string).localeCompare(b[key] as string) || a.item_id.localeCompare(b.item_id),
      )
      .map((r) => r.item_id);
  return {
    planned: list('planned_at'),
    completed: list('completed_at'),
    saved: list('saved_at'),
    doodled: list('doodled_at'),
    learning: list('learning_at'),
    liked: rows
      .filter((r) => Number(r.liked) === 1)
      .map((r) => r.item_id)
      .sort(),
  };
}
