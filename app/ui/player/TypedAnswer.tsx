import { useLayoutEffect, useRef, useState } from 'react';
import { primaryButton } from '../form';

/**
 * Typed recall in the player: a labelled field and "Check" (Enter checks too). It takes
 * focus when the item appears; once answered it keeps what was typed, marked right or wrong,
 * and the player's sheet says the rest. No autocorrect or spellcheck: spelling is the test.
 */
export function TypedAnswer({
  label,
  answered,
  right,
  onCheck,
  autoFocus = true,
}: {
  label: string;
  /** Null until checked. */
  answered: string | null;
  right: boolean | null;
  onCheck: (typed: string) => void;
  autoFocus?: boolean;
}) {
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (autoFocus) input.current?.focus({ preventScroll: true });
  }, [autoFocus]);
  const tone =
    answered === null
      ? 'border-slate-300 focus:border-brand-600 dark:border-slate-600'
      : right
        ? 'border-emerald-600 bg-emerald-50 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-100'
        : 'border-red-600 bg-red-50 text-red-950 dark:bg-red-950 dark:text-red-100';
  return (
    <form
      className="mt-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (answered === null && text.trim()) onCheck(text);
      }}
    >
      <label htmlFor="typed-answer" className="block text-sm font-semibold">
        {label}
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <input
          ref={input}
          id="typed-answer"
          type="text"
          value={answered ?? text}
          onChange={(e) => setText(e.target.value)}
          readOnly={answered !== null}
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="done"
          maxLength={120}
          className={`min-h-12 w-full min-w-0 flex-1 rounded-xl border-2 bg-white px-4 text-lg outline-none dark:bg-slate-900 ${tone}`}
        />
        {/* Kept (hidden) once checked, so the field does not change width. */}
        <button
          type="submit"
          className={`${primaryButton} min-h-12 px-8 text-base ${answered === null ? '' : 'invisible'}`}
          disabled={answered !== null || !text.trim()}
          aria-hidden={answered !== null}
          tabIndex={answered === null ? undefined : -1}
        >
          Check
        </button>
      </div>
    </form>
  );
}
