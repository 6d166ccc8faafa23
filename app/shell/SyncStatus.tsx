import { useEffect, useRef } from 'react';
import { mutate } from 'swr';
import { isUserKey, useAuth } from '../lib/auth';
import { describePending } from '../lib/offline-store';
import { dismissMerged, setSyncUser, useOffline, useSyncView } from '../lib/sync';
import { Svg } from '../ui/icons';

/**
 * While offline, the document says so (`<html data-offline>`): app/styles.css then hides
 * every invitation to log in, which cannot work. Back online, who is signed in and their
 * data are asked for again — the session may have ended meanwhile (app/lib/auth.ts).
 */
function useOfflineMark(offline: boolean) {
  const was = useRef(false);
  useEffect(() => {
    const root = document.documentElement;
    if (offline) root.dataset.offline = 'true';
    else delete root.dataset.offline;
    if (was.current && !offline) void mutate(isUserKey);
    was.current = offline;
  }, [offline]);
}

function OfflineIcon() {
  return (
    <Svg className="mt-0.5 h-5 w-5 shrink-0">
      <path d="M7.5 18H17a4 4 0 0 0 1.6-7.67M15 7.2A6 6 0 0 0 6.1 10.1 4 4 0 0 0 4.2 16.7" />
      <path d="M3 3l18 18" />
    </Svg>
  );
}

/**
 * Offline, a calm note under the top bar (in the page's flow, so it covers nothing): the
 * practice is kept, and how much waits to be sent.
 */
function OfflineBanner({ signedIn, waiting }: { signedIn: boolean; waiting: string }) {
  return (
    <div className="border-b border-slate-200 bg-slate-100 text-slate-800 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100">
      <div className="mx-auto flex max-w-5xl gap-2 px-4 py-2 text-sm">
        <OfflineIcon />
        <p>
          <span className="font-semibold">You’re offline.</span> Your practice is kept on this
          device{signedIn ? ' and syncs when you’re back' : ''}.
          {waiting && (
            <span className="text-slate-600 dark:text-slate-300"> {waiting} waiting to sync.</span>
          )}
        </p>
      </div>
    </div>
  );
}

/**
 * What this browser still has to send, and when it has: "3 answers waiting to sync",
 * "All synced", or the one-time note after a guest's practice joined their account; offline,
 * a calm banner instead. It also starts the sync when the app opens with a signed-in user
 * (app/lib/sync.ts).
 */
/**
 * A worker that takes control of a page opened without one (the first visit) has none of the
 * learner's data yet: it is read again, through the worker, so that Today opens offline from
 * the first session on (decision 042).
 */
function useWorkerWarmUp() {
  useEffect(() => {
    const sw = globalThis.navigator?.serviceWorker;
    if (!sw || sw.controller) return;
    const warm = () => void mutate(isUserKey);
    sw.addEventListener('controllerchange', warm, { once: true });
    return () => sw.removeEventListener('controllerchange', warm);
  }, []);
}

export default function SyncStatus() {
  useWorkerWarmUp();
  const { user, ready } = useAuth();
  const uid = user?.uid ?? null;
  useEffect(() => {
    if (ready) void setSyncUser(uid);
  }, [ready, uid]);
  const s = useSyncView();
  const offline = useOffline();
  useOfflineMark(offline);
  const waiting = describePending(s.pending);
  if (offline)
    return (
      <div role="status" data-testid="sync-status">
        <OfflineBanner signedIn={uid !== null} waiting={waiting} />
      </div>
    );

  let text: string | null = null;
  if (s.merged) text = 'Your practice as a guest was added to your account.';
  else if (waiting && s.phase === 'syncing') text = `Syncing ${waiting}…`;
  else if (waiting) text = `${waiting} waiting to sync.`;
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
