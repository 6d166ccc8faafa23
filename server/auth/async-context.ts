import type { AsyncLocalStorage } from 'node:async_hooks';
import {
  getCurrentAuthContextAsyncLocalStorage,
  getCurrentDBAdapterAsyncLocalStorage,
  getRequestStateAsyncLocalStorage,
} from '@better-auth/core/context';

/** Better Auth calls running now (runs of its async-context storages, nested included). */
let running = 0;
let storages: AsyncLocalStorage<unknown>[] = [];
let installed: Promise<void> | null = null;

function settled() {
  if (--running > 0) return;
  // No Better Auth code is running: switch its storages off, and with them (when nothing
  // else in the process uses AsyncLocalStorage) Node's process-wide promise hooks.
  for (const storage of storages) storage.disable();
}

/**
 * Better Auth keeps its request state, endpoint context and database adapter in three
 * AsyncLocalStorage instances (shared process-wide) and enters them on every call. On
 * Node 20 the first `run()` switches on async hooks for the whole process, and they stay
 * on: every promise of every later request pays for them, `/api/auth` or not (about a
 * tenth of a hot write's CPU). Node 24's AsyncContextFrame does without hooks.
 *
 * This counts the runs in progress and, when the last one has settled, disables the three
 * storages; the next run enables them again (`run()` does that by itself). Nothing is
 * lost: a store matters only while a run is in progress, since Better Auth awaits all its
 * work (no `advanced.backgroundTasks` handler is configured, so its "background" writes
 * are awaited too). Runs of concurrent calls overlap, so the hooks stay on until the last.
 * Idempotent; resolves once the storages are wrapped.
 */
export function scopeAuthAsyncContext(): Promise<void> {
  installed ??= (async () => {
    storages = (await Promise.all([
      getRequestStateAsyncLocalStorage(),
      getCurrentDBAdapterAsyncLocalStorage(),
      getCurrentAuthContextAsyncLocalStorage(),
    ])) as AsyncLocalStorage<unknown>[];
    for (const storage of storages) {
      const run = storage.run.bind(storage) as (
        store: unknown,
        fn: (...args: unknown[]) => unknown,
        ...args: unknown[]
      ) => unknown;
      (storage as { run: typeof run }).run = (store, fn, ...args) => {
        running++;
        let result: unknown;
        try {
          result = run(store, fn, ...args);
        } catch (err) {
          settled();
          throw err;
        }
        if (typeof (result as PromiseLike<unknown> | undefined)?.then === 'function')
          return Promise.resolve(result).finally(settled);
        settled();
        return result;
      };
    }
    // Anything Better Auth ran before this point (its start-up) has left them on.
    if (running === 0) for (const storage of storages) storage.disable();
  })();
  return installed;
}

/** Whether Better Auth's async-context storages are on now (for tests). */
export function authAsyncContextEnabled(): boolean {
  return storages.some((s) => (s as unknown as { enabled: boolean }).enabled);
}
