import { useEffect, useMemo, useRef, useState } from 'react';
import useSWR, { mutate } from 'swr';
import type { ItemKind, ItemLists, ItemRecord, ListOp } from '../../core/items';
import type { TItemPatch } from '../../core/requests';
import { ApiError, apiFetch, fetchJson } from './api';
import { useAuth } from './auth';
import { applyListChange, overlayLists } from './offline-store';
import { isQueued, recordGuest, sendOrQueue, syncUser, useLocalRecords } from './sync';

export const EMPTY_LISTS: ItemLists = {
  planned: [],
  completed: [],
  saved: [],
  doodled: [],
  liked: [],
};
export const listsKey = (kind: ItemKind) => `/api/items/${kind}`;
const recordKey = (kind: ItemKind, id: string) => `/api/items/${kind}/${id}`;

/** The signed-in user's planned/completed/saved/doodled lists for a kind (null key for guests). */
export function useItemLists(kind: ItemKind) {
  const { user } = useAuth();
  const swr = useSWR<ItemLists>(user ? listsKey(kind) : null, fetchJson);
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

/** What a list operation does to the lists, the same way the server applies it. */
export const applyOp: (lists: ItemLists, id: string, op: ListOp) => ItemLists = applyListChange;

/**
 * A list change applied at once and sent; on failure the lists roll back and the
 * returned promise rejects with a message the caller shows.
 */
export async function listAction(kind: ItemKind, id: string, op: ListOp): Promise<void> {
  // Sync: a guest's change is kept in this browser and merged on sign-in; a signed-in
  // learner's change that cannot reach the server waits in the outbox (app/lib/sync.ts).
  const uid = syncUser();
  const syncOp = { opId: crypto.randomUUID(), type: 'item', kind, itemId: id, op } as const;
  if (uid === null) return recordGuest(syncOp);
  try {
    await mutate<ItemLists>(
      listsKey(kind),
      async () => {
        const send = () => apiFetch(`${recordKey(kind, id)}/${op}`, { method: 'POST' });
        await (uid ? sendOrQueue(uid, syncOp, undefined, send) : send());
        return undefined;
      },
      {
        optimisticData: (l) => applyOp(l ?? EMPTY_LISTS, id, op),
        rollbackOnError: true,
        populateCache: false,
        revalidate: true,
      },
    );
  } catch (err) {
    if (isQueued(err)) return; // accepted locally; SyncStatus says it is waiting
    throw new Error(
      err instanceof ApiError && err.status === 0
        ? err.message
        : 'That change could not be saved. Please try again.',
    );
  }
}

/** Likes or unlikes an item: the lists change at once and roll back on failure. */
export async function likeAction(kind: ItemKind, id: string, liked: boolean): Promise<void> {
  // Sync: kept for guests, queued when offline, as for listAction.
  const uid = syncUser();
  const syncOp = { opId: crypto.randomUUID(), type: 'like', kind, itemId: id, liked } as const;
  if (uid === null) return recordGuest(syncOp);
  try {
    await mutate<ItemLists>(
      listsKey(kind),
      async () => {
        const send = () => patchItem(kind, id, { liked });
        await (uid ? sendOrQueue(uid, syncOp, undefined, send) : send());
        return undefined;
      },
      {
        optimisticData: (l) => {
          const cur = l ?? EMPTY_LISTS;
          return {
            ...cur,
            liked: liked ? [...new Set([...cur.liked, id])] : cur.liked.filter((x) => x !== id),
          };
        },
        rollbackOnError: true,
        populateCache: false,
        revalidate: true,
      },
    );
  } catch (err) {
    if (isQueued(err)) return;
    throw new Error('Your like could not be saved. Please try again.');
  }
}

/** Updates a record (liked, gameScore, entries…) and keeps the cached record in step. */
export async function patchItem(
  kind: ItemKind,
  id: string,
  patch: TItemPatch,
): Promise<ItemRecord> {
  const res = await apiFetch(recordKey(kind, id), {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(patch),
  });
  const record = (await res.json()) as ItemRecord;
  await mutate(recordKey(kind, id), record, { revalidate: false });
  return record;
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
    apiFetch(`${recordKey(kind, id)}/visit`, { method: 'POST' })
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
