import { useId, type ReactNode } from 'react';

export interface Option<T extends string | number> {
  value: T;
  label: string;
  about?: string;
}

/** One step: a radio group as large, keyboard-friendly cards (arrow keys move the choice). */
export function Choices<T extends string | number>({
  legend,
  hint,
  options,
  value,
  onChange,
  legendRef,
}: {
  legend: string;
  hint: ReactNode;
  options: readonly Option<T>[];
  value: T;
  onChange: (v: T) => void;
  legendRef: React.RefObject<HTMLHeadingElement | null>;
}) {
  const name = useId();
  return (
    <fieldset>
      <legend className="contents">
        <h2 ref={legendRef} tabIndex={-1} className="text-2xl font-semibold outline-none">
          {legend}
        </h2>
      </legend>
      <p className="mt-1 text-slate-600 dark:text-slate-400">{hint}</p>
      <div className="mt-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {options.map((o) => (
          <label
            key={o.value}
            className="flex cursor-pointer gap-3 rounded-xl border border-slate-300 p-4 transition-colors hover:border-brand-600 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700 dark:border-slate-600 dark:hover:border-sky-400 dark:has-[:checked]:border-sky-400 dark:has-[:checked]:bg-sky-950/40"
          >
            <input
              type="radio"
              name={name}
              value={String(o.value)}
              checked={o.value === value}
              onChange={() => onChange(o.value)}
              className="mt-1 size-4 shrink-0 accent-brand-700"
            />
            <span>
              <span className="block font-semibold">{o.label}</span>
              {o.about && (
                <span className="mt-0.5 block text-sm text-slate-600 dark:text-slate-400">
                  {o.about}
                </span>
              )}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
