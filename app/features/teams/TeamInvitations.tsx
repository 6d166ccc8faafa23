import { useId, useState, type FormEvent } from 'react';
import { MAIL_LIMIT } from '../../../core/limits';
import {
  INVITATION_DAYS,
  INVITE_ROLES,
  type BulkInviteResult,
  type InviteResult,
  type SentInvitation,
  type InviteRole,
  type TeamDetail,
} from '../../../core/teams/teams';
import { BULK_INVITE_MAX, splitAddressList } from '../../../core/teams/onboarding';
import { useAuth } from '../../lib/auth';
import { FormAlert, inputClass, primaryButton, secondaryButton } from '../../ui/form';
import { ROLE_LABEL, formatDay, invite, inviteMany, revokeInvitation, teamError } from './queries';
import { cardClass, ConfirmAddressFirst } from './parts';

/** An admin's invitations on the team page: the form that sends them, and the open ones. */

const list = (emails: string[]) => emails.join(', ');

/** Roughly an address (the server applies the exact rule): something@domain.tld, no spaces. */
const LOOKS_LIKE_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What a bulk invitation did, one line per outcome that happened. */
function InviteOutcome({ result }: { result: BulkInviteResult }) {
  const n = result.invited.length + result.invitedWithoutMail.length;
  return (
    <div className="space-y-2" data-testid="invite-outcome">
      {n > 0 && (
        <FormAlert tone="success">
          {n === 1 ? 'Invitation sent' : `${n} invitations sent`}
          {result.invited.length > 0 && <>: {list(result.invited)}</>}.
        </FormAlert>
      )}
      {result.invitedWithoutMail.length > 0 && (
        <FormAlert tone="warning">
          Open, but no new mail went out yet to {list(result.invitedWithoutMail)}: an address gets
          at most {MAIL_LIMIT.max} invitation mails in {MAIL_LIMIT.windowMs / 60_000} minutes.
        </FormAlert>
      )}
      {(result.alreadyMembers.length > 0 || result.alreadyInvited.length > 0) && (
        <FormAlert tone="warning">
          {result.alreadyMembers.length > 0 && (
            <>Already in the team: {list(result.alreadyMembers)}. </>
          )}
          {result.alreadyInvited.length > 0 && (
            <>Already invited (see open invitations): {list(result.alreadyInvited)}.</>
          )}
        </FormAlert>
      )}
      {result.invalid.length > 0 && (
        <FormAlert>Not email addresses, so not invited: {list(result.invalid)}.</FormAlert>
      )}
      {result.notSent && (
        <FormAlert>
          {result.notSent.message} Not invited yet: {list(result.notSent.emails)}.
        </FormAlert>
      )}
    </div>
  );
}

export function InviteForm({ team }: { team: TeamDetail }) {
  const headingId = useId();
  const { user } = useAuth();
  const roleId = useId();
  const emailsId = useId();
  const [emails, setEmails] = useState('');
  const [role, setRole] = useState<InviteRole>('member');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<BulkInviteResult | null>(null);
  const addresses = splitAddressList(emails);
  const count = addresses.length;
  // The button counts what would be sent: unique addresses that look like addresses.
  const sendable = addresses.filter((a) => LOOKS_LIKE_ADDRESS.test(a)).length;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (sending) return;
    if (count === 0) {
      setError('Enter an email address, or paste several.');
      return;
    }
    if (count > BULK_INVITE_MAX) {
      setError(`At most ${BULK_INVITE_MAX} addresses at a time (you pasted ${count}).`);
      return;
    }
    setSending(true);
    setError(null);
    setResult(null);
    try {
      const answer = await inviteMany(team.slug, { emails, role });
      setResult(answer);
      // Keep only what still needs attention: the addresses that were not invited.
      setEmails([...answer.invalid, ...(answer.notSent?.emails ?? [])].join('\n'));
    } catch (err) {
      setError(teamError(err));
    } finally {
      setSending(false);
    }
  }

  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className="text-lg font-semibold">
        Invite people
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        We email each a link to accept or decline, naming the team and you. It works for{' '}
        {INVITATION_DAYS} days.
      </p>
      {user && !user.emailVerified ? (
        <ConfirmAddressFirst toDo="invite anyone" email={user.email} />
      ) : (
        <form className="mt-4 space-y-4" onSubmit={onSubmit} noValidate>
          <div>
            <label htmlFor={emailsId} className="text-sm font-medium">
              Email addresses
            </label>
            <textarea
              id={emailsId}
              rows={3}
              value={emails}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              className={`${inputClass} resize-y`}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${emailsId}-hint${error ? ` ${emailsId}-error` : ''}`}
              onChange={(e) => setEmails(e.target.value)}
            />
            <p id={`${emailsId}-hint`} className="mt-1 text-sm text-slate-500 dark:text-slate-400">
              One, or paste up to {BULK_INVITE_MAX}, separated by commas, spaces or new lines.
            </p>
            {error && (
              <p id={`${emailsId}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
                {error}
              </p>
            )}
          </div>
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
            {sending
              ? 'Sending…'
              : sendable > 1
                ? `Send ${sendable} invitations`
                : count > 1
                  ? 'Send invitations'
                  : 'Send invitation'}
          </button>
          {result && <InviteOutcome result={result} />}
        </form>
      )}
    </section>
  );
}

export function PendingInvitations({ team }: { team: TeamDetail }) {
  const headingId = useId();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [resent, setResent] = useState<{ to: string; result: InviteResult } | null>(null);
  async function act(id: string, action: () => Promise<void>) {
    setBusy(id);
    setError(null);
    setResent(null);
    try {
      await action();
    } catch (err) {
      setError(teamError(err));
    } finally {
      setBusy(null);
    }
  }
  const resend = (i: SentInvitation) =>
    act(`resend:${i.id}`, async () => {
      setResent({ to: i.email, result: await invite(team.slug, { email: i.email, role: i.role }) });
    });
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
      {resent && (
        <div className="mt-3">
          {resent.result.mailed ? (
            <FormAlert tone="success">Invitation sent again to {resent.to}.</FormAlert>
          ) : (
            <FormAlert tone="warning">
              The invitation to {resent.to} is open, but no new mail went out: an address gets at
              most {MAIL_LIMIT.max} invitation mails in {MAIL_LIMIT.windowMs / 60_000} minutes. Send
              it again in{' '}
              {resent.result.mailWait === 1 ? 'a minute' : `${resent.result.mailWait} minutes`}.
            </FormAlert>
          )}
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
              <div className="flex gap-2">
                <button
                  type="button"
                  className={secondaryButton}
                  disabled={busy !== null}
                  aria-label={`Send the invitation to ${i.email} again`}
                  onClick={() => void resend(i)}
                >
                  {busy === `resend:${i.id}` ? 'Sending…' : 'Send again'}
                </button>
                <button
                  type="button"
                  className={secondaryButton}
                  disabled={busy !== null}
                  aria-label={`Revoke the invitation to ${i.email}`}
                  onClick={() => void act(i.id, () => revokeInvitation(team.slug, i.id))}
                >
                  {busy === i.id ? 'Revoking…' : 'Revoke'}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
