import { useEffect, useId, useRef, type ReactNode } from 'react';

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
  children,
}: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);
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
      <div className="p-6">
        <h2 id={titleId} className={titleClassName}>
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}
