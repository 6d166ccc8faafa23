import { useId, useState, type FormEvent } from 'react';
import { MAIL_LIMIT } from '../../../core/limits';
import {
  INVITE_ROLES,
  type InviteResult,
  type InviteRole,
  type TeamDetail,
} from '../../../core/teams/teams';
import { useAuth } from '../../lib/auth';
import { FormAlert, inputClass, primaryButton, secondaryButton, TextField } from '../../ui/form';
import { ROLE_LABEL, formatDay, invite, revokeInvitation, teamError } from './queries';
import { cardClass, ConfirmAddressFirst } from './parts';

/** An admin's invitations on the team page: the form that sends one, and the open ones. */

export function InviteForm({ team }: { team: TeamDetail }) {
  const headingId = useId();
  const { user } = useAuth();
  const roleId = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InviteRole>('member');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<{ to: string; result: InviteResult } | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (sending) return;
    const to = email.trim();
    if (!/^[^\s@]+@[^\s@]+$/.test(to)) {
      setError('Please enter an email address.');
      return;
    }
    setSending(true);
    setError(null);
    setSent(null);
    try {
      setSent({ to, result: await invite(team.slug, { email: to, role }) });
      setEmail('');
    } catch (err) {
      setError(teamError(err));
    } finally {
      setSending(false);
    }
  }

  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className="text-lg font-semibold">
        Invite someone
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        We email them a link to accept or decline. It works for 7 days.
      </p>
      {user && !user.emailVerified ? (
        <ConfirmAddressFirst toDo="invite anyone" email={user.email} />
      ) : (
        <form className="mt-4 space-y-4" onSubmit={onSubmit} noValidate>
          <TextField
            label="Email address"
            type="email"
            value={email}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            error={error}
            onChange={(e) => setEmail(e.target.value)}
          />
          <div>
            <label htmlFor={roleId} className="text-sm font-medium">
              Role
            </label>
            <select
              id={roleId}
              value={role}
              className={`${inputClass} sm:w-auto`}
              onChange={(e) => setRole(e.target.value as InviteRole)}
            >
              {INVITE_ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABEL[r]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={primaryButton} aria-disabled={sending || undefined}>
            {sending ? 'Sending…' : 'Send invitation'}
          </button>
          {sent &&
            (sent.result.mailed ? (
              <FormAlert tone="success">Invitation sent to {sent.to}.</FormAlert>
            ) : (
              <FormAlert tone="warning">
                The invitation to {sent.to} is open, but no new mail went out: an address gets at
                most {MAIL_LIMIT.max} invitation mails in {MAIL_LIMIT.windowMs / 60_000} minutes.
                Send it again in{' '}
                {sent.result.mailWait === 1 ? 'a minute' : `${sent.result.mailWait} minutes`}.
              </FormAlert>
            ))}
        </form>
      )}
    </section>
  );
}

export function PendingInvitations({ team }: { team: TeamDetail }) {
  const headingId = useId();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function revoke(id: string) {
    setBusy(id);
    setError(null);
    try {
      await revokeInvitation(team.slug, id);
    } catch (err) {
      setError(teamError(err));
    } finally {
      setBusy(null);
    }
  }
  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className="text-lg font-semibold">
        Open invitations
      </h2>
      {error && (
        <div className="mt-3">
          <FormAlert>{error}</FormAlert>
        </div>
      )}
      {team.invitations.length === 0 ? (
        <p className="mt-2 text-slate-600 dark:text-slate-400">
          No invitation is waiting for an answer.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
          {team.invitations.map((i) => (
            <li key={i.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium [overflow-wrap:anywhere]">{i.email}</p>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {ROLE_LABEL[i.role]} · invited by {i.inviterName} · open until{' '}
                  {formatDay(i.expiresAt)}
                </p>
              </div>
              <button
                type="button"
                className={secondaryButton}
                disabled={busy !== null}
                aria-label={`Revoke the invitation to ${i.email}`}
                onClick={() => void revoke(i.id)}
              >
                {busy === i.id ? 'Revoking…' : 'Revoke'}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
