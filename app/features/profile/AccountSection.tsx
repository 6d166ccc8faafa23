import { useId, useState } from 'react';
import { useNavigate } from '../../lib/navigation';
import { paths } from '../../../core/paths';
import type { UserRecord } from '../../../core/account/profile';
import { auth } from '../../lib/auth';
import { secondaryButton } from '../../ui/form';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { EmailChange } from './EmailChange';
import { PasswordChange } from './PasswordChange';

export const cardClass = 'rounded-xl border border-slate-200 p-5 sm:p-6 dark:border-slate-700';

const JOINED_FORMAT = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

/** "12 March 2025" from the record's "2025-03-12" (a calendar day, so read as UTC). */
function formatJoined(joined: string | null): string | null {
  if (!joined) return null;
  const date = new Date(joined);
  return Number.isNaN(date.getTime()) ? null : JOINED_FORMAT.format(date);
}

export function AccountSection({ user }: { user: UserRecord }) {
  const headingId = useId();
  const navigate = useNavigate();
  const joined = formatJoined(user.joined);
  // One of the two forms at a time: opening one closes the other.
  const [open, setOpen] = useState<'email' | 'password' | null>(null);

  async function signOut() {
    try {
      await auth.signOut();
    } catch {
      // signOut forgets the session on this device even when the server cannot be
      // reached, and this page is gone by then: there is nowhere to show an error.
    }
    await navigate(paths.home());
  }

  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className="text-lg font-semibold">
        Account
      </h2>
      <div className="mt-4 space-y-6">
        <EmailChange
          user={user}
          open={open === 'email'}
          setOpen={(o) => setOpen(o ? 'email' : null)}
        />
        <div className="border-t border-slate-200 pt-6 dark:border-slate-700">
          <PasswordChange
            user={user}
            open={open === 'password'}
            setOpen={(o) => setOpen(o ? 'password' : null)}
          />
        </div>
        {joined && user.joined && (
          <dl>
            <dt className="text-sm font-medium text-slate-500 dark:text-slate-400">Joined</dt>
            <dd>
              <time dateTime={user.joined}>{joined}</time>
            </dd>
          </dl>
        )}
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <a href="/api/me/export.zip" download className={secondaryButton}>
          Download my data
        </a>
        <button type="button" className={secondaryButton} onClick={() => void signOut()}>
          Sign out
        </button>
      </div>
      <div className="mt-6 border-t border-slate-200 pt-5 dark:border-slate-700">
        <h3 className="font-semibold">Delete your account</h3>
        <p className="mt-1 mb-4 text-sm text-slate-600 dark:text-slate-400">
          Removes your account and all its data for good.
        </p>
        <DeleteAccountDialog email={user.email} />
      </div>
    </section>
  );
}
