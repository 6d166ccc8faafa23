import { Link } from 'wouter';
import { links } from '../../core/paths';
import type { AutosaveStatus as Status } from '../lib/autosave';
import { useCurrentPath } from '../lib/navigation';

const time = (d: Date) => d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** What an editor says while the browser is offline: one calm line, no Retry. */
const OFFLINE_KEPT = 'Offline: your draft is kept on this device and will save when you’re back.';

/**
 * "Saving…", "Saved at 10:42", the offline line, or the error with a Retry button;
 * announced politely.
 */
export function AutosaveStatus({
  status,
  onRetry,
  testId = 'autosave-status',
  saved = 'Saved',
}: {
  status: Status;
  onRetry: () => void;
  testId?: string;
  /** What a finished save is called: "Saved", or "Kept on this device" for a guest. */
  saved?: string;
}) {
  return (
    <div aria-live="polite" data-testid={testId} className="min-h-6 text-sm">
      {status.kind === 'pending' && (
        <span className="text-slate-500 dark:text-slate-400">Unsaved changes…</span>
      )}
      {status.kind === 'saving' && (
        <span className="text-slate-500 dark:text-slate-400">Saving…</span>
      )}
      {status.kind === 'saved' && (
        <span className="text-emerald-700 dark:text-emerald-400">
          ✓ {saved} at {time(status.at)}
        </span>
      )}
      {status.kind === 'offline' && (
        <span className="text-slate-600 dark:text-slate-300">{OFFLINE_KEPT}</span>
      )}
      {status.kind === 'error' && (
        <span className="text-red-700 dark:text-red-400">
          {status.message}{' '}
          <button type="button" onClick={onRetry} className="font-semibold underline">
            Retry
          </button>
        </span>
      )}
    </div>
  );
}

/**
 * The save state: a signed-in learner's work is saved to the account; a guest's is kept on
 * this device (merged into the account on sign-in), with the way to keep it everywhere.
 */
export function SaveStatusOrLogin({
  signedIn,
  status,
  onRetry,
  what,
}: {
  signedIn: boolean;
  status: Status;
  onRetry: () => void;
  /** What a guest would keep: "your response". */
  what: string;
}) {
  if (signedIn) return <AutosaveStatus status={status} onRetry={onRetry} />;
  return <GuestKept status={status} onRetry={onRetry} what={what} />;
}

function GuestKept({
  status,
  onRetry,
  what,
}: {
  status: Status;
  onRetry: () => void;
  what: string;
}) {
  const next = useCurrentPath();
  return (
    <div className="grid gap-1">
      <AutosaveStatus status={status} onRetry={onRetry} saved="Kept on this device" />
      <p className="text-sm text-slate-600 dark:text-slate-400">
        <Link
          to={links.signUp(next)}
          className="font-semibold text-brand-700 underline dark:text-sky-400"
        >
          Create a free account
        </Link>{' '}
        to keep {what} on every device.
      </p>
    </div>
  );
}
