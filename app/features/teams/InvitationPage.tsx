import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { paths } from '../../../core/paths';
import { ADMINS_NEVER_SEE, ADMINS_SEE, type InvitationView } from '../../../core/teams/teams';
import { ApiError } from '../../lib/http-client';
import { useAuth } from '../../lib/auth';
import { useNavigate } from '../../lib/navigation';
import { FormAlert, primaryButton, secondaryButton } from '../../ui/form';
import { Page } from '../../ui/Page';
import { Skeleton } from '../../ui/Skeleton';
import { ROLE_LABEL, answerInvitation, formatDay, teamError, useInvitation } from './queries';
import { cardClass, linkClass, LoadFailed, SignInFirst } from './parts';

const CLOSED: Record<InvitationView['status'], string> = {
  pending: '',
  accepted: 'You have accepted this invitation.',
  rejected: 'You declined this invitation.',
  canceled: 'The team withdrew this invitation. Ask them for a new one if you expected to join.',
  expired: 'This invitation has expired. Ask the team for a new one.',
};

function Answer({ invitation }: { invitation: InvitationView }) {
  const navigate = useNavigate();
  const [working, setWorking] = useState<'accept' | 'decline' | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function answer(choice: 'accept' | 'decline') {
    setWorking(choice);
    setError(null);
    try {
      const slug = await answerInvitation(invitation.id, choice);
      if (slug) navigate(paths.team(slug), { replace: true });
      else setWorking(null);
    } catch (err) {
      setError(teamError(err));
      setWorking(null);
    }
  }
  return (
    <>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <button
          type="button"
          className={primaryButton}
          aria-disabled={working !== null || undefined}
          onClick={() => void (working === null && answer('accept'))}
        >
          {working === 'accept' ? 'Joining…' : `Join ${invitation.teamName}`}
        </button>
        <button
          type="button"
          className={secondaryButton}
          aria-disabled={working !== null || undefined}
          onClick={() => void (working === null && answer('decline'))}
        >
          {working === 'decline' ? 'Declining…' : 'Decline'}
        </button>
      </div>
      {error && (
        <div className="mt-4">
          <FormAlert>{error}</FormAlert>
        </div>
      )}
    </>
  );
}

function Invitation({ id, email }: { id: string; email: string }) {
  const { data: invitation, error, isValidating, mutate } = useInvitation(id, true);
  if (!invitation) {
    if (!error) return <Skeleton lines={6} />;
    if (error instanceof ApiError && (error.status === 403 || error.status === 404))
      return (
        <section className={`max-w-xl ${cardClass}`}>
          <h2 className="text-lg font-semibold">
            {error.status === 403 ? 'This invitation is for someone else' : 'No such invitation'}
          </h2>
          <p className="mt-2 text-slate-700 dark:text-slate-300">
            {error.status === 403
              ? `It was sent to another email address than yours (${email}). Sign out and log in with the address the email came to.`
              : 'The link may be incomplete. Check it against the email, or ask the team to invite you again.'}
          </p>
          <p className="mt-4">
            <Link to={paths.teams()} className={linkClass}>
              See your teams
            </Link>
          </p>
        </section>
      );
    return <LoadFailed error={error} busy={isValidating} retry={() => void mutate()} />;
  }
  const pending = invitation.status === 'pending';
  return (
    <section className={`max-w-xl ${cardClass}`} aria-labelledby="invitation-heading">
      <h2 id="invitation-heading" className="text-2xl font-semibold break-words">
        {invitation.teamName}
      </h2>
      <p className="mt-3 text-slate-700 dark:text-slate-300">
        <strong>{invitation.inviterName}</strong>{' '}
        <span className="[overflow-wrap:anywhere]">({invitation.inviterEmail})</span> invited you to
        join as {invitation.role === 'admin' ? 'an admin' : 'a member'}.
      </p>
      {pending ? (
        <>
          <div className="mt-5 rounded-lg bg-slate-100 p-4 text-slate-800 dark:bg-slate-800 dark:text-slate-200">
            <h3 className="font-semibold">What the team will see about you</h3>
            <p className="mt-1">
              Its admins see {ADMINS_SEE}. Other members see only your name, email address and role.
              Nobody in the team sees {ADMINS_NEVER_SEE}. You can see the same figures yourself on
              the team’s page.
            </p>
          </div>
          <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
            {ROLE_LABEL[invitation.role]} invitation for {invitation.email}, open until{' '}
            {formatDay(invitation.expiresAt)}. You can leave the team at any time.
          </p>
          <Answer invitation={invitation} />
        </>
      ) : (
        <div className="mt-5">
          <FormAlert tone={invitation.status === 'accepted' ? 'success' : 'error'}>
            {CLOSED[invitation.status]}
          </FormAlert>
          <p className="mt-4">
            <Link
              to={
                invitation.status === 'accepted' ? paths.team(invitation.teamSlug) : paths.teams()
              }
              className={linkClass}
            >
              {invitation.status === 'accepted' ? `Go to ${invitation.teamName}` : 'See your teams'}
            </Link>
          </p>
        </div>
      )}
    </section>
  );
}

export default function InvitationPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { user, ready } = useAuth();
  return (
    <Page route="invitation">
      {!ready ? (
        <Skeleton lines={6} />
      ) : user ? (
        <Invitation id={id} email={user.email} />
      ) : (
        <SignInFirst>
          You have been invited to a team. Log in, or create an account, with the email address the
          invitation was sent to; then you can see the team and who invited you, and accept or
          decline.
        </SignInFirst>
      )}
    </Page>
  );
}
