import { useId, useState, type FormEvent } from 'react';
import { paths } from '../../../core/paths';
import { TEAM_NAME_MAX, type TeamDetail } from '../../../core/teams/teams';
import { teamNameProblem } from '../../../core/teams/onboarding';
import { useNavigate } from '../../lib/navigation';
import {
  FormAlert,
  dangerOutlineButton,
  inputClass,
  secondaryButton,
  TextField,
} from '../../ui/form';
import { ConfirmDialog, DialogActions } from '../../ui/DialogActions';
import { ModalDialog } from '../../ui/ModalDialog';
import { deleteTeam, leaveTeam, makeActive, renameTeam, teamError } from './queries';
import { cardClass, linkClass } from './parts';

/** The team itself on its page: the active team, its name, and leaving or deleting it. */

/** Leaving, and for an owner deleting: each behind a confirmation. */
export function LeaveOrDelete({ team }: { team: TeamDetail }) {
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
          <p>You can join again with a new invitation or the team’s join link.</p>
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

export function ActiveTeam({ team }: { team: TeamDetail }) {
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

/** Owners and admins rename the team, in a dialog; its address and links stay. */
export function RenameTeam({ team }: { team: TeamDetail }) {
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
