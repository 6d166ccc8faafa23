import type { SaveStatus } from './use-profile-field';

export const labelClass = 'text-sm font-medium';

/**
 * "Saving…" then "Saved" beside a field's label. The live region is always rendered so
 * screen readers announce the change of text.
 */
export function SaveState({ status, testId }: { status: SaveStatus; testId: string }) {
  return (
    <span
      aria-live="polite"
      data-testid={testId}
      className={`text-xs ${
        status.kind === 'saved'
          ? 'text-emerald-700 dark:text-emerald-400'
          : 'text-slate-500 dark:text-slate-400'
      }`}
    >
      {status.kind === 'saving' ? 'Saving…' : status.kind === 'saved' ? 'Saved' : ''}
    </span>
  );
}

export function FieldError({ id, status }: { id: string; status: SaveStatus }) {
  if (status.kind !== 'error') return null;
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
      {status.message}
    </p>
  );
}

/** The label row every profile field shares: its visible label and its save state. */
export function FieldLabel({
  htmlFor,
  label,
  status,
  testId,
}: {
  htmlFor: string;
  label: string;
  status: SaveStatus;
  testId: string;
}) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <label htmlFor={htmlFor} className={labelClass}>
        {label}
      </label>
      <SaveState status={status} testId={testId} />
    </div>
  );
}

export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}
