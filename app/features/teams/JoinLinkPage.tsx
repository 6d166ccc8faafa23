import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { links, paths } from '../../../core/paths';
import { TEAM_NAME_MAX } from '../../../core/teams/teams';
import { joinDomainBlock, shownName } from '../../../core/teams/onboarding';
import { ApiError } from '../../lib/http-client';
import { auth, authMessage, useAuth } from '../../lib/auth';
import { useNavigate } from '../../lib/navigation';
import { FormAlert, primaryButton, secondaryButton } from '../../ui/form';
import { Page } from '../../ui/Page';
import { Skeleton } from '../../ui/Skeleton';
import { joinByLink, teamError, useJoinLink } from './queries';
import { cardClass, linkClass, TeamPrivacy } from './parts';

/**
 * A team's join link: the team's name and who may join, what its admins see, and Join (or,
 * signed out, an account first and back here). Joining opens the team page with a welcome.
 */
function JoinLink({ token }: { token: string }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const here = paths.teamJoin(token);
  const { data: team, error } = useJoinLink(token);
  const [joining, setJoining] = useState(false);
  const [problem, setProblem] = useState<{ message: string; member: boolean } | null>(null);
  if (!team) {
    if (!error) return <Skeleton lines={6} />;
    return (
      <section className={`max-w-xl ${cardClass}`}>
        <h2 className="text-lg font-semibold">This join link does not work</h2>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          {error instanceof ApiError && error.status === 404
            ? 'The team may have turned it off or replaced it with a new one. Ask them for the current link, or for an invitation.'
            : teamError(error)}
        </p>
      </section>
    );
  }
  const name = shownName(team.teamName, TEAM_NAME_MAX) ?? 'A team on Skillway';
  // Said before any click: who cannot join by this link, and what to do about it.
  const block = user && team.emailDomain ? joinDomainBlock(user, team.emailDomain) : null;
  async function join() {
    setJoining(true);
    setProblem(null);
    try {
      navigate(links.teamWelcome(await joinByLink(token)), { replace: true });
    } catch (err) {
      setProblem({
        message: teamError(err),
        member: err instanceof ApiError && err.status === 409,
      });
      setJoining(false);
    }
  }
  return (
    <section className={`max-w-xl ${cardClass}`} aria-labelledby="join-heading">
      <h2 id="join-heading" className="text-2xl font-semibold break-words">
        {name}
      </h2>
      {team.ownerName && (
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          Run by <strong>{team.ownerName}</strong>
        </p>
      )}
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        {team.members === 1 ? '1 member' : `${team.members} members`}
        {team.emailDomain
          ? ` · open to confirmed addresses at ${team.emailDomain}`
          : ' · open to anyone with this link'}
        . You join as a member and can leave at any time.
      </p>
      {user && block ? (
        <JoinBlocked block={block} domain={team.emailDomain ?? ''} email={user.email} here={here} />
      ) : user ? (
        <div className="mt-6">
          <button
            type="button"
            className={primaryButton}
            aria-disabled={joining || undefined}
            onClick={() => void (!joining && join())}
          >
            {joining ? 'Joining…' : `Join ${name}`}
          </button>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            Signed in as <span className="[overflow-wrap:anywhere]">{user.email}</span>.
          </p>
        </div>
      ) : (
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Link to={links.signUp(here)} className={primaryButton}>
            Create account
          </Link>
          <Link to={links.login(here)} className={secondaryButton}>
            Log in
          </Link>
        </div>
      )}
      {problem && (
        <div className="mt-4 space-y-2">
          <FormAlert>{problem.message}</FormAlert>
          {problem.member && (
            <p>
              <Link to={paths.teams()} className={linkClass}>
                See your teams
              </Link>
            </p>
          )}
        </div>
      )}
      <TeamPrivacy />
    </section>
  );
}

/**
 * In place of Join for someone this link does not take yet: an unconfirmed address gets its
 * confirmation link again (returning here), an address at another domain the way in.
 */
function JoinBlocked({
  block,
  domain,
  email,
  here,
}: {
  block: 'wrong-domain' | 'unconfirmed';
  domain: string;
  email: string;
  here: string;
}) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  async function resend() {
    setState('sending');
    setProblem(null);
    try {
      await auth.resendVerification(email, here);
      setState('sent');
    } catch (err) {
      setProblem(authMessage(err));
      setState('idle');
    }
  }
  if (block === 'wrong-domain')
    return (
      <div className="mt-6" data-testid="join-blocked">
        <FormAlert tone="warning">
          This link is for addresses at <strong>{domain}</strong>. Sign in with one to join.
        </FormAlert>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          Signed in as <span className="[overflow-wrap:anywhere]">{email}</span>.
        </p>
      </div>
    );
  return (
    <div className="mt-6" data-testid="join-blocked">
      <FormAlert tone="warning">
        <strong>Confirm your address to join.</strong> Open the link we mailed to{' '}
        <span className="[overflow-wrap:anywhere]">{email}</span>; it brings you back here.
      </FormAlert>
      <div className="mt-3">
        <button
          type="button"
          className={secondaryButton}
          aria-disabled={state === 'sending' || undefined}
          onClick={() => void (state !== 'sending' && resend())}
        >
          {state === 'sending' ? 'Sending…' : 'Send the link again'}
        </button>
      </div>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400" role="status">
        {state === 'sent' ? `Sent to ${email}. It can take a minute to arrive.` : ''}
      </p>
      {problem && <FormAlert>{problem}</FormAlert>}
    </div>
  );
}

export default function JoinLinkPage() {
  const { token = '' } = useParams<{ token: string }>();
  const { ready } = useAuth();
  return (
    <Page route="teamJoin">{ready ? <JoinLink token={token} /> : <Skeleton lines={6} />}</Page>
  );
}
