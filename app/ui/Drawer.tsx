import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

interface Props {
  /** Text of the toggle button. */
  label: string;
  /** Offset from the right edge, in rem, when a page has more than one drawer. */
  slot?: number;
  children: ReactNode;
}

/**
 * A bottom-right toggle that opens a panel above it (the spec's drawers). A non-modal
 * disclosure: Escape closes it and returns focus to the toggle.
 */
export function Drawer({ label, slot = 0, children }: Props) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        toggle.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <div className="fixed bottom-4 z-30" style={{ right: `${1 + slot * 10.5}rem` }}>
      {open && (
        <div
          id={id}
          role="region"
          aria-label={label}
          className="absolute right-0 bottom-14 max-h-[70dvh] w-[min(22rem,calc(100vw-2rem))] overflow-y-auto rounded-xl border border-slate-200 bg-white p-4 shadow-xl dark:border-slate-700 dark:bg-slate-900"
        >
          {children}
        </div>
      )}
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className="h-12 rounded-full bg-brand-700 px-4 text-sm font-semibold text-white shadow-md hover:bg-brand-800"
      >
        {label}
      </button>
    </div>
  );
}
