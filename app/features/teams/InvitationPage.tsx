import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { links, paths } from '../../../core/paths';
import { TEAM_NAME_MAX, type InvitationView } from '../../../core/teams/teams';
import { INVITER_NAME_SHOWN, shownName } from '../../../core/teams/onboarding';
import { ApiError } from '../../lib/http-client';
import { useAuth } from '../../lib/auth';
import { useNavigate } from '../../lib/navigation';
import { FormAlert, primaryButton, secondaryButton } from '../../ui/form';
import { Page } from '../../ui/Page';
import { Skeleton } from '../../ui/Skeleton';
import {
  ROLE_LABEL,
  answerInvitation,
  formatDay,
  teamError,
  useInvitation,
  useInvitationPreview,
} from './queries';
import { cardClass, linkClass, LoadFailed, TeamPrivacy } from './parts';

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
      if (slug) navigate(links.teamWelcome(slug), { replace: true });
      else setWorking(null);
    } catch (err) {
      setError(teamError(err));
      setWorking(null);
    }
  }
  return (
    <>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row">
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
        {shownName(invitation.teamName, TEAM_NAME_MAX) ?? 'A team on Skillway'}
      </h2>
      <InvitedBy
        inviterName={invitation.inviterName}
        inviterEmail={invitation.inviterEmail}
        role={invitation.role}
      />
      {pending ? (
        <>
          {/* The answer first, where the thumb is; what joining shares right below it. */}
          <Answer invitation={invitation} />
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
            {ROLE_LABEL[invitation.role]} invitation for{' '}
            <span className="[overflow-wrap:anywhere]">{invitation.email}</span>, open until{' '}
            {formatDay(invitation.expiresAt)}. You can leave the team at any time.
          </p>
          <TeamPrivacy>You can see the same figures yourself on the team’s page.</TeamPrivacy>
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

/** Who invited, as the mail said it: the name when it passes shownName, the confirmed address always. */
function InvitedBy(p: { inviterName: string | null; inviterEmail: string; role: string }) {
  const name = p.inviterName && shownName(p.inviterName, INVITER_NAME_SHOWN);
  return (
    <p className="mt-3 text-slate-700 dark:text-slate-300">
      {name && <strong>{name}</strong>}{' '}
      <span className="[overflow-wrap:anywhere]">
        {name ? `(${p.inviterEmail})` : p.inviterEmail}
      </span>{' '}
      invited you to join as {p.role === 'admin' ? 'an admin' : 'a member'}.
    </p>
  );
}

/**
 * Signed out: the invitation as its mail told it (team, inviter with confirmed address, the
 * invited address), and the way in — create an account with that address filled in, or log
 * in — coming back here to answer.
 */
function SignedOutInvitation({ id }: { id: string }) {
  const here = paths.invitation(id);
  const { data: preview, error } = useInvitationPreview(id, true);
  if (!preview) {
    if (!error) return <Skeleton lines={6} />;
    return (
      <section className={`max-w-xl ${cardClass}`}>
        <h2 className="text-lg font-semibold">No such invitation</h2>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          The link may be incomplete, or the team deleted. Check it against the email, or ask the
          team to invite you again.
        </p>
      </section>
    );
  }
  const pending = preview.status === 'pending';
  return (
    <section className={`max-w-xl ${cardClass}`} aria-labelledby="invitation-heading">
      <h2 id="invitation-heading" className="text-2xl font-semibold break-words">
        {preview.teamName ?? 'A team on Skillway'}
      </h2>
      <InvitedBy
        inviterName={preview.inviterName}
        inviterEmail={preview.inviterEmail}
        role={preview.role}
      />
      {pending ? (
        <>
          <p className="mt-3 text-slate-700 dark:text-slate-300">
            It was sent to <strong className="[overflow-wrap:anywhere]">{preview.email}</strong> and
            is open until {formatDay(preview.expiresAt)}. Create a free account with that address
            (or log in) to join; you can set up your learning afterward.
          </p>
          <div className="mt-5 flex flex-col gap-3 sm:flex-row">
            <Link to={links.signUp(here, preview.email)} className={primaryButton}>
              Create account
            </Link>
            <Link to={links.login(here, preview.email)} className={secondaryButton}>
              Log in
            </Link>
          </div>
          <TeamPrivacy />
        </>
      ) : (
        <div className="mt-5">
          <FormAlert tone={preview.status === 'accepted' ? 'success' : 'error'}>
            {CLOSED[preview.status]}
          </FormAlert>
        </div>
      )}
    </section>
  );
}

export default function InvitationPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { user, ready } = useAuth();
  return (
    // Signed out there is nothing to decline yet: only the way in.
    <Page
      route="invitation"
      purpose={ready && !user ? 'Join the team you were invited to.' : undefined}
    >
      {!ready ? (
        <Skeleton lines={6} />
      ) : user ? (
        <Invitation id={id} email={user.email} />
      ) : (
        <SignedOutInvitation id={id} />
      )}
    </Page>
  );
}
