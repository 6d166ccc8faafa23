import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { links } from '../../../core/paths';
import { ADMINS_NEVER_SEE, ADMINS_SEE, type TeamRole } from '../../../core/teams/teams';
import { useCurrentPath } from '../../lib/navigation';
import { FormAlert, primaryButton, secondaryButton } from '../../ui/form';
import { ROLE_LABEL } from './queries';

export const cardClass = 'rounded-xl border border-slate-200 p-5 sm:p-6 dark:border-slate-700';
export const linkClass = 'font-semibold text-brand-700 underline dark:text-sky-400';

const ROLE_TONE: Record<TeamRole, string> = {
  owner: 'bg-brand-50 text-brand-800 dark:bg-sky-950 dark:text-sky-200',
  admin: 'bg-teal-50 text-teal-800 dark:bg-teal-950 dark:text-teal-200',
  member: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
};

export function RoleBadge({ role }: { role: TeamRole }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-medium ${ROLE_TONE[role]}`}
    >
      {ROLE_LABEL[role]}
    </span>
  );
}

/** A guest's view of a team page: what signing in gives, with the way back here. */
export function SignInFirst({ children }: { children: ReactNode }) {
  const here = useCurrentPath();
  return (
    <section className={`max-w-xl ${cardClass}`}>
      <p className="text-slate-700 dark:text-slate-300">{children}</p>
      <div className="mt-5 flex flex-wrap gap-3">
        <Link to={links.login(here)} className={primaryButton}>
          Log in
        </Link>
        <Link to={links.signUp(here)} className={secondaryButton}>
          Create an account
        </Link>
      </div>
    </section>
  );
}

/**
 * In place of a form that sends mail in our name (creating a team, inviting): the server
 * takes it only from a confirmed address, so say so, and where the new link comes from.
 */
export function ConfirmAddressFirst({ toDo, email }: { toDo: string; email: string }) {
  return (
    <div className="mt-4">
      <FormAlert tone="warning">
        Confirm your email address to {toDo}: open the link we sent to{' '}
        <strong className="[overflow-wrap:anywhere]">{email}</strong>. The banner at the top of the
        page sends a new one.
      </FormAlert>
    </div>
  );
}

/** A read that failed: its message and a retry. */
export function LoadFailed({
  error,
  retry,
  busy,
}: {
  error: unknown;
  retry: () => void;
  busy: boolean;
}) {
  return (
    <div className="max-w-xl space-y-4">
      <FormAlert>This could not be loaded. {error instanceof Error ? error.message : ''}</FormAlert>
      <button type="button" className={secondaryButton} disabled={busy} onClick={retry}>
        Try again
      </button>
    </div>
  );
}

/** ADMINS_SEE as a list: its clauses are separated by semicolons. */
const ADMINS_SEE_ITEMS = ADMINS_SEE.split(/;\s*(?:and\s+)?/);

/** What joining a team shares and what it never does, said before joining and on the welcome. */
export function TeamPrivacy({ children }: { children?: ReactNode }) {
  return (
    <div className="mt-5 rounded-lg bg-slate-100 p-4 text-slate-800 dark:bg-slate-800 dark:text-slate-200">
      <h3 className="font-semibold">What the team will see about you</h3>
      <p className="mt-2 font-medium">Admins see:</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {ADMINS_SEE_ITEMS.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p className="mt-2">Other members see only your name, email address and role.</p>
      <p className="mt-2">
        <span className="font-medium">Nobody in the team sees:</span> {ADMINS_NEVER_SEE}.
      </p>
      {children && <p className="mt-2">{children}</p>}
    </div>
  );
}

const pageButton = `${secondaryButton.replace('px-4', 'px-3')} min-h-11`;
const count = (n: number) => n.toLocaleString('en-US');

/** Previous and next page, and where this page sits; nothing when one page holds all. */
export function Pager({
  label,
  page,
  pages,
  onPage,
}: {
  label: string;
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-2">
      <button
        type="button"
        className={pageButton}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      <span className="text-sm whitespace-nowrap text-slate-600 dark:text-slate-400">
        <span className="max-sm:sr-only">Page </span>
        {count(page)} of {count(pages)}
      </span>
      <button
        type="button"
        className={pageButton}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
