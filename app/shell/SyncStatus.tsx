import { useEffect } from 'react';
import { useAuth } from '../lib/auth';
import { describePending } from '../lib/offline-store';
import { dismissMerged, setSyncUser, useSyncView } from '../lib/sync';

/**
 * What this browser still has to send, and when it has: "3 answers waiting to sync",
 * "All synced", or the one-time note after a guest's practice joined their account. It also
 * starts the sync when the app opens with a signed-in user (app/lib/sync.ts).
 */
export default function SyncStatus() {
  const { user, ready } = useAuth();
  const uid = user?.uid ?? null;
  useEffect(() => {
    if (ready) void setSyncUser(uid);
  }, [ready, uid]);
  const s = useSyncView();
  const waiting = describePending(s.pending);

  let text: string | null = null;
  if (s.merged) text = 'Your practice as a guest was added to your account.';
  else if (waiting && s.phase === 'syncing') text = `Syncing ${waiting}…`;
  else if (waiting)
    text = `${waiting} waiting to sync${s.phase === 'offline' ? ' — you are offline' : ''}.`;
  else if (s.justSynced) text = 'All synced.';
  const dropped =
    s.dropped > 0 && !waiting
      ? ` ${s.dropped} ${s.dropped === 1 ? 'change' : 'changes'} could not be added (the content has changed).`
      : '';

  return (
    <div role="status" data-testid="sync-status">
      {text && (
        <div className="border-b border-sky-200 bg-sky-50 text-sky-950 dark:border-sky-900 dark:bg-slate-800 dark:text-sky-100">
          <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-1.5 text-sm">
            <p>
              {!s.merged && waiting && (
                <span aria-hidden="true" className="mr-1">
                  ⟳
                </span>
              )}
              {text}
              {dropped}
            </p>
            {s.merged && (
              <button
                type="button"
                className="rounded-md border border-sky-600 px-2 py-0.5 font-semibold hover:bg-sky-100 dark:hover:bg-slate-700"
                onClick={dismissMerged}
              >
                Dismiss
              </button>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
