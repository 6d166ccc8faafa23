import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import useSWR, { mutate } from 'swr';
import {
  EMPTY_ITEM_LISTS,
  applyLike,
  withListOp,
  type ItemKind,
  type ItemLists,
  type ItemRecord,
  type ListOp,
} from '../../core/items/items';
import type { TItemPatch } from '../../core/requests';
import type { TSyncOp } from '../../core/sync/ops';
import { ApiError, api } from './http-client';
import { useAuth } from './auth';
import { overlayLists } from './offline-store';
import { isQueued, knownSyncUser, recordGuest, sendOrQueue, useLocalRecords } from './sync';

export const EMPTY_LISTS: ItemLists = EMPTY_ITEM_LISTS;
export const listsKey = (kind: ItemKind) => `/api/items/${kind}`;
const recordKey = (kind: ItemKind, id: string) => `/api/items/${kind}/${id}`;

/** The signed-in user's planned/completed/saved/doodled lists for a kind (null key for guests). */
export function useItemLists(kind: ItemKind) {
  const { user } = useAuth();
  const swr = useSWR<ItemLists>(user ? listsKey(kind) : null, async () =>
    (await api.items[':kind'].$get({ param: { kind } })).json(),
  );
  // Sync: changes kept in this browser (a guest's, or made offline) show until the server
  // has them (app/lib/sync.ts). Without any, the server's answer passes through unchanged.
  const local = useLocalRecords(user?.uid ?? null);
  const { data: server, error } = swr;
  const data = useMemo(() => {
    const mine = local.filter((r) => 'kind' in r.op && r.op.kind === kind);
    if (mine.length === 0) return server;
    const base = server ?? (user && !error ? undefined : EMPTY_LISTS);
    return base && overlayLists(base, mine, kind);
  }, [server, error, local, kind, user]);
  return { data, error, isLoading: swr.isLoading, mutate: swr.mutate };
}

/**
 * Sends a change the way every item change goes: a guest's is kept in this browser and
 * merged on sign-in; a signed-in learner's is applied to the cached lists at once and sent,
 * rolled back if refused, and kept in the outbox when there is no network (app/lib/sync.ts).
 * Rejects with a message for the learner when the change was refused.
 */
async function sendChange(
  kind: ItemKind,
  syncOp: TSyncOp,
  optimistic: (lists: ItemLists) => ItemLists,
  send: () => Promise<unknown>,
  failure: string,
): Promise<void> {
  const uid = await knownSyncUser();
  if (uid === null) return recordGuest(syncOp);
  try {
    await mutate<ItemLists>(
      listsKey(kind),
      async () => {
        await (uid ? sendOrQueue(uid, syncOp, undefined, send) : send());
        return undefined; // revalidate from the server
      },
      {
        optimisticData: (l) => optimistic(l ?? EMPTY_LISTS),
        rollbackOnError: true,
        populateCache: false,
        revalidate: true,
      },
    );
  } catch (err) {
    if (isQueued(err)) return; // accepted locally; SyncStatus says it is waiting
    throw new Error(err instanceof ApiError && err.status === 0 ? err.message : failure);
  }
}

/** Plan, unplan, complete, save, unsave or mark doodled: `act(id, op)`. */
export function useListAction(kind: ItemKind) {
  return useCallback(
    (itemId: string, op: ListOp) =>
      sendChange(
        kind,
        { opId: crypto.randomUUID(), type: 'item', kind, itemId, op },
        (lists) => withListOp(lists, itemId, op),
        () => api.items[':kind'][':itemId'][':op'].$post({ param: { kind, itemId, op } }),
        'That change could not be saved. Please try again.',
      ),
    [kind],
  );
}

/** Like or unlike: `like(id, liked)`. */
export function useLikeAction(kind: ItemKind) {
  return useCallback(
    (itemId: string, liked: boolean) =>
      sendChange(
        kind,
        { opId: crypto.randomUUID(), type: 'like', kind, itemId, liked },
        (lists) => applyLike(lists, itemId, liked),
        () => patchItem(kind, itemId, { liked }),
        'Your like could not be saved. Please try again.',
      ),
    [kind],
  );
}

/** Updates a record (liked, gameScore, entries…) and keeps the cached record in step. */
export async function patchItem(
  kind: ItemKind,
  id: string,
  patch: TItemPatch,
): Promise<ItemRecord> {
  const res = await api.items[':kind'][':itemId'].$patch({
    param: { kind, itemId: id },
    json: patch,
  });
  const record = (await res.json()) as ItemRecord;
  await mutate(recordKey(kind, id), record, { revalidate: false });
  return record;
}

/** A record as the server has it now (null when there is none), without counting a visit. */
export async function readItemRecord(kind: ItemKind, id: string): Promise<ItemRecord | null> {
  const res = await api.items[':kind'][':itemId'].$get({
    param: { kind, itemId: encodeURIComponent(id) },
  });
  return (await res.json()) as ItemRecord | null;
}

/**
 * Opening an item while signed in records one visit (the spec's read-with-increment) and
 * keeps the returned record. Guests get no record. The third value says whether the record
 * is still on its way, so a page can wait for saved answers without waiting forever.
 */
export function useItemRecord(kind: ItemKind, id: string | null) {
  const { user } = useAuth();
  const [record, setRecord] = useState<ItemRecord | null>(null);
  const [failedId, setFailedId] = useState<string | null>(null);
  const visited = useRef<string | null>(null);
  useEffect(() => {
    if (!user || !id || visited.current === id) return;
    // One visit per opening. The ref (not a cleanup flag) decides whether the answer still
    // applies, so StrictMode's mount-unmount-mount in development neither posts twice nor
    // drops the record.
    visited.current = id;
    api.items[':kind'][':itemId'].visit
      .$post({ param: { kind, itemId: id } })
      .then((r) => r.json() as Promise<ItemRecord>)
      .then((r) => {
        if (visited.current === id) setRecord(r);
      })
      .catch(() => {
        // A visit that could not be recorded is not worth interrupting the learner for.
        if (visited.current === id) setFailedId(id);
      });
  }, [kind, id, user]);
  const current = record?.itemId === id ? record : null;
  const loading = user !== null && id !== null && current === null && failedId !== id;
  return [current, setRecord, loading] as const;
}
