import type { AutosaveStatus as Status } from '../lib/autosave';

const time = (d: Date) => d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** "Saving…", "Saved at 10:42" or the error with a Retry button; announced politely. */
export function AutosaveStatus({
  status,
  onRetry,
  testId = 'autosave-status',
}: {
  status: Status;
  onRetry: () => void;
  testId?: string;
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
        <span className="text-emerald-700 dark:text-emerald-400">✓ Saved at {time(status.at)}</span>
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
