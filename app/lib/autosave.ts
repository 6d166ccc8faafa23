import { useCallback, useEffect, useMemo, useState } from 'react';
import { MAX_ENTRIES_BYTES, type ItemKind } from '../../core/items/items';
import { ApiError } from './http-client';
import { patchItem } from './items';
import { recordGuestEntries, useKeptEntries } from './sync';

export type AutosaveStatus =
  | { kind: 'idle' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date }
  | { kind: 'error'; message: string };

/** Quiet time after the last keystroke before a save is sent. */
export const AUTOSAVE_DELAY_MS = 800;

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
 * failed save keeps its entries for `flush` (Retry) or the next change.
 */
export class EntriesSaver {
  private pending: unknown[] | null = null;
  private inFlight = false;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly save: (entries: unknown[]) => Promise<unknown>,
    private readonly onStatus: (status: AutosaveStatus) => void,
    private readonly delayMs = AUTOSAVE_DELAY_MS,
  ) {}

  schedule(entries: unknown[]): void {
    this.pending = entries;
    if (!this.inFlight) this.onStatus({ kind: 'pending' });
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), this.delayMs);
  }

  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
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
      this.onStatus({ kind: 'error', message: saveMessage(err) });
      return;
    }
    this.inFlight = false;
    if (this.pending === null) this.onStatus({ kind: 'saved', at: new Date() });
    else await this.flush();
  }
}

/**
 * Autosaves a record's entries: a signed-in learner's to the server, a guest's on this
 * device (merged into the account on sign-in, app/lib/sync.ts). A pending save is sent at
 * once when the page is hidden or the item is left. `kept` is the guest's kept draft.
 */
export function useEntriesAutosave(kind: ItemKind, id: string | null, signedIn: boolean) {
  const [status, setStatus] = useState<AutosaveStatus>({ kind: 'idle' });
  const saver = useMemo(
    () =>
      id
        ? new EntriesSaver(
            (entries) =>
              signedIn ? patchItem(kind, id, { entries }) : recordGuestEntries(kind, id, entries),
            setStatus,
          )
        : null,
    [kind, id, signedIn],
  );
  const kept = useKeptEntries(kind, id, !signedIn);
  useEffect(() => {
    if (!saver) return;
    const flush = () => void saver.flush();
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [saver]);
  const schedule = useCallback((entries: unknown[]) => saver?.schedule(entries), [saver]);
  const retry = useCallback(() => void saver?.flush(), [saver]);
  return { status, schedule, retry, kept };
}
