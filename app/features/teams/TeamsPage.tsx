import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { paths } from '../../../core/paths';
import {
  TEAM_NAME_MAX,
  TEAM_SLUG_MAX,
  slugFromName,
  teamSlugProblem,
} from '../../../core/teams/teams';
import { teamNameProblem } from '../../../core/teams/onboarding';
import type { TeamsOverview } from '../../../core/teams/teams';
import { useAuth } from '../../lib/auth';
import { useNavigate } from '../../lib/navigation';
import { EmptyState } from '../../ui/EmptyState';
import { FormAlert, primaryButton, secondaryButton, TextField } from '../../ui/form';
import { Page } from '../../ui/Page';
import { Skeleton } from '../../ui/Skeleton';
import { useMyAssignments } from '../../data/assignments';
import { ROLE_LABEL, createTeam, formatDay, makeActive, teamError, useTeams } from './queries';
import { MyAssignmentList } from './MyAssignments';
import { cardClass, ConfirmAddressFirst, LoadFailed, RoleBadge, SignInFirst } from './parts';

function InvitationsForYou({ invitations }: { invitations: TeamsOverview['invitations'] }) {
  const headingId = useId();
  if (invitations.length === 0) return null;
  return (
    <section
      aria-labelledby={headingId}
      className={`${cardClass} border-brand-200 dark:border-sky-900`}
    >
      <h2 id={headingId} className="text-lg font-semibold">
        Invitations for you
      </h2>
      <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
        {invitations.map((i) => (
          <li key={i.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <p>
              <strong>{i.inviterName}</strong> invited you to <strong>{i.teamName}</strong> as{' '}
              {ROLE_LABEL[i.role].toLowerCase()}
              <span className="block text-sm text-slate-600 dark:text-slate-400">
                Open until {formatDay(i.expiresAt)}
              </span>
            </p>
            <Link to={paths.invitation(i.id)} className={secondaryButton}>
              Open the invitation
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The create form's section: the empty state's button takes the learner to its first field. */
const CREATE_TEAM_ID = 'create-team';

function startCreating() {
  const section = document.getElementById(CREATE_TEAM_ID);
  const field = section?.querySelector('input');
  if (field) field.focus();
  else section?.scrollIntoView({ block: 'start' });
}

function YourTeams({ teams }: { teams: TeamsOverview['teams'] }) {
  const headingId = useId();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function activate(slug: string) {
    setBusy(slug);
    setError(null);
    try {
      await makeActive(slug);
    } catch (err) {
      setError(teamError(err));
    } finally {
      setBusy(null);
    }
  }
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-xl font-semibold">
        Your teams
      </h2>
      {teams.length === 0 ? (
        <div className="mt-3">
          <EmptyState title="You are not in a team yet">
            Create one, or open the link in an invitation you were sent.
            <div className="mt-4">
              <button type="button" className={primaryButton} onClick={startCreating}>
                Create a team
              </button>
            </div>
          </EmptyState>
        </div>
      ) : (
        <>
          {teams.length > 1 && (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              Your active team is the one you work in, on every device.
            </p>
          )}
          {error && (
            <div className="mt-3">
              <FormAlert>{error}</FormAlert>
            </div>
          )}
          <ul className="mt-3 grid gap-3 sm:grid-cols-2">
            {teams.map((t) => (
              <li key={t.id} className={`${cardClass} flex flex-col gap-3`}>
                <div className="flex items-start justify-between gap-3">
                  <Link
                    to={paths.team(t.slug)}
                    className="text-lg font-semibold break-words text-brand-700 underline-offset-2 hover:underline dark:text-sky-400"
                  >
                    {t.name}
                  </Link>
                  <RoleBadge role={t.role} />
                </div>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {t.members === 1 ? '1 member' : `${t.members} members`}
                </p>
                <div className="mt-auto">
                  {t.active ? (
                    <p className="text-sm font-semibold text-emerald-800 dark:text-emerald-300">
                      ✓ Your active team
                    </p>
                  ) : (
                    <button
                      type="button"
                      className={secondaryButton}
                      disabled={busy !== null}
                      aria-label={`Make ${t.name} my active team`}
                      onClick={() => void activate(t.slug)}
                    >
                      {busy === t.slug ? 'Switching…' : 'Make active'}
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function CreateTeam() {
  const headingId = useId();
  const { user } = useAuth();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [slugEdited, setSlugEdited] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const address = slugEdited ? slug : slugFromName(name);
  const nameProblem = teamNameProblem(name);
  const slugProblem = teamSlugProblem(address);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setSubmitted(true);
    if (nameProblem || slugProblem || saving) return;
    setSaving(true);
    setError(null);
    try {
      const created = await createTeam({ name: name.trim(), slug: address });
      navigate(paths.team(created));
    } catch (err) {
      setError(teamError(err));
      setSaving(false);
    }
  }

  return (
    <section
      id={CREATE_TEAM_ID}
      aria-labelledby={headingId}
      className={`${cardClass} max-w-xl scroll-mt-4`}
    >
      <h2 id={headingId} className="text-xl font-semibold">
        Create a team
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        You become its owner and can invite people by email.
      </p>
      {user && !user.emailVerified ? (
        <ConfirmAddressFirst toDo="create a team" email={user.email} />
      ) : (
        <form className="mt-4 space-y-4" onSubmit={onSubmit} noValidate>
          <TextField
            label="Team name"
            value={name}
            maxLength={TEAM_NAME_MAX}
            autoComplete="organization"
            error={submitted ? nameProblem : null}
            onChange={(e) => setName(e.target.value)}
          />
          <TextField
            label="Team address"
            value={address}
            maxLength={TEAM_SLUG_MAX}
            autoCapitalize="none"
            spellCheck={false}
            hint={
              <>
                Lower-case letters, digits and hyphens. The team’s page will be{' '}
                <span className="font-mono [overflow-wrap:anywhere]">/teams/{address || '…'}</span>
              </>
            }
            error={submitted || (slugEdited && address) ? slugProblem : null}
            onChange={(e) => {
              setSlugEdited(true);
              setSlug(e.target.value);
            }}
          />
          {error && <FormAlert>{error}</FormAlert>}
          <button type="submit" className={primaryButton} aria-disabled={saving || undefined}>
            {saving ? 'Creating…' : 'Create team'}
          </button>
        </form>
      )}
    </section>
  );
}

/** Work the user's teams assigned them, in every team; nothing when there is none. */
function AssignedToYou() {
  const headingId = useId();
  const { data } = useMyAssignments(true);
  const shown = !!data && data.length > 0;
  // Today's "All assignments" links here (#assignments): the list loads after the page.
  useEffect(() => {
    if (shown && window.location.hash === '#assignments')
      document.getElementById('assignments')?.scrollIntoView();
  }, [shown]);
  if (!data || !shown) return null;
  const open = data.filter((a) => a.status !== 'done').length;
  return (
    <section aria-labelledby={headingId} id="assignments">
      <h2 id={headingId} className="text-xl font-semibold">
        Your assignments
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {open === 0 ? 'All done.' : `${open} to do`} · counted from what you do in Skillway, so
        there is nothing to hand in.
      </p>
      <div className={`${cardClass} mt-3 py-1 sm:py-1`}>
        <MyAssignmentList assignments={data} />
      </div>
    </section>
  );
}

function Teams() {
  const { data, error, isValidating, mutate } = useTeams(true);
  if (!data) {
    if (!error) return <Skeleton lines={6} />;
    return <LoadFailed error={error} busy={isValidating} retry={() => void mutate()} />;
  }
  return (
    <div className="space-y-10">
      <InvitationsForYou invitations={data.invitations} />
      <AssignedToYou />
      <YourTeams teams={data.teams} />
      <CreateTeam />
    </div>
  );
}

export default function TeamsPage() {
  const { user, ready } = useAuth();
  return (
    <Page route="teams">
      {!ready ? (
        <Skeleton lines={6} />
      ) : user ? (
        <Teams />
      ) : (
        <SignInFirst>
          Log in to create a team, or to answer an invitation you were sent.
        </SignInFirst>
      )}
    </Page>
  );
}
