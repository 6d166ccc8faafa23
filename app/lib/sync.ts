import { useMemo, useSyncExternalStore } from 'react';
import { mutate } from 'swr';
import type { ItemKind } from '../../core/items/items';
import { OP_ID_HEADER, type SyncResponse, type TSyncOp } from '../../core/sync/ops';
import { ApiError, apiFetch, postJson } from './http-client';
import * as store from './offline-store';
import type { GuestDoodle, LocalRecord, OpView, OutboxRecord } from './offline-store';

/**
 * Sends what this browser kept (offline-store.ts) to `POST /api/sync`: a guest's progress
 * once they sign in, and a signed-in learner's outbox when the network is back. It runs when
 * the app opens, on sign-in, on the `online` event, when the tab becomes visible again, and
 * on a backing-off timer after a failure — no Background Sync. Every op keeps the id it was
 * made with, so a batch sent twice (a lost response, two tabs) adds nothing on the server.
 */

export interface SyncStatusState {
  /** Signed-in user the outbox is sent for (null for guests). */
  userId: string | null;
  phase: 'idle' | 'syncing' | 'offline' | 'retrying';
  /** Shown briefly after waiting ops reached the server. */
  justSynced: boolean;
  /** "Your practice as a guest was added to your account", once per merge. */
  merged: boolean;
  /** Ops the server refused for good (content removed, say), dropped in the last run. */
  dropped: number;
}

interface LocalState {
  guest: LocalRecord[];
  outbox: OutboxRecord[];
  doodles: GuestDoodle[];
}

let local: LocalState = { guest: [], outbox: [], doodles: [] };
/** What the server renders and the hydrating render shows: nothing kept on a device yet. */
const NOTHING_LOCAL = local;
let status: SyncStatusState = {
  userId: null,
  phase: 'idle',
  justSynced: false,
  merged: false,
  dropped: 0,
};
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
function setLocal(next: Partial<LocalState>) {
  local = { ...local, ...next };
  emit();
}
function setStatus(next: Partial<SyncStatusState>) {
  status = { ...status, ...next };
  emit();
}

// Store reads and writes run one after another, so a reload from IndexedDB never drops a
// record written while it ran.
let chain: Promise<unknown> = Promise.resolve();
function serial<T>(fn: () => Promise<T>): Promise<T> {
  const next = chain.then(fn);
  chain = next.catch(() => undefined);
  return next;
}

let loaded = false;
function reload(): Promise<void> {
  return serial(async () => {
    const all = await store.readAll();
    // Without IndexedDB the records live in memory only: keep them.
    if (!(await store.openStore())) return;
    loaded = true;
    // Nothing kept (most visits): no new state, so the page that just hydrated is not drawn again.
    const none = (s: LocalState) => !s.guest.length && !s.outbox.length && !s.doodles.length;
    if (none(all) && none(local)) return;
    setLocal({ guest: all.guest, outbox: all.outbox, doodles: all.doodles });
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!loaded) void reload();
  return () => listeners.delete(listener);
}

let memorySeq = 0;
const inMemory = (op: TSyncOp, view?: OpView): LocalRecord => ({
  seq: --memorySeq,
  op,
  at: new Date().toISOString(),
  ...(view ? { view } : {}),
});

/**
 * A guest's answer, quiz or list change, kept until they sign in; several that belong
 * together (a study round's words) are kept in one write, so leaving at once keeps them all.
 */
export function recordGuest(op: TSyncOp | readonly TSyncOp[], view?: OpView): Promise<void> {
  const ops = Array.isArray(op) ? (op as readonly TSyncOp[]) : [op as TSyncOp];
  return serial(async () => {
    const records = (await store.addGuestOps(ops, view)) ?? ops.map((o) => inMemory(o, view));
    setLocal({ guest: [...local.guest, ...records] });
  });
}

/** A guest's draft of one item (its entries), replacing the one kept before; merged on sign-in. */
export function recordGuestEntries(
  kind: ItemKind,
  itemId: string,
  entries: unknown[],
): Promise<void> {
  return serial(async () => {
    const op = { opId: crypto.randomUUID(), type: 'entries' as const, kind, itemId, entries };
    const put = await store.putGuestEntries(op);
    const record = put?.record ?? inMemory(op);
    const gone = new Set(put?.replaced ?? []);
    const same = (r: LocalRecord) =>
      r.op.type === 'entries' && r.op.kind === kind && r.op.itemId === itemId;
    setLocal({ guest: [...local.guest.filter((r) => !gone.has(r.seq) && !same(r)), record] });
  });
}

/** A guest's doodle (PNG bytes), uploaded after the merge. */
export function recordGuestDoodle(wordId: string, png: ArrayBuffer): Promise<boolean> {
  return serial(async () => {
    const kept = await store.addGuestDoodle(wordId, png);
    if (kept) setLocal({ doodles: [...local.doodles, kept] });
    return kept !== null;
  });
}

/** Deletes a doodle kept on this device before it was uploaded. */
export function forgetGuestDoodle(opId: string): Promise<void> {
  return serial(async () => {
    await store.removeGuestDoodle(opId);
    setLocal({ doodles: local.doodles.filter((d) => d.opId !== opId) });
  });
}

const doodlesOf = () => local.doodles;
/** The doodles kept on this device (a guest's, until sign-in uploads them), oldest first. */
export function useGuestDoodles(): readonly GuestDoodle[] {
  return useSyncExternalStore(subscribe, doodlesOf, doodlesOf);
}

/** A signed-in learner's op that could not be sent: kept for them and sent later. */
export function enqueue(userId: string, op: TSyncOp, view?: OpView): Promise<void> {
  return serial(async () => {
    const record = (await store.addOutboxOp(userId, op, view)) ?? {
      ...inMemory(op, view),
      userId,
    };
    setLocal({ outbox: [...local.outbox, record] });
    if (status.phase === 'idle') setStatus({ phase: 'offline' });
    scheduleRetry();
  });
}

/** Thrown (after the op is in the outbox) when a send failed for want of a network. */
export class QueuedOffline extends Error {
  constructor() {
    super('Kept on this device; it will be sent when you are back online.');
    this.name = 'QueuedOffline';
  }
}
export const isQueued = (err: unknown): err is QueuedOffline => err instanceof QueuedOffline;

/**
 * Sends as usual; when the network fails (status 0) the op goes to the outbox instead and
 * `QueuedOffline` is thrown, so an optimistic SWR update rolls back — the kept op shows
 * through the hooks' overlay until it is synced.
 */
export async function sendOrQueue<T>(
  userId: string,
  op: TSyncOp,
  view: OpView | undefined,
  send: () => Promise<T>,
): Promise<T> {
  try {
    return await send();
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 0 || err.code === 'cancelled') throw err;
    await enqueue(userId, op, view);
    throw new QueuedOffline();
  }
}

/** Guest records, plus the outbox of the given user: what the hooks add to server data. */
export function useLocalRecords(userId: string | null): readonly LocalRecord[] {
  const state = useSyncExternalStore(
    subscribe,
    () => local,
    () => NOTHING_LOCAL,
  );
  return useMemo(
    () =>
      userId ? [...state.guest, ...state.outbox.filter((r) => r.userId === userId)] : state.guest,
    [state, userId],
  );
}

/**
 * A signed-in learner's draft of one item that did not reach the server (offline, or the save
 * failed): kept in their outbox, replacing the one kept before, and sent with it when the
 * network is back (the `online` event, the backing-off retry) unless a save gets there first.
 */
export function keepEntries(
  userId: string,
  kind: ItemKind,
  itemId: string,
  entries: unknown[],
): Promise<void> {
  return serial(async () => {
    const op = { opId: crypto.randomUUID(), type: 'entries' as const, kind, itemId, entries };
    const put = await store.putOutboxEntries(userId, op);
    const record = put?.record ?? { ...inMemory(op), userId };
    const gone = new Set(put?.replaced ?? []);
    const same = (r: OutboxRecord) =>
      r.userId === userId &&
      r.op.type === 'entries' &&
      r.op.kind === kind &&
      r.op.itemId === itemId;
    setLocal({ outbox: [...local.outbox.filter((r) => !gone.has(r.seq) && !same(r)), record] });
    scheduleRetry();
  });
}

/** Forgets the learner's kept draft of one item: the server has it (or a newer one). */
export function forgetEntries(userId: string, kind: ItemKind, itemId: string): Promise<void> {
  const same = (r: OutboxRecord) =>
    r.userId === userId && r.op.type === 'entries' && r.op.kind === kind && r.op.itemId === itemId;
  if (loaded && !local.outbox.some(same)) return Promise.resolve();
  return serial(async () => {
    const all = await store.readAll();
    await store.removeOps(
      'outbox',
      all.outbox.filter(same).map((r) => r.seq),
    );
    setLocal({ outbox: local.outbox.filter((r) => !same(r)) });
  });
}

/**
 * The draft of one item kept on this device, once the store is read: a guest's (`userId`
 * null), or the signed-in learner's that has not reached the server yet. Null: none.
 */
export function useKeptEntries(
  kind: ItemKind,
  itemId: string | null,
  userId: string | null,
): { entries: unknown[]; at: string } | null {
  const records = useLocalRecords(userId);
  return useMemo(() => {
    if (!itemId) return null;
    const mine = userId ? records.filter((r) => (r as OutboxRecord).userId === userId) : records;
    const found = store.keptEntriesRecord(mine, kind, itemId);
    return found ? { entries: found.op.entries, at: found.at } : null;
  }, [records, kind, itemId, userId]);
}

/** What a guest has kept on this device, by kind (offline-store.ts summarizeGuestWork). */
export function useGuestWork(): store.GuestWork {
  const state = useSyncExternalStore(
    subscribe,
    () => local,
    () => local,
  );
  return useMemo(() => store.summarizeGuestWork(state.guest, state.doodles.length), [state]);
}

export interface SyncView extends SyncStatusState {
  pending: store.PendingSummary;
}

let view: SyncView | null = null;
let viewOf: [LocalState, SyncStatusState] | null = null;
function snapshot(): SyncView {
  if (view && viewOf?.[0] === local && viewOf[1] === status) return view;
  const mine = status.userId
    ? [...local.guest, ...local.outbox.filter((r) => r.userId === status.userId)]
    : [];
  view = { ...status, pending: store.summarize(mine, status.userId ? local.doodles.length : 0) };
  viewOf = [local, status];
  return view;
}

const INITIAL_VIEW = snapshot();
/** The server's (and the hydrating render's) status: idle, nothing kept. */
const initialView = () => INITIAL_VIEW;

/** The status as the shell shows it, outside React (tests). */
export const currentSyncView = snapshot;

/** What the shell's status line shows. */
export function useSyncView(): SyncView {
  return useSyncExternalStore(subscribe, snapshot, initialView);
}

function onConnectivity(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/**
 * Whether the app is offline: the browser says so, or the last send could not reach the
 * server. False on the server and while hydrating.
 */
export function useOffline(): boolean {
  const online = useSyncExternalStore(
    onConnectivity,
    () => navigator.onLine,
    () => true,
  );
  const { phase } = useSyncView();
  return !online || phase === 'offline';
}

export function dismissMerged(): void {
  setStatus({ merged: false });
}

// ---- sending -------------------------------------------------------------------------

/** User data worth fetching again once ops reached the server (not content or config). */
const isUserData = (key: unknown) =>
  typeof key === 'string' && key.startsWith('/api/') && !/^\/api\/(content|config|me)\b/.test(key);

/**
 * Sends records in batches and forgets each one the server answered for (applied, replayed
 * or rejected). Returns how many were accepted. A batch that does not parse (400) names the
 * op: that op can never be accepted, so it is dropped and the rest go again.
 */
async function sendRecords(
  from: 'guest' | 'outbox',
  records: readonly LocalRecord[],
): Promise<number> {
  let accepted = 0;
  let left = [...records];
  while (left.length > 0) {
    const batch = store.toBatches(left)[0] ?? [];
    let res: SyncResponse;
    try {
      res = await postJson<SyncResponse>('/api/sync', { ops: batch.map((r) => r.op) });
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 400) throw err;
      const [field, index] = err.details?.path ?? [];
      const bad =
        field === 'ops' && typeof index === 'number' ? [batch[index] ?? batch[0]!] : batch;
      await forget(from, bad);
      setStatus({ dropped: status.dropped + bad.length });
      left = left.filter((r) => !bad.includes(r));
      continue;
    }
    // Fetch the server's view first, then drop the kept copies: the overlay never vanishes
    // before the server data that replaces it has arrived.
    await mutate(isUserData);
    const rejected = res.results.filter((r) => r.status === 'rejected').length;
    accepted += batch.length - rejected;
    if (rejected > 0) setStatus({ dropped: status.dropped + rejected });
    await forget(from, batch);
    left = left.slice(batch.length);
  }
  return accepted;
}

function forget(from: 'guest' | 'outbox', records: readonly LocalRecord[]) {
  return serial(async () => {
    await store.removeOps(
      from,
      records.map((r) => r.seq).filter((s) => s > 0),
    );
    const gone = new Set(records.map((r) => r.seq));
    if (from === 'guest') setLocal({ guest: local.guest.filter((r) => !gone.has(r.seq)) });
    else setLocal({ outbox: local.outbox.filter((r) => !gone.has(r.seq)) });
  });
}

/** Uploads the guest's doodles through the doodle endpoint, each naming its op id. */
async function sendDoodles(): Promise<number> {
  const { doodles } = await serial(() => store.readAll());
  let accepted = 0;
  for (const d of doodles) {
    try {
      await apiFetch(`/api/doodles/${encodeURIComponent(d.wordId)}`, {
        method: 'POST',
        headers: { 'Content-Type': 'image/png', [OP_ID_HEADER]: d.opId },
        body: d.png,
      });
      accepted++;
    } catch (err) {
      // Refused for good (unknown word, over quota, not a PNG): drop it; else try later.
      if (
        !(err instanceof ApiError) ||
        err.status === 0 ||
        err.status >= 500 ||
        err.status === 401 ||
        err.status === 429
      )
        throw err;
      setStatus({ dropped: status.dropped + 1 });
    }
    await serial(() => store.removeGuestDoodle(d.opId));
    setLocal({ doodles: local.doodles.filter((x) => x.opId !== d.opId) });
  }
  if (accepted > 0) await mutate(isUserData);
  return accepted;
}

async function runOnce(): Promise<void> {
  const userId = status.userId;
  if (!userId) return;
  await reload();
  const outbox = local.outbox.filter((r) => r.userId === userId);
  if (local.guest.length === 0 && local.doodles.length === 0 && outbox.length === 0) {
    if (status.phase !== 'idle') setStatus({ phase: 'idle' });
    return;
  }
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    setStatus({ phase: 'offline' });
    scheduleRetry(); // the `online` event usually comes first
    return;
  }
  setStatus({ phase: 'syncing', dropped: 0 });
  try {
    const guest = await sendRecords('guest', local.guest);
    const doodles = await sendDoodles();
    const mine = await sendRecords(
      'outbox',
      local.outbox.filter((r) => r.userId === userId),
    );
    retryDelay = FIRST_RETRY_MS;
    const merged = guest + doodles > 0;
    setStatus({ phase: 'idle', merged: status.merged || merged, justSynced: !merged && mine > 0 });
    if (!merged && mine > 0) setTimeout(() => setStatus({ justSynced: false }), 4000);
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      setStatus({ phase: 'idle' }); // signed out elsewhere: keep everything for next time
      return;
    }
    setStatus({ phase: err instanceof ApiError && err.status === 0 ? 'offline' : 'retrying' });
    scheduleRetry();
  }
}

const FIRST_RETRY_MS = 5_000;
let retryDelay = FIRST_RETRY_MS;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
function scheduleRetry() {
  if (retryTimer || typeof window === 'undefined') return;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    retryDelay = Math.min(retryDelay * 2, 60_000);
    void syncNow();
  }, retryDelay);
}

let running: Promise<void> | null = null;
let again = false;

/** One sync at a time; a call during a run asks for one more run after it. */
export function syncNow(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    do {
      again = false;
      await runOnce();
    } while (again);
  })().finally(() => {
    running = null;
  });
  return running;
}

let listening = false;
function listen() {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('online', () => {
    // Back online: try now, and again soon if that fails, whatever the backoff had reached.
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    retryDelay = FIRST_RETRY_MS;
    void syncNow();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void syncNow();
  });
}

/**
 * Who is signed in (null for a guest), from the shell once auth is known and from sign-in.
 * A signed-in user's guest progress and outbox are sent at once.
 */
export function setSyncUser(userId: string | null): Promise<void> {
  listen();
  userKnown = true;
  announceKnown();
  if (status.userId !== userId) setStatus({ userId, merged: false, justSynced: false });
  return userId ? syncNow() : Promise.resolve();
}

let userKnown = false;
/**
 * The signed-in user's id, null for a guest, undefined until auth has answered. Opened
 * offline, auth answers from what the device keeps (app/lib/auth.ts); a change made before
 * it has is kept like a guest's and joins the account that is signed in when the network
 * returns.
 */
export function syncUser(): string | null | undefined {
  if (userKnown) return status.userId;
  return typeof navigator !== 'undefined' && navigator.onLine === false ? null : undefined;
}

let announceKnown: () => void = () => {};
const knownUser = new Promise<void>((resolve) => (announceKnown = resolve));
/**
 * `syncUser()`, waiting (up to `waitMs`) for auth to answer when it has not yet: a change
 * made in the first moments after a page opens then goes where it belongs (a guest's into
 * this browser), instead of to the server as an unknown visitor's.
 */
export async function knownSyncUser(waitMs = 10_000): Promise<string | null | undefined> {
  if (syncUser() !== undefined) return syncUser();
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([knownUser, new Promise((r) => (timer = setTimeout(r, waitMs)))]);
  clearTimeout(timer);
  return syncUser();
}

/** For unit tests: forget the in-memory state (the database is reset by the test). */
export async function resetSyncForTests(): Promise<void> {
  await running;
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  retryDelay = FIRST_RETRY_MS;
  loaded = false;
  userKnown = false;
  local = { guest: [], outbox: [], doodles: [] };
  status = { userId: null, phase: 'idle', justSynced: false, merged: false, dropped: 0 };
  await store.closeStore();
}
