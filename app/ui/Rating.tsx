import { useId } from 'react';
import { RATING_DEFAULT, RATING_MAX } from '../../core/constants';

interface Props {
  label: string;
  /** 1..max; anything else (a stale or hand-edited value) is clamped into range. */
  value?: number;
  onChange: (next: number) => void;
  max?: number;
}

export function clampRating(value: number, max: number): number {
  if (!Number.isFinite(value)) return RATING_DEFAULT;
  return Math.min(max, Math.max(1, Math.round(value)));
}

/**
 * A rating as native radios in a fieldset: the browser gives arrow keys, one tab stop and
 * the radio semantics. The star shape (filled up to the choice) and the "3 of 5" text
 * carry the value, so color is never the only signal.
 */
export function Rating({ label, value = RATING_DEFAULT, onChange, max = RATING_MAX }: Props) {
  const name = useId();
  const top = Math.max(1, Math.floor(max));
  const current = clampRating(value, top);
  const steps = Array.from({ length: top }, (_, i) => i + 1);
  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-medium">{label}</legend>
      <div className="mt-1 flex flex-wrap items-center gap-1">
        {steps.map((n) => (
          <label
            key={n}
            className={`flex min-h-11 min-w-11 cursor-pointer items-center justify-center gap-1 rounded-lg border px-2 text-base has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600 dark:has-focus-visible:outline-sky-400 ${
              n === current
                ? 'border-2 border-brand-700 bg-brand-50 font-semibold text-brand-800 dark:border-sky-400 dark:bg-slate-800 dark:text-white'
                : 'border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-300 dark:hover:bg-slate-800'
            }`}
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={n === current}
              onChange={() => onChange(n)}
              className="sr-only"
            />
            <span aria-hidden="true">{n <= current ? '★' : '☆'}</span>
            {n}
          </label>
        ))}
        <span className="ml-2 text-sm text-slate-600 dark:text-slate-400">
          {current} of {top}
        </span>
      </div>
    </fieldset>
  );
}
