import { useState, type FormEvent, type ReactNode } from 'react';
import { dangerButton, primaryButton, secondaryButton } from './form';
import { ModalDialog } from './ModalDialog';

/**
 * A dialog's buttons: Cancel, and its action (the submit button of the dialog's form). While
 * busy the action is aria-disabled, not disabled: a disabled button would drop focus out of
 * the dialog.
 */
export function DialogActions(props: {
  onCancel: () => void;
  busy: boolean;
  action: string;
  busyAction: string;
  danger?: boolean;
  /** Space above: the default follows a paragraph; a form laid out with gaps passes 'mt-2'. */
  className?: string;
}) {
  return (
    <div
      className={`${props.className ?? 'mt-6'} flex flex-col-reverse gap-3 sm:flex-row sm:justify-end`}
    >
      <button
        type="button"
        className={secondaryButton}
        onClick={props.onCancel}
        disabled={props.busy}
      >
        Cancel
      </button>
      <button
        type="submit"
        className={props.danger ? dangerButton : primaryButton}
        aria-disabled={props.busy || undefined}
      >
        {props.busy ? props.busyAction : props.action}
      </button>
    </div>
  );
}

/**
 * Confirming something that cannot be undone, in an alertdialog: what happens (`children`),
 * Cancel, and the action. `check` may refuse first with a message (a typed confirmation, say);
 * `onConfirm` runs the action, and a failure is shown in the dialog through `describeError`.
 * The caller closes the dialog on success (usually by what the action changed).
 */
export function ConfirmDialog(props: {
  title: string;
  children: ReactNode;
  action: string;
  busyAction: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
  describeError: (err: unknown) => string;
  check?: () => string | null;
}) {
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (working) return;
    const refused = props.check?.() ?? null;
    setError(refused);
    if (refused) return;
    setWorking(true);
    try {
      await props.onConfirm();
    } catch (err) {
      setError(props.describeError(err));
      setWorking(false);
    }
  }
  return (
    <ModalDialog
      title={props.title}
      role="alertdialog"
      onClose={() => !working && props.onClose()}
      dismissDisabled={working}
      className="max-w-md border border-slate-200 dark:border-slate-700"
    >
      <form onSubmit={submit} noValidate>
        <div className="mt-3 text-slate-700 dark:text-slate-300">{props.children}</div>
        {error && (
          <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
        <DialogActions
          onCancel={props.onClose}
          busy={working}
          action={props.action}
          busyAction={props.busyAction}
          danger
        />
      </form>
    </ModalDialog>
  );
}
