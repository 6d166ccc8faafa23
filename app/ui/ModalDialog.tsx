import { useEffect, useId, useRef, type ReactNode } from 'react';
import { CloseIcon } from './icons';

interface Props {
  /** The dialog's heading; it also names the dialog. */
  title: ReactNode;
  titleClassName?: string;
  onClose: () => void;
  /** While true, Escape and a click on the backdrop do nothing (e.g. while deleting). */
  dismissDisabled?: boolean;
  /** alertdialog for confirmations of something that cannot be undone. */
  role?: 'dialog' | 'alertdialog';
  /** Classes for the panel (size, padding, scrolling). */
  className?: string;
  /**
   * Long content: the title stays at the top while the rest scrolls beneath it, with a close
   * button beside it, and the dialog opens with focus on the title, not on its first control
   * (which could be far down and scroll the title away).
   */
  longContent?: boolean;
  children: ReactNode;
}

/**
 * A modal dialog on the platform's <dialog> opened with showModal(): the browser puts it in
 * the top layer, makes the rest of the page inert (so focus stays inside), moves focus into
 * it and sends `cancel` on Escape. Shown while mounted; on unmount focus returns to where it
 * was. A click on the backdrop closes it too.
 */
export function ModalDialog({
  title,
  titleClassName = 'text-xl font-semibold',
  onClose,
  dismissDisabled = false,
  role = 'dialog',
  className = '',
  longContent = false,
  children,
}: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    if (longContent) {
      titleRef.current?.focus({ preventScroll: true });
      dialog.scrollTop = 0;
    }
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [longContent]);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onCancel = (e: Event) => {
      e.preventDefault();
      if (!dismissDisabled) onClose();
    };
    // A click on the dialog element itself, not on its content, is a click on the backdrop.
    const onClick = (e: MouseEvent) => {
      if (e.target === dialog && !dismissDisabled) onClose();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('click', onClick);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('click', onClick);
    };
  }, [dismissDisabled, onClose]);
  return (
    <dialog
      ref={ref}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-modal="true"
      className={`m-auto w-[calc(100%-2rem)] rounded-2xl bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:bg-slate-900 dark:text-slate-100 ${className}`}
    >
      {longContent ? (
        <>
          <div className="sticky top-0 z-10 flex items-start gap-3 border-b border-slate-200 bg-white px-6 pt-5 pb-3 dark:border-slate-700 dark:bg-slate-900">
            <h2
              id={titleId}
              ref={titleRef}
              tabIndex={-1}
              className={`min-w-0 flex-1 break-words outline-none ${titleClassName}`}
            >
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              disabled={dismissDisabled}
              aria-label="Close"
              className="-mr-2 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
            >
              <CloseIcon />
            </button>
          </div>
          <div className="px-6 pt-4 pb-6">{children}</div>
        </>
      ) : (
        <div className="p-6">
          <h2 id={titleId} className={titleClassName}>
            {title}
          </h2>
          {children}
        </div>
      )}
    </dialog>
  );
}
