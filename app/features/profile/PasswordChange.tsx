import { lazy, Suspense, useId, useState } from 'react';
import type { UserRecord } from '../../../core/account/profile';
import { FormAlert, secondaryButton } from '../../ui/form';

// Most visits never open it: the form is its own chunk, fetched on the first press.
const PasswordForm = lazy(() => import('./PasswordForm'));

const PROVIDER_NAMES: Record<string, string> = {
  google: 'Google',
  facebook: 'Facebook',
  oidc: 'your organization’s sign-in',
};

/** The account's password: "Change password" opens the form, which says when it is done. */
export function PasswordChange({
  user,
  open,
  setOpen,
}: {
  user: UserRecord;
  open: boolean;
  setOpen: (open: boolean) => void;
}) {
  const headingId = useId();
  const [done, setDone] = useState<string | null>(null);

  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="font-semibold">
        Password
      </h3>
      {user.provider !== 'password' ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          You sign in with {PROVIDER_NAMES[user.provider] ?? 'another service'}, so there is no
          Skillway password to change.
        </p>
      ) : open ? (
        <Suspense fallback={<p className="mt-2 text-sm text-slate-500">Loading…</p>}>
          <PasswordForm
            onDone={(message) => {
              setDone(message);
              setOpen(false);
            }}
            onCancel={() => setOpen(false)}
          />
        </Suspense>
      ) : (
        <>
          {done && (
            <div className="mt-2">
              <FormAlert tone="success">{done}</FormAlert>
            </div>
          )}
          <button
            type="button"
            className={`${secondaryButton} mt-3`}
            onClick={() => {
              setDone(null);
              setOpen(true);
            }}
          >
            Change password
          </button>
        </>
      )}
    </section>
  );
}
