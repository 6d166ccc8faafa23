import { useEffect, useRef, useState, type InputHTMLAttributes } from 'react';
import type { ReminderSaveStatus, SaveSpot } from './use-reminder-save';

/** An on/off switch: a checkbox with the switch role, so Space toggles it and it reads as one. */
export function Switch({
  label,
  checked,
  onChange,
  busy = false,
}: {
  /** Read by screen readers; the row and column say it on screen. */
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  busy?: boolean;
}) {
  return (
    <span className="relative inline-flex h-11 w-14 shrink-0 items-center justify-center">
      <input
        type="checkbox"
        role="switch"
        aria-label={label}
        aria-busy={busy || undefined}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="peer absolute inset-0 z-10 cursor-pointer opacity-0"
      />
      <span
        aria-hidden
        className="h-7 w-12 rounded-full bg-slate-300 transition-colors peer-checked:bg-brand-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700 motion-reduce:transition-none dark:bg-slate-600 dark:peer-checked:bg-sky-500 dark:peer-focus-visible:outline-sky-400"
      />
      <span
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-2 size-6 -translate-y-1/2 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5 motion-reduce:transition-none"
      />
    </span>
  );
}

/** "Saving…" then "✓ Saved", inline after a label; a live region, so it is announced. */
export function SaveState({ status, spot }: { status: ReminderSaveStatus | null; spot: SaveSpot }) {
  const mine = status?.spot === spot ? status : null;
  return (
    <span
      aria-live="polite"
      data-testid={`reminder-save-${spot}`}
      className={`ml-2 text-sm font-normal whitespace-nowrap ${
        mine?.kind === 'saved'
          ? 'text-emerald-700 dark:text-emerald-400'
          : 'text-slate-500 dark:text-slate-400'
      }`}
    >
      {mine?.kind === 'saving' ? 'Saving…' : mine?.kind === 'saved' ? '✓ Saved' : ''}
    </span>
  );
}

/**
 * The server's (or the page's) reason a change was not saved, under the control. It scrolls
 * into view as it appears: the page's scroll padding keeps it clear of a phone's tab bar.
 */
export function SaveError({ status, spot }: { status: ReminderSaveStatus | null; spot: SaveSpot }) {
  const line = useRef<HTMLParagraphElement>(null);
  const mine = status?.spot === spot && status.kind === 'error' ? status : null;
  useEffect(() => {
    if (mine) line.current?.scrollIntoView({ block: 'nearest' });
  }, [mine]);
  if (!mine) return null;
  return (
    <p ref={line} role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
      Not saved: {mine.message}
    </p>
  );
}

const inputFrame =
  'rounded-control border border-slate-300 bg-white px-2.5 py-1.5 text-base shadow-sm aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:[color-scheme:dark] dark:aria-[invalid=true]:border-red-400';

export const smallInput = `${inputFrame} text-slate-900 dark:text-slate-100`;

/** A setting that applies to nothing just now (its kind is off): dimmed, still editable. */
export const dimInput = `${inputFrame} text-slate-500 dark:text-slate-400`;

/**
 * A time, date or number input that saves when the learner leaves it (or presses Enter),
 * not on every keystroke: a time typed digit by digit passes through other valid times.
 */
export function CommitInput({
  value,
  onCommit,
  className = smallInput,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  value: string;
  onCommit: (value: string) => void;
}) {
  const [draft, setDraft] = useState(value);
  // A new saved value (the server's answer, or put back after a refusal) replaces the draft.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(value);
  }
  const commit = () => {
    if (draft !== value) onCommit(draft);
  };
  return (
    <input
      {...input}
      className={className}
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          commit();
        }
      }}
    />
  );
}
