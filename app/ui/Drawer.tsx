import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useDock } from './dock';

interface Props {
  /** Text of the toggle button. */
  label: string;
  /** Position in the dock when a page has more than one drawer: higher is further left. */
  slot?: number;
  children: ReactNode;
}

/**
 * A toggle in the dock that opens a panel above it (the spec's drawers). A non-modal
 * disclosure: Escape closes it and returns focus to the toggle. On a phone the dock is a
 * row of its own above the tab bar and the panel spans the screen's width; from md up the
 * toggles float bottom-right and the panel opens above them. Layout leaves room for both
 * (--bottom-bar-height), so the page's end scrolls clear of them.
 */
export function Drawer({ label, slot = 0, children }: Props) {
  const dock = useDock();
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
  if (!dock) return null;
  return createPortal(
    <div className="md:relative" style={{ order: -slot }}>
      {open && (
        <div
          id={id}
          role="region"
          aria-label={label}
          className="fixed inset-x-2 bottom-[calc(var(--bottom-bar-height)+0.5rem+env(safe-area-inset-bottom))] max-h-[70dvh] overflow-y-auto rounded-card border border-slate-200 bg-white p-4 shadow-raised md:absolute md:inset-x-auto md:right-0 md:bottom-14 md:w-[22rem] dark:border-slate-700 dark:bg-slate-900"
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
        className="h-11 rounded-full border border-brand-100 bg-brand-50 px-4 text-sm font-semibold text-brand-800 hover:bg-brand-100 aria-expanded:bg-brand-700 aria-expanded:text-white md:shadow-float dark:border-slate-700 dark:bg-slate-800 dark:text-sky-200 dark:hover:bg-slate-700 dark:aria-expanded:bg-sky-300 dark:aria-expanded:text-slate-950"
      >
        {label}
      </button>
    </div>,
    dock,
  );
}
