import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { MAX_ENTRIES_BYTES, type ItemKind } from '../../core/items/items';
import { ApiError } from './http-client';
import { patchItem } from './items';
import {
  forgetEntries,
  keepEntries,
  recordGuestEntries,
  syncUser,
  useKeptEntries,
  useSyncView,
} from './sync';

export type AutosaveStatus =
  | { kind: 'idle' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date }
  /** The browser is offline: the draft is kept on this device and saves when it is back. */
  | { kind: 'offline' }
  | { kind: 'error'; message: string };

/** Quiet time after the last keystroke before a save is sent. */
export const AUTOSAVE_DELAY_MS = 800;
/** The first automatic retry after a failed save; each next one waits twice as long. */
export const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 60_000;

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** Thrown by a save that kept the entries on this device because the browser is offline. */
export class KeptOffline extends Error {
  constructor() {
    super('Kept on this device until the network is back.');
    this.name = 'KeptOffline';
  }
}

/** A failure worth trying again by itself: no network, or the server's own trouble. */
const retryable = (err: unknown) =>
  err instanceof KeptOffline ||
  !(err instanceof ApiError) ||
  err.status === 0 ||
  err.status >= 500 ||
  err.status === 429;

function saveMessage(err: unknown): string {
  if (!(err instanceof ApiError) || err.status === 0 || err.status >= 500)
    return 'Not saved: the server could not be reached. Your text is still here.';
  if (err.status === 413 || /KiB|entries/i.test(err.message))
    return `Not saved: this is over the ${MAX_ENTRIES_BYTES / 1024} KiB limit (about 5,000 words). Shorten it and it will save.`;
  return `Not saved: ${err.message}`;
}

/**
 * Sends entries a moment after the last change. One save is in flight at a time and only
 * the newest entries follow it, so an older save can never land after a newer one. A
 * failed save keeps its entries for `flush` (Retry), the next change, or — when it may
 * succeed later (offline, the server's trouble) — a retry on its own, backing off.
 */
export class EntriesSaver {
  private pending: unknown[] | null = null;
  private inFlight = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private retryDelay: number;
  private disposed = false;

  constructor(
    private readonly save: (entries: unknown[]) => Promise<unknown>,
    private readonly onStatus: (status: AutosaveStatus) => void,
    private readonly delayMs = AUTOSAVE_DELAY_MS,
    private readonly firstRetryMs = FIRST_RETRY_MS,
  ) {
    this.retryDelay = firstRetryMs;
  }

  schedule(entries: unknown[]): void {
    this.pending = entries;
    if (!this.inFlight) this.onStatus({ kind: 'pending' });
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), this.delayMs);
  }

  /** Back online: a failed save goes again now, and the backoff starts over. */
  resume(): void {
    this.retryDelay = this.firstRetryMs;
    void this.flush();
  }

  /** The editor is gone: no more retries from here (what is kept is sent with the outbox). */
  dispose(): void {
    this.disposed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (this.inFlight || this.pending === null) return;
    const entries = this.pending;
    this.pending = null;
    this.inFlight = true;
    this.onStatus({ kind: 'saving' });
    try {
      await this.save(entries);
    } catch (err) {
      this.pending ??= entries;
      this.inFlight = false;
      const offline = err instanceof KeptOffline || isOffline();
      this.onStatus(offline ? { kind: 'offline' } : { kind: 'error', message: saveMessage(err) });
      // Offline, the `online` event brings the retry (`resume`); else back off and try again.
      if (!offline && retryable(err)) this.retryLater();
      return;
    }
    this.inFlight = false;
    this.retryDelay = this.firstRetryMs;
    if (this.pending === null) this.onStatus({ kind: 'saved', at: new Date() });
    else await this.flush();
  }

  private retryLater() {
    if (this.disposed || this.retryTimer) return;
    const delay = this.retryDelay;
    this.retryDelay = Math.min(this.retryDelay * 2, MAX_RETRY_MS);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.flush();
    }, delay);
  }
}

/** The newest time stamp written into entries (a response's `updatedAt`, say), or ''. */
function newestStamp(entries: readonly unknown[] | null | undefined): string {
  let newest = '';
  for (const e of entries ?? []) {
    if (typeof e !== 'object' || e === null) continue;
    for (const key of ['updatedAt', 'at'] as const) {
      const v = (e as Record<string, unknown>)[key];
      if (typeof v === 'string' && v > newest) newest = v;
    }
  }
  return newest;
}

/**
 * Autosaves a record's entries: a signed-in learner's to the server, a guest's on this
 * device (merged into the account on sign-in, app/lib/sync.ts). A pending save is sent at
 * once when the page is hidden or the item is left.
 *
 * A signed-in learner's draft that cannot reach the server (offline, or the save failed)
 * is kept on this device in their outbox (app/lib/sync.ts `keepEntries`) until the server
 * has it: saved again when the browser is back online and, after a failure, on a backing-off
 * timer, and sent with the outbox if the page is closed first. `kept` is the draft this
 * device keeps — a guest's, or a learner's not saved yet and newer than `server` (the
 * record's entries) — and a learner's is saved as soon as it is found.
 */
export function useEntriesAutosave(
  kind: ItemKind,
  id: string | null,
  signedIn: boolean,
  server?: readonly unknown[] | null,
) {
  const [status, setStatus] = useState<AutosaveStatus>({ kind: 'idle' });
  const saver = useMemo(
    () =>
      id
        ? new EntriesSaver(async (entries) => {
            if (!signedIn) return recordGuestEntries(kind, id, entries);
            const userId = syncUser();
            if (isOffline()) {
              if (userId) await keepEntries(userId, kind, id, entries);
              throw new KeptOffline();
            }
            try {
              await patchItem(kind, id, { entries });
            } catch (err) {
              if (userId && retryable(err)) await keepEntries(userId, kind, id, entries);
              throw err;
            }
            if (userId) await forgetEntries(userId, kind, id);
          }, setStatus)
        : null,
    [kind, id, signedIn],
  );
  const { userId } = useSyncView();
  const device = useKeptEntries(kind, id, signedIn ? userId : null);
  // A learner's kept draft older than what the server holds (saved since on another device)
  // gives way to it.
  const stale = signedIn && device !== null && server != null && newestStamp(server) > device.at;
  const kept = device && !stale ? device.entries : null;

  // Whether this editor has saved anything yet: a kept draft found before that was left by
  // an earlier page, and is saved once; after it, what is kept is this editor's own.
  const started = useRef(false);
  useEffect(() => {
    if (!saver || !signedIn || !device || !userId || !id) return;
    if (stale) {
      void forgetEntries(userId, kind, id);
      return;
    }
    if (started.current) return;
    started.current = true;
    saver.schedule(device.entries);
  }, [saver, signedIn, device, userId, stale, kind, id]);

  useEffect(() => {
    if (!saver) return;
    const flush = () => void saver.flush();
    const online = () => saver.resume();
    window.addEventListener('pagehide', flush);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('pagehide', flush);
      window.removeEventListener('online', online);
      flush();
      saver.dispose();
    };
  }, [saver]);
  const schedule = useCallback(
    (entries: unknown[]) => {
      started.current = true;
      saver?.schedule(entries);
    },
    [saver],
  );
  const retry = useCallback(() => void saver?.flush(), [saver]);
  return { status, schedule, retry, kept };
}
