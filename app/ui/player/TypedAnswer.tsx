import type { FormEvent, Ref } from 'react';
import { REVIEW_TYPED_MAX } from '../../../core/review/results';
import { primaryButton } from '../form';

// Typed recall in the player (review's word cards, Learn, Listen and type and the test).

const typedTone = {
  right:
    'border-emerald-600 bg-emerald-50 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-100',
  wrong: 'border-red-600 bg-red-50 text-red-950 dark:bg-red-950 dark:text-red-100',
  none: 'border-slate-300 bg-white text-slate-900 focus:border-brand-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:focus:border-sky-400',
};

/**
 * The typed answer: a labelled field and "Check" on one row, right under the prompt. After
 * checking it keeps what was typed, green or red with a mark (the sheet says it in words).
 */
export function TypedAnswer({
  label = 'Your answer',
  inputId,
  inputRef,
  describedBy,
  value,
  onChange,
  onSubmit,
  onEscape,
  locked,
  verdict,
}: {
  /** The field's name, e.g. "Your answer", "What you heard". */
  label?: string;
  inputId: string;
  inputRef: Ref<HTMLInputElement>;
  describedBy: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: (e: FormEvent) => void;
  onEscape?: (() => void) | undefined;
  locked: boolean;
  verdict: 'right' | 'wrong' | null;
}) {
  return (
    <form className="mt-4 sm:max-w-xl" onSubmit={onSubmit} noValidate>
      <label
        htmlFor={inputId}
        className="block text-sm font-semibold text-slate-700 dark:text-slate-200"
      >
        {label}
      </label>
      <div className="mt-1 flex gap-2">
        <div className="relative min-w-0 flex-1">
          <input
            ref={inputRef}
            id={inputId}
            type="text"
            value={value}
            onChange={(e) => onChange(e.target.value)}
            onKeyDown={(e) => {
              // The player's Escape is not heard inside a field: leaving is asked from here.
              if (e.key === 'Escape' && onEscape) {
                e.preventDefault();
                onEscape();
              }
            }}
            readOnly={locked}
            aria-describedby={describedBy}
            aria-invalid={verdict === 'wrong' ? true : undefined}
            maxLength={REVIEW_TYPED_MAX}
            autoCapitalize="off"
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="done"
            data-testid="review-typed"
            // Phones: scrolled into view, the field clears the sheet (at most 45dvh) or keyboard.
            className={`w-full rounded-control border-2 py-2.5 pr-10 pl-3 text-lg shadow-sm outline-none max-sm:scroll-mb-[47dvh] ${typedTone[verdict ?? 'none']}`}
          />
          {verdict && (
            <span
              aria-hidden="true"
              className={`pointer-events-none absolute inset-y-0 right-3 grid place-items-center text-xl font-bold ${verdict === 'right' ? 'text-emerald-700 dark:text-emerald-300' : 'text-red-700 dark:text-red-300'}`}
            >
              {verdict === 'right' ? '✓' : '✗'}
            </span>
          )}
        </div>
        {/* Once checked, the way on is the sheet's button; Check keeps its room (hidden), so
            the field does not change width. */}
        <button
          type="submit"
          className={`${primaryButton} min-h-12 px-5 ${locked ? 'invisible' : ''}`}
          disabled={locked || value.trim() === ''}
          aria-hidden={locked || undefined}
          tabIndex={locked ? -1 : undefined}
        >
          Check
        </button>
      </div>
    </form>
  );
}
