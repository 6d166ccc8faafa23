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
 * A toggle in the bottom dock that opens a panel above it (the spec's drawers). A non-modal
 * disclosure: Escape closes it and returns focus to the toggle. The dock is a bar of its
 * own under the page (Layout leaves room for it), so neither toggle nor panel covers the
 * page's content or actions; on a phone the panel spans the screen's width.
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
    <div className="sm:relative" style={{ order: -slot }}>
      {open && (
        <div
          id={id}
          role="region"
          aria-label={label}
          className="fixed inset-x-2 bottom-[calc(4.25rem+env(safe-area-inset-bottom))] max-h-[70dvh] overflow-y-auto rounded-xl border border-slate-200 bg-white p-4 shadow-xl sm:absolute sm:inset-x-auto sm:right-0 sm:bottom-14 sm:w-[22rem] dark:border-slate-700 dark:bg-slate-900"
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
    </div>,
    dock,
  );
}
