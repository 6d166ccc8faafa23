import { sql } from 'kysely';
import {
  KIND_CAPS,
  type ItemKind,
  type ItemLists,
  type ItemRecord,
  type ListOp,
} from '../../../core/items';
import type { TItemPatch } from '../../../core/requests';
import { inTransaction, type Db } from '../../db/client';
import type { UserItemTable } from '../../db/schema';
import { invalidArgument } from '../../http/errors';
import { createReviewCards, setCardSuspended } from '../review/cards';

/** Visit times returned with a record: the most recent ones. */
const VISITS_RETURNED = 100;

function toRecord(row: UserItemTable, visitedAt: string[]): ItemRecord {
  const caps = KIND_CAPS[row.kind as ItemKind];
  return {
    kind: row.kind as ItemKind,
    itemId: row.item_id,
    visits: Number(row.visits),
    visitedAt,
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

const blank = (userId: string, kind: ItemKind, itemId: string, now: string) => ({
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
  created_at: now,
  updated_at: now,
});

/**
 * Opening an item: the first open creates the record with status 'visited' and visits 1;
 * each later open adds 1 (`visits = visits + 1`, never read-then-write) and a visit time.
 * The record's visit times are read in the same transaction (one connection, not two).
 */
export async function recordVisit(
  db: Db,
  userId: string,
  kind: ItemKind,
  itemId: string,
): Promise<ItemRecord> {
  const now = new Date().toISOString();
  return inTransaction(db, async (trx) => {
    const updated = await trx
      .insertInto('user_item')
      .values({ ...blank(userId, kind, itemId, now), visits: 1, status: 'visited' })
      .onConflict((oc) =>
        oc.columns(['user_id', 'kind', 'item_id']).doUpdateSet({
          visits: sql`user_item.visits + 1`,
          status: sql`COALESCE(user_item.status, 'visited')`,
          updated_at: now,
        }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('item_visit')
      .values({ user_id: userId, kind, item_id: itemId, at: now })
      .execute();
    return toRecord(updated, await visitTimes(trx, userId, kind, itemId));
  });
}

/** The record without counting a visit (null when the user never touched the item). */
export async function getRecord(
  db: Db,
  userId: string,
  kind: ItemKind,
  itemId: string,
): Promise<ItemRecord | null> {
  const row = await db
    .selectFrom('user_item')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('item_id', '=', itemId)
    .executeTakeFirst();
  return row ? toRecord(row, await visitTimes(db, userId, kind, itemId)) : null;
}

/**
 * One list operation as one statement. Lists are flags, so adding twice changes nothing;
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
  const now = new Date().toISOString();
  const set = {
    plan: { planned_at: sql<string>`COALESCE(user_item.planned_at, ${now})` },
    unplan: { planned_at: null },
    complete: {
      planned_at: null,
      completed_at: sql<string>`COALESCE(user_item.completed_at, ${now})`,
    },
    save: { planned_at: null, saved_at: sql<string>`COALESCE(user_item.saved_at, ${now})` },
    unsave: { saved_at: null },
    doodled: { doodled_at: sql<string>`COALESCE(user_item.doodled_at, ${now})` },
  }[op];
  const fresh = {
    plan: { planned_at: now },
    unplan: {},
    complete: { completed_at: now },
    save: { saved_at: now },
    unsave: {},
    doodled: { doodled_at: now },
  }[op];
  return inTransaction(db, async (trx) => {
    const updated = await trx
      .insertInto('user_item')
      .values({ ...blank(userId, kind, itemId, now), ...fresh })
      .onConflict((oc) =>
        oc.columns(['user_id', 'kind', 'item_id']).doUpdateSet({ ...set, updated_at: now }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
    // A completed word becomes a review card (suspended if its showAgain is already off).
    if (kind === 'word' && op === 'complete') {
      await createReviewCards(trx, userId, 'word', [itemId], now, {
        suspended: Number(updated.show_again) === 0,
      });
    }
    return toRecord(updated, await visitTimes(trx, userId, kind, itemId));
  });
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
      .values({ ...blank(userId, kind, itemId, now), ...values })
      .onConflict((oc) =>
        oc.columns(['user_id', 'kind', 'item_id']).doUpdateSet({ ...values, updated_at: now }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
    // showAgain is the word's review card: off suspends it, on resumes it.
    if (kind === 'word' && patch.showAgain !== undefined)
      await setCardSuspended(trx, userId, 'word', itemId, !patch.showAgain);
    return updated;
  });
  return toRecord(row, await visitTimes(db, userId, kind, itemId));
}

/** The kind's lists (planned, completed, saved, doodled) in one indexed read. */
export async function getLists(db: Db, userId: string, kind: ItemKind): Promise<ItemLists> {
  const rows = await db
    .selectFrom('user_item')
    .select([
      'item_id',
      'planned_at',
      'completed_at',
      'saved_at',
      'doodled_at',
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
        eb('liked', '=', 1),
      ]),
    )
    .execute();
  const list = (key: 'planned_at' | 'completed_at' | 'saved_at' | 'doodled_at') =>
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
    liked: rows
      .filter((r) => Number(r.liked) === 1)
      .map((r) => r.item_id)
      .sort(),
  };
}
