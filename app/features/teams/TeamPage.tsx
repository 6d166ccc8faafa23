import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'wouter';
import { links, paths } from '../../../core/paths';
import { canManageTeam, type TeamDetail, type TeamRole } from '../../../core/teams/teams';
import { ApiError } from '../../lib/http-client';
import { useAuth } from '../../lib/auth';
import { Page } from '../../ui/Page';
import { useMyAssignments } from '../../data/assignments';
import { useTeam } from './queries';
import { AssignWorkCard } from './AssignWork';
import { TeamMemberAssignments } from './MyAssignments';
import { TeamAssignments } from './TeamAssignments';
import { Members } from './Members';
import { TeamProgressSection } from './Progress';
import { InviteForm, PendingInvitations } from './TeamInvitations';
import { ActiveTeam, LeaveOrDelete, RenameTeam } from './TeamSettings';
import { JoinLinkSettings } from './JoinLinkSettings';
import { LoadFailed, SignInFirst, linkClass } from './parts';
import { primaryButton, secondaryButton } from '../../ui/form';

const ROLE_SENTENCE: Record<TeamRole, string> = {
  owner:
    'You own this team: you assign work, follow progress, invite people, set their roles or remove them, and can delete the team.',
  admin:
    'You are an admin of this team: you assign work, follow progress, invite people, and set their roles or remove them.',
  member: 'You are a member of this team: your assignments and what the team sees are below.',
};

function MemberAssignments({ slug }: { slug: string }) {
  const { data } = useMyAssignments(true);
  return <TeamMemberAssignments assignments={data?.filter((a) => a.teamSlug === slug)} />;
}

/**
 * Just after joining (links.teamWelcome): the page opens at its top — the invitation's Join
 * button sat far down a phone's screen — with a welcome and the one thing to do next.
 */
function Welcome({ teamName, slug }: { teamName: string; slug: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { data: assignments } = useMyAssignments(true);
  const first = assignments
    ?.filter((a) => a.teamSlug === slug && a.status !== 'done')
    .sort((a, b) => (a.dueOn ?? '9999-12-31').localeCompare(b.dueOn ?? '9999-12-31'))[0];
  useEffect(() => {
    window.scrollTo(0, 0);
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <section
      aria-labelledby="team-welcome"
      className="mb-6 rounded-xl border border-emerald-300 bg-emerald-50 p-5 sm:p-6 dark:border-emerald-800 dark:bg-emerald-950"
      data-testid="team-welcome"
    >
      <h2
        id="team-welcome"
        ref={heading}
        tabIndex={-1}
        className="text-xl font-semibold break-words text-emerald-950 outline-none dark:text-emerald-50"
      >
        Welcome to {teamName}
      </h2>
      <p className="mt-2 text-emerald-950 dark:text-emerald-100">
        {first
          ? `Your team has set you work. Start with “${first.title}”; your assignments also lead Today.`
          : 'You’re in! When your team assigns you something, it shows up here and at the top of Today. Until then, keep practicing as usual.'}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        {first ? (
          <Link to={first.href} className={primaryButton}>
            Start {first.title}
          </Link>
        ) : (
          <Link to={paths.home()} className={primaryButton}>
            Go to Today
          </Link>
        )}
        <Link to={links.welcome(paths.home())} className={secondaryButton}>
          Set your level and daily goal
        </Link>
      </div>
    </section>
  );
}

/**
 * An owner's or admin's page. While they are alone in the team, inviting is the one next
 * step and leads; progress and assignments wait for a member. Decided once per visit, so a
 * member joining meanwhile does not reshuffle the page under the owner's hands.
 */
function ManagerTeam({ team }: { team: TeamDetail }) {
  const [alone] = useState(team.members.length <= 1);
  return alone ? (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="space-y-6">
        <InviteForm team={team} />
        <JoinLinkSettings team={team} />
        <PendingInvitations team={team} />
      </div>
      <div className="space-y-6">
        <p
          className="rounded-xl border border-dashed border-slate-300 p-5 text-slate-600 dark:border-slate-600 dark:text-slate-300"
          data-testid="team-empty"
        >
          Progress and assignments appear once someone joins.
        </p>
        <Members team={team} />
        <LeaveOrDelete team={team} />
      </div>
    </div>
  ) : (
    <div className="space-y-6">
      <TeamProgressSection team={team} />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-6">
          <TeamAssignments team={team} />
          <Members team={team} />
          <PendingInvitations team={team} />
        </div>
        <div className="space-y-6">
          <AssignWorkCard team={team} />
          <InviteForm team={team} />
          <JoinLinkSettings team={team} />
          <LeaveOrDelete team={team} />
        </div>
      </div>
    </div>
  );
}

function Team({ slug }: { slug: string }) {
  const [params] = useSearchParams();
  const { data: team, error, isValidating, mutate } = useTeam(slug, true);
  if (!team) {
    if (!error) return <Page route="team" loading />;
    if (error instanceof ApiError && error.status === 404)
      return (
        <Page route="team" title="Team not found" purpose="No team of yours has this address.">
          <p>
            It may have been deleted, or you may have left it.{' '}
            <Link to={paths.teams()} className={linkClass}>
              See your teams
            </Link>
          </p>
        </Page>
      );
    return (
      <Page route="team">
        <LoadFailed error={error} busy={isValidating} retry={() => void mutate()} />
      </Page>
    );
  }
  const manager = canManageTeam(team.myRole);
  const welcome = params.get('welcome') === '1';
  return (
    <Page route="team" title={team.name} purpose={welcome ? '' : ROLE_SENTENCE[team.myRole]}>
      {welcome && <Welcome teamName={team.name} slug={team.slug} />}
      <div className="mb-6 flex flex-wrap items-center gap-x-6 gap-y-3">
        <ActiveTeam team={team} />
        {canManageTeam(team.myRole) && <RenameTeam team={team} />}
        <Link to={paths.teams()} className={linkClass}>
          All your teams
        </Link>
      </div>
      {manager ? (
        <ManagerTeam team={team} />
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="space-y-6">
            <MemberAssignments slug={team.slug} />
            <Members team={team} />
          </div>
          <div className="space-y-6">
            <TeamProgressSection team={team} />
            <LeaveOrDelete team={team} />
          </div>
        </div>
      )}
    </Page>
  );
}

export default function TeamPage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const { user, ready } = useAuth();
  if (!ready) return <Page route="team" loading />;
  if (!user)
    return (
      <Page route="team">
        <SignInFirst>Log in to see this team.</SignInFirst>
      </Page>
    );
  return <Team slug={slug} />;
}
