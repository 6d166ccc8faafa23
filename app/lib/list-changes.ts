import { useCallback } from 'react';
import { mutate } from 'swr';
import {
  EMPTY_ITEM_LISTS,
  withListOp,
  type ItemKind,
  type ItemLists,
  type ListOp,
} from '../../core/items/items';
import type { SyncResponse, TSyncOp } from '../../core/sync/ops';
import { useAuth } from './auth';
import { ApiError, postJson } from './http-client';
import { listsKey, useItemLists } from './items';
import { enqueue, isQueued, knownSyncUser, QueuedOffline, recordGuest } from './sync';

// Study rounds' list changes (app/features/vocabulary/study/): apart from app/lib/items.ts,
// so the first load does not carry them.

const EMPTY_LISTS = EMPTY_ITEM_LISTS;

/**
 * The lists to start a study round from: the learner's once known; a guest's (or, when the
 * server could not be reached, none) at once. Undefined only while a signed-in learner's load.
 */
export function useStartingLists(kind: ItemKind): ItemLists | undefined {
  const { user, loading } = useAuth();
  const { data, error } = useItemLists(kind);
  if (data) return data;
  return (!user && !loading) || error ? EMPTY_LISTS : undefined;
}

/**
 * Sends a batch of a signed-in learner's ops in one request (`POST /api/sync`, idempotent by
 * op id); without a network they go to the outbox and `QueuedOffline` is thrown.
 */
async function sendOpsOrQueue(userId: string | undefined, ops: readonly TSyncOp[]): Promise<void> {
  try {
    await postJson<SyncResponse>('/api/sync', { ops });
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 0 || err.code === 'cancelled' || !userId)
      throw err;
    for (const op of ops) await enqueue(userId, op);
    throw new QueuedOffline();
  }
}

/**
 * Several list changes that belong together (what a study round showed), as one: a guest's
 * kept in one write, a signed-in learner's sent in one request and applied to the cached
 * lists at once. Leaving the page right after loses none of them.
 */
export function useListChanges(kind: ItemKind) {
  return useCallback(
    async (changes: readonly { itemId: string; op: ListOp }[]) => {
      if (changes.length === 0) return;
      const ops = changes.map(({ itemId, op }) => ({
        opId: crypto.randomUUID(),
        type: 'item' as const,
        kind,
        itemId,
        op,
      }));
      const uid = await knownSyncUser();
      if (uid === null) return recordGuest(ops);
      try {
        await mutate<ItemLists>(
          listsKey(kind),
          async () => {
            await sendOpsOrQueue(uid, ops);
            return undefined;
          },
          {
            optimisticData: (l) =>
              changes.reduce((acc, c) => withListOp(acc, c.itemId, c.op), l ?? EMPTY_LISTS),
            rollbackOnError: true,
            populateCache: false,
            revalidate: true,
          },
        );
      } catch (err) {
        if (isQueued(err)) return;
        throw new Error('What this round showed could not be saved. Please try again.');
      }
    },
    [kind],
  );
}
