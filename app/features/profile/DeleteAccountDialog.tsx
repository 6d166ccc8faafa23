import { lazy, Suspense, useState } from 'react';
import { dangerOutlineButton } from '../../ui/form';
import { ModalDialog } from '../../ui/ModalDialog';

// Few visits open it: the form (and the teams the account owns) is its own chunk.
const DeleteForm = lazy(() => import('./DeleteAccountForm'));

/**
 * The confirmation for deleting the account, in a modal dialog (ModalDialog: focus kept inside,
 * Escape closes it, focus returns to the button that opened it).
 */
export function DeleteAccountDialog({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  return (
    <>
      <button type="button" className={dangerOutlineButton} onClick={() => setOpen(true)}>
        Delete my account
      </button>
      {open && (
        <ModalDialog
          title="Delete your account?"
          role="alertdialog"
          onClose={() => setOpen(false)}
          dismissDisabled={deleting}
          className="max-w-lg border border-slate-200 dark:border-slate-700"
        >
          <Suspense fallback={<p className="text-sm text-slate-500">Loading…</p>}>
            <DeleteForm
              email={email}
              onCancel={() => setOpen(false)}
              deleting={deleting}
              setDeleting={setDeleting}
            />
          </Suspense>
        </ModalDialog>
      )}
    </>
  );
}
