import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from '../../lib/navigation';
import { paths } from '../../../core/paths';
import { forgetUser } from '../../lib/auth';
import { DialogActions } from '../../ui/DialogActions';
import { dangerOutlineButton, inputClass } from '../../ui/form';
import { ModalDialog } from '../../ui/ModalDialog';
import { deleteAccount } from '../../data/profile';
import { readableError } from './use-profile-field';

interface FormProps {
  email: string;
  onCancel: () => void;
  deleting: boolean;
  setDeleting: (deleting: boolean) => void;
}

function DeleteForm({ email, onCancel, deleting, setDeleting }: FormProps) {
  const id = useId();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (deleting) return;
    const confirmEmail = typed.trim();
    if (confirmEmail.toLowerCase() !== email.toLowerCase()) {
      setError('That is not this account’s email address. Type it as shown above.');
      return;
    }
    setError(null);
    setDeleting(true);
    try {
      await deleteAccount(confirmEmail);
    } catch (err) {
      setDeleting(false);
      setError(readableError(err));
      return;
    }
    // The session is gone with the account: forget everything cached for it.
    await forgetUser();
    await navigate(paths.home(), {
      state: { notice: 'Your account and everything kept with it have been deleted.' },
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <div className="mt-3 space-y-3 text-slate-700 dark:text-slate-300">
        <p>
          This permanently deletes your account and everything kept with it: your profile and photo,
          your quiz results, points and progress, and your sign-in details. It cannot be undone.
        </p>
        <p>
          If you want a copy, download your data first. You are signed in as{' '}
          <strong className="break-all text-slate-900 dark:text-slate-100">{email}</strong>.
        </p>
      </div>
      <div className="mt-5">
        <label htmlFor={id} className="text-sm font-medium">
          Type your email address to confirm
        </label>
        <input
          id={id}
          type="email"
          value={typed}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          className={inputClass}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setTyped(e.target.value)}
        />
        {error && (
          <p
            id={`${id}-error`}
            role="alert"
            className="mt-1 text-sm text-red-700 dark:text-red-400"
          >
            {error}
          </p>
        )}
      </div>
      {deleting && (
        <p role="status" className="mt-4 text-sm text-slate-600 dark:text-slate-400">
          Deleting your account…
        </p>
      )}
      <DialogActions
        onCancel={onCancel}
        busy={deleting}
        action="Delete account permanently"
        busyAction="Delete account permanently"
        danger
      />
    </form>
  );
}

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
          className="max-w-md border border-slate-200 dark:border-slate-700"
        >
          <DeleteForm
            email={email}
            onCancel={() => setOpen(false)}
            deleting={deleting}
            setDeleting={setDeleting}
          />
        </ModalDialog>
      )}
    </>
  );
}
