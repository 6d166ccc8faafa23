import { useId, useState, type FormEvent } from 'react';
import { Link, useParams } from 'wouter';
import { MAIL_LIMIT } from '../../../core/constants';
import { paths } from '../../../core/paths';
import {
  INVITE_ROLES,
  TEAM_NAME_MAX,
  TEAM_ROLES,
  canChangeRole,
  canManageTeam,
  canRemoveMember,
  teamNameProblem,
  type InviteResult,
  type InviteRole,
  type TeamDetail,
  type TeamMember,
  type TeamRole,
} from '../../../core/teams';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { useNavigate } from '../../lib/navigation';
import {
  FormAlert,
  dangerOutlineButton,
  inputClass,
  primaryButton,
  secondaryButton,
  TextField,
} from '../../ui/form';
import { ConfirmDialog, DialogActions } from '../../ui/DialogActions';
import { ModalDialog } from '../../ui/ModalDialog';
import { Page } from '../../ui/Page';
import {
  ROLE_LABEL,
  changeRole,
  deleteTeam,
  formatDay,
  invite,
  leaveTeam,
  makeActive,
  removeMember,
  renameTeam,
  revokeInvitation,
  teamError,
  useMyAssignments,
  useTeam,
} from './api';
import { AssignWorkCard, TeamAssignments, TeamMemberAssignments } from './Assignments';
import { TeamProgressSection } from './Progress';
import {
  cardClass,
  ConfirmAddressFirst,
  LoadFailed,
  RoleBadge,
  SignInFirst,
  linkClass,
} from './parts';

const ROLE_SENTENCE: Record<TeamRole, string> = {
  owner:
    'You own this team: you assign work, follow progress, invite people, set their roles or remove them, and can delete the team.',
  admin:
    'You are an admin of this team: you assign work, follow progress, invite people, and set their roles or remove them.',
  member: 'You are a member of this team: your assignments and what the team sees are below.',
};

function RoleControl({ team, member }: { team: TeamDetail; member: TeamMember }) {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const choices = TEAM_ROLES.filter(
    (r) => r === member.role || canChangeRole(team.myRole, member.role, r),
  );
  // A member's view has no one else's membership id: nothing to change there.
  const memberId = member.id;
  if (!memberId || memberId === team.myMemberId || choices.length < 2)
    return <RoleBadge role={member.role} />;
  const onChange = async (role: TeamRole) => {
    setSaving(true);
    setError(null);
    try {
      await changeRole(team.slug, memberId, { role });
    } catch (err) {
      setError(teamError(err));
    } finally {
      setSaving(false);
    }
  };
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        Role of {member.name}
      </label>
      <select
        id={id}
        value={member.role}
        disabled={saving}
        className={`${inputClass} mt-0 min-h-11 w-auto py-1.5`}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => void onChange(e.target.value as TeamRole)}
      >
        {choices.map((r) => (
          <option key={r} value={r}>
            {ROLE_LABEL[r]}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Remove a member (owners and admins; admins not an owner), behind a confirmation that says
 * what the person keeps. Nobody removes themselves here: they leave, below.
 */
function RemoveMember({ team, member }: { team: TeamDetail; member: TeamMember }) {
  const [open, setOpen] = useState(false);
  const memberId = member.id;
  if (!memberId || memberId === team.myMemberId || !canRemoveMember(team.myRole, member.role))
    return null;
  return (
    <>
      <button
        type="button"
        className={dangerOutlineButton}
        aria-label={`Remove ${member.name}`}
        onClick={() => setOpen(true)}
      >
        Remove
      </button>
      {open && (
        <ConfirmDialog
          title={`Remove ${member.name} from ${team.name}?`}
          action="Remove from team"
          busyAction="Removing…"
          // The row, and with it this dialog, goes once the team is read again.
          onConfirm={() => removeMember(team.slug, memberId)}
          onClose={() => setOpen(false)}
          describeError={teamError}
        >
          <p>
            They lose access to the team, and the team stops seeing their progress. The work
            assigned to them alone goes too. Their account and all their learning stay theirs; they
            can come back only with a new invitation.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}

function Members({ team }: { team: TeamDetail }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className="text-lg font-semibold">
        Members{' '}
        <span className="font-normal text-slate-600 dark:text-slate-400">
          ({team.members.length})
        </span>
      </h2>
      <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
        {team.members.map((m) => (
          <li
            key={m.id ?? m.email}
            className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3"
          >
            <div className="min-w-0">
              <p className="font-medium break-words">
                {m.name}
                {m.id === team.myMemberId && (
                  <span className="font-normal text-slate-600 dark:text-slate-400"> (you)</span>
                )}
              </p>
              <p className="text-sm [overflow-wrap:anywhere] text-slate-600 dark:text-slate-400">
                {m.email}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <RoleControl team={team} member={m} />
              <RemoveMember team={team} member={m} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function InviteForm({ team }: { team: TeamDetail }) {
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

function PendingInvitations({ team }: { team: TeamDetail }) {
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

/** Leaving, and for an owner deleting: each behind a confirmation. */
function LeaveOrDelete({ team }: { team: TeamDetail }) {
  const navigate = useNavigate();
  const soleOwner =
    team.myRole === 'owner' && team.members.filter((m) => m.role === 'owner').length === 1;
  const [open, setOpen] = useState<'leave' | 'delete' | null>(null);
  const [typed, setTyped] = useState('');
  const confirmId = useId();
  const close = () => {
    setOpen(null);
    setTyped('');
  };
  async function confirm() {
    if (open === 'delete') await deleteTeam(team.slug);
    else await leaveTeam(team.slug);
    navigate(paths.teams(), { replace: true });
  }
  return (
    <section className={`${cardClass} space-y-5`} aria-label="Leave or delete the team">
      <div>
        <h2 className="font-semibold">Leave the team</h2>
        {soleOwner ? (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            You are its only owner: make another member owner first, or delete the team.
          </p>
        ) : (
          <>
            <p className="mt-1 mb-3 text-sm text-slate-600 dark:text-slate-400">
              The team no longer sees you; your own progress stays with you.
            </p>
            <button type="button" className={dangerOutlineButton} onClick={() => setOpen('leave')}>
              Leave team
            </button>
          </>
        )}
      </div>
      {team.myRole === 'owner' && (
        <div className="border-t border-slate-200 pt-5 dark:border-slate-700">
          <h2 className="font-semibold">Delete the team</h2>
          <p className="mt-1 mb-3 text-sm text-slate-600 dark:text-slate-400">
            Removes the team, its memberships and open invitations. Members keep their accounts and
            all their learning.
          </p>
          <button type="button" className={dangerOutlineButton} onClick={() => setOpen('delete')}>
            Delete team
          </button>
        </div>
      )}
      {open === 'leave' && (
        <ConfirmDialog
          title={`Leave ${team.name}?`}
          action="Leave team"
          busyAction="Leaving…"
          onConfirm={confirm}
          onClose={close}
          describeError={teamError}
        >
          <p>You can join again only with a new invitation.</p>
        </ConfirmDialog>
      )}
      {open === 'delete' && (
        <ConfirmDialog
          title={`Delete ${team.name}?`}
          action="Delete team permanently"
          busyAction="Deleting…"
          onConfirm={confirm}
          onClose={close}
          describeError={teamError}
          check={() =>
            typed.trim() === team.slug ? null : `Type the team’s address, ${team.slug}, to confirm.`
          }
        >
          <p>
            Everyone loses access to the team and its open invitations stop working. Nobody’s own
            learning is deleted. This cannot be undone.
          </p>
          <div className="mt-4">
            <label htmlFor={confirmId} className="text-sm font-medium">
              Type the team’s address, <span className="font-mono">{team.slug}</span>, to confirm
            </label>
            <input
              id={confirmId}
              value={typed}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              className={inputClass}
              onChange={(e) => setTyped(e.target.value)}
            />
          </div>
        </ConfirmDialog>
      )}
    </section>
  );
}

function ActiveTeam({ team }: { team: TeamDetail }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (team.active)
    return (
      <p className="text-sm font-semibold text-emerald-800 dark:text-emerald-300">
        ✓ Your active team
      </p>
    );
  return (
    <div>
      <button
        type="button"
        className={secondaryButton}
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setError(null);
          try {
            await makeActive(team.slug);
          } catch (err) {
            setError(teamError(err));
          } finally {
            setBusy(false);
          }
        }}
      >
        {busy ? 'Switching…' : 'Make this my active team'}
      </button>
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

function MemberAssignments({ slug }: { slug: string }) {
  const { data } = useMyAssignments(true);
  return <TeamMemberAssignments assignments={data?.filter((a) => a.teamSlug === slug)} />;
}

/** Owners and admins rename the team, in a dialog; its address and links stay. */
function RenameTeam({ team }: { team: TeamDetail }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(team.name);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const problem = teamNameProblem(name);
  const close = () => {
    if (saving) return;
    setOpen(false);
    setSubmitted(false);
    setError(null);
  };
  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setSubmitted(true);
    if (problem || saving) return;
    setSaving(true);
    setError(null);
    try {
      await renameTeam(team.slug, { name: name.trim() });
      setSaving(false);
      setOpen(false);
    } catch (err) {
      setError(teamError(err));
      setSaving(false);
    }
  }
  return (
    <>
      <button
        type="button"
        className={`${linkClass} min-h-11`}
        onClick={() => {
          setName(team.name);
          setOpen(true);
        }}
      >
        Rename team
      </button>
      {open && (
        <ModalDialog
          title="Rename the team"
          onClose={close}
          dismissDisabled={saving}
          className="max-w-md border border-slate-200 dark:border-slate-700"
        >
          <form onSubmit={onSubmit} noValidate className="mt-3 grid gap-4">
            <TextField
              label="Team name"
              value={name}
              maxLength={TEAM_NAME_MAX}
              autoComplete="organization"
              hint={`Its address stays /teams/${team.slug}, so links and invitations keep working.`}
              error={submitted ? problem : null}
              onChange={(e) => setName(e.target.value)}
            />
            {error && <FormAlert>{error}</FormAlert>}
            <DialogActions
              onCancel={close}
              busy={saving}
              action="Save name"
              busyAction="Saving…"
              className="mt-2"
            />
          </form>
        </ModalDialog>
      )}
    </>
  );
}

function Team({ slug }: { slug: string }) {
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
  return (
    <Page route="team" title={team.name} purpose={ROLE_SENTENCE[team.myRole]}>
      <div className="mb-6 flex flex-wrap items-center gap-x-6 gap-y-3">
        <ActiveTeam team={team} />
        {canManageTeam(team.myRole) && <RenameTeam team={team} />}
        <Link to={paths.teams()} className={linkClass}>
          All your teams
        </Link>
      </div>
      {manager ? (
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
              <LeaveOrDelete team={team} />
            </div>
          </div>
        </div>
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
