import { useCallback, useEffect, useRef, useState } from 'react';
import type { ItemKind } from '../../core/items';
import { ApiError } from './api';
import { patchItem } from './items';

export type AutosaveStatus =
  | { kind: 'idle' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date }
  | { kind: 'error'; message: string };

/** Quiet time after the last keystroke before a save is sent. */
export const AUTOSAVE_DELAY_MS = 800;

/**
 * Saves a record's entries a moment after the learner stops typing. One save is in flight
 * at a time and only the newest entries are sent after it, so an older save can never land
 * after a newer one. A pending save is sent at once when the page is hidden or left.
 */
export function useEntriesAutosave(kind: ItemKind, id: string | null, enabled: boolean) {
  const [status, setStatus] = useState<AutosaveStatus>({ kind: 'idle' });
  const pending = useRef<unknown[] | null>(null);
  const inFlight = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const target = useRef({ kind, id });
  target.current = { kind, id };

  const send = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const { kind: k, id: itemId } = target.current;
    if (inFlight.current || pending.current === null || !itemId) return;
    const entries = pending.current;
    pending.current = null;
    inFlight.current = true;
    setStatus({ kind: 'saving' });
    try {
      await patchItem(k, itemId, { entries });
      if (pending.current === null) setStatus({ kind: 'saved', at: new Date() });
    } catch (err) {
      // Keep the unsaved entries so Retry (or the next keystroke) sends them.
      pending.current ??= entries;
      setStatus({
        kind: 'error',
        message:
          err instanceof ApiError && err.status !== 0 && err.status < 500
            ? err.message
            : 'Not saved: the server could not be reached. Your text is still here.',
      });
      return;
    } finally {
      inFlight.current = false;
    }
    if (pending.current !== null) void send();
  }, []);

  const schedule = useCallback(
    (entries: unknown[]) => {
      if (!enabled) return;
      pending.current = entries;
      setStatus((s) => (s.kind === 'saving' ? s : { kind: 'pending' }));
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void send(), AUTOSAVE_DELAY_MS);
    },
    [enabled, send],
  );

  useEffect(() => {
    const flush = () => {
      if (pending.current !== null) void send();
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [send, id]);

  return { status, schedule, retry: send };
}
