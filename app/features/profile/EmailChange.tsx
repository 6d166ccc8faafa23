import { lazy, Suspense, useId } from 'react';
import useSWR from 'swr';
import type { UserRecord } from '../../../core/account/profile';
import { EMAIL_CHANGE_KEY, fetchEmailChange } from '../../data/profile';
import { secondaryButton } from '../../ui/form';

const EmailForm = lazy(() => import('./EmailForm'));

/**
 * The account's address and changing it: the new address gets a link, and the account
 * moves to it only when the link is opened (decision 043). Until then this says where the
 * link went, on every device (the server keeps the pending change).
 */
export function EmailChange({
  user,
  open,
  setOpen,
}: {
  user: UserRecord;
  open: boolean;
  setOpen: (open: boolean) => void;
}) {
  const headingId = useId();
  const { data: pending, mutate } = useSWR(EMAIL_CHANGE_KEY, fetchEmailChange);

  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="font-semibold">
        Email address
      </h3>
      <p className="mt-1 wrap-anywhere">{user.email}</p>
      {!user.emailVerified && (
        <p className="mt-1 text-sm text-amber-800 dark:text-amber-300">
          Not yet confirmed: use the link we sent you to confirm it.
        </p>
      )}
      {pending?.newEmail && (
        <div className="mt-3 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-950 dark:border-sky-900 dark:bg-sky-950 dark:text-sky-100">
          <p className="break-words">
            We sent a link to <strong className="wrap-anywhere">{pending.newEmail}</strong> — the
            change happens when you open it.
          </p>
          <p className="mt-1 text-sky-900 dark:text-sky-200">
            Until then, keep signing in with <span className="wrap-anywhere">{user.email}</span>.
            The link works for 24 hours.
          </p>
        </div>
      )}
      {open ? (
        <Suspense fallback={<p className="mt-2 text-sm text-slate-500">Loading…</p>}>
          <EmailForm
            withPassword={user.provider === 'password'}
            onSent={async () => {
              await mutate();
              setOpen(false);
            }}
            onCancel={() => setOpen(false)}
          />
        </Suspense>
      ) : (
        <button type="button" className={`${secondaryButton} mt-3`} onClick={() => setOpen(true)}>
          Change email
        </button>
      )}
    </section>
  );
}
