import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export const inputClass =
  'mt-1 block w-full rounded-control border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

// One primary, one secondary and one destructive button style for both themes (the design
// tokens are in app/styles.css). Primary: brand blue with white text in light and dark
// (brand-700 5.9:1 on white text, brand-600 5.2:1), one per screen. Secondary: outlined, for
// the other choices. Destructive: red, filled only to confirm a removal; outlined for the
// first step. All press down a pixel, unless the learner asked for reduced motion.

export const primaryButton =
  'inline-flex items-center justify-center gap-2 rounded-control bg-brand-700 px-4 py-2.5 font-semibold text-white shadow-card transition-colors hover:bg-brand-800 active:translate-y-px disabled:cursor-not-allowed disabled:opacity-60 motion-reduce:transition-none motion-reduce:active:translate-y-0 dark:bg-brand-600 dark:hover:bg-brand-700';

export const secondaryButton =
  'inline-flex items-center justify-center gap-2 rounded-control border border-slate-300 px-4 py-2.5 font-semibold transition-colors hover:bg-slate-100 active:translate-y-px disabled:cursor-not-allowed disabled:opacity-60 motion-reduce:transition-none motion-reduce:active:translate-y-0 dark:border-slate-600 dark:hover:bg-slate-800';

/** For an action that removes something: a filled red button, used only to confirm it. */
export const dangerButton =
  'inline-flex items-center justify-center gap-2 rounded-control bg-red-700 px-4 py-2.5 font-semibold text-white transition-colors hover:bg-red-800 active:translate-y-px disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-wait aria-disabled:opacity-60 motion-reduce:transition-none motion-reduce:active:translate-y-0';

/** The first step towards removing something: outlined in red, opening a confirmation. */
export const dangerOutlineButton =
  'inline-flex items-center justify-center gap-2 rounded-control border border-red-300 px-4 py-2.5 font-semibold text-red-700 transition-colors hover:bg-red-50 active:translate-y-px motion-reduce:transition-none motion-reduce:active:translate-y-0 dark:border-red-800 dark:text-red-300 dark:hover:bg-red-950';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | null;
  hint?: ReactNode;
}

/** A labeled input with its hint and error wired to aria-describedby. */
export function TextField({ label, error, hint, ...input }: FieldProps) {
  const id = useId();
  const describedBy =
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') ||
    undefined;
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

const ALERT_TONE = {
  error:
    'border-red-300 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200',
  /** Done, but not all of it: the person should know and may act later. */
  warning:
    'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100',
  success:
    'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
} as const;

export function FormAlert({
  children,
  tone = 'error',
}: {
  children: ReactNode;
  tone?: keyof typeof ALERT_TONE;
}) {
  return (
    <div
      role={tone === 'success' ? 'status' : 'alert'}
      className={`rounded-lg border px-4 py-3 text-sm ${ALERT_TONE[tone]}`}
    >
      {children}
    </div>
  );
}
