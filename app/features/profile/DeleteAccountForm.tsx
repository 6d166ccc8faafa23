// The form inside "Delete your account?": the typed address, and what happens to each team
// the account is the only owner of. Its own chunk, loaded when the dialog opens.
import { useId, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useNavigate } from '../../lib/navigation';
import { paths } from '../../../core/paths';
import type { OwnedTeam, OwnedTeamDecision } from '../../../core/teams/teams';
import { forgetUser } from '../../lib/auth';
import { DialogActions } from '../../ui/DialogActions';
import { inputClass } from '../../ui/form';
import { deleteAccount, fetchOwnedTeams } from '../../data/profile';
import { readableError } from './use-profile-field';

type Choice = { action: 'hand-over'; to: string } | { action: 'delete' };

const ROLE_NAME = { owner: 'owner', admin: 'admin', member: 'member' } as const;

/**
 * One team the account is the only owner of: hand it over to a named member, or delete it.
 * Nothing is chosen for the owner; the server refuses the deletion until each team has an answer.
 */
function OwnedTeamChoice({
  team,
  choice,
  onChange,
  error,
}: {
  team: OwnedTeam;
  choice: Choice | undefined;
  onChange: (c: Choice) => void;
  /** Why the deletion waits on this team, shown on its fieldset; null when it does not. */
  error: string | null;
}) {
  const id = useId();
  const [heir, setHeir] = useState(team.others[0]?.userId ?? '');
  const open = team.pendingInvitations;
  // A name shared by two members gets the address too, so the choice stays clear.
  const names = team.others.map((m) => m.name);
  const shared = (name: string) => names.indexOf(name) !== names.lastIndexOf(name);
  return (
    <fieldset
      aria-describedby={error ? `${id}-error` : undefined}
      className={`rounded-lg border p-3 ${
        error ? 'border-red-600 dark:border-red-400' : 'border-slate-200 dark:border-slate-700'
      }`}
    >
      <legend className="px-1 font-semibold wrap-anywhere">{team.name}</legend>
      {error && (
        <p id={`${id}-error`} role="alert" className="mb-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {team.others.length === 1 ? '1 other member' : `${team.others.length} other members`}
        {open > 0 &&
          ` · ${open === 1 ? '1 open invitation' : `${open} open invitations`}, which stay valid under the new owner`}
      </p>
      <div className="mt-2 space-y-2">
        <div className="flex items-start gap-2">
          <input
            id={`${id}-hand`}
            type="radio"
            name={`${id}-choice`}
            className="mt-1.5 size-4 shrink-0"
            checked={choice?.action === 'hand-over'}
            onChange={() => onChange({ action: 'hand-over', to: heir })}
          />
          <div className="min-w-0 flex-1">
            <label htmlFor={`${id}-hand`} className="font-medium">
              Hand it over to
            </label>
            <select
              aria-label={`New owner of ${team.name}`}
              value={heir}
              className={`${inputClass} mt-1`}
              onChange={(e) => {
                setHeir(e.target.value);
                onChange({ action: 'hand-over', to: e.target.value });
              }}
            >
              {team.others.map((m) => (
                <option key={m.userId} value={m.userId}>
                  {m.name} · {ROLE_NAME[m.role]}
                  {shared(m.name) && ` · ${m.email}`}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="flex items-start gap-2">
          <input
            id={`${id}-delete`}
            type="radio"
            name={`${id}-choice`}
            className="mt-1.5 size-4 shrink-0"
            checked={choice?.action === 'delete'}
            onChange={() => onChange({ action: 'delete' })}
          />
          <label htmlFor={`${id}-delete`} className="font-medium">
            Delete the team{' '}
            <span className="font-normal text-slate-600 dark:text-slate-400">
              (members keep their accounts and learning)
            </span>
          </label>
        </div>
      </div>
    </fieldset>
  );
}

interface FormProps {
  email: string;
  onCancel: () => void;
  deleting: boolean;
  setDeleting: (deleting: boolean) => void;
}

export default function DeleteForm({ email, onCancel, deleting, setDeleting }: FormProps) {
  const id = useId();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Teams still waiting for an answer after a submit, each told so on its own fieldset.
  const [undecidedSlugs, setUndecidedSlugs] = useState<string[]>([]);
  const { data: owned, mutate: mutateOwned } = useSWR('/api/teams/owned', fetchOwnedTeams, {
    revalidateOnFocus: false,
  });
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const shared = owned?.filter((t) => t.others.length > 0) ?? [];
  const alone = owned?.filter((t) => t.others.length === 0) ?? [];

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (deleting) return;
    setUndecidedSlugs([]);
    const confirmEmail = typed.trim();
    if (confirmEmail.toLowerCase() !== email.toLowerCase()) {
      setError('That is not this account’s email address. Type it as shown above.');
      return;
    }
    // The owned teams load with the dialog; a quick submit waits for them (the server would
    // refuse a team without a decision anyway).
    const list = owned ?? (await mutateOwned().catch(() => undefined));
    if (!list) {
      setError('Your teams could not be loaded. Close this and try again.');
      return;
    }
    const undecided = list.filter((t) => t.others.length > 0 && !choices[t.slug]);
    if (undecided.length > 0) {
      setError(null);
      setUndecidedSlugs(undecided.map((t) => t.slug));
      return;
    }
    const teams: OwnedTeamDecision[] = list
      .filter((t) => t.others.length > 0)
      .map((t) => ({
        slug: t.slug,
        ...(choices[t.slug] as Choice),
      }));
    setError(null);
    setDeleting(true);
    try {
      await deleteAccount(confirmEmail, teams);
    } catch (err) {
      setDeleting(false);
      setError(readableError(err));
      return;
    }
    // The session is gone with the account: forget everything cached for it.
    await forgetUser();
    await navigate(paths.home(), {
      state: { notice: 'Your account and everything kept with it have been deleted.' },
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <div className="mt-3 space-y-3 text-slate-700 dark:text-slate-300">
        <p>
          This permanently deletes your account and everything kept with it: your profile and photo,
          your quiz results, points and progress, and your sign-in details. It cannot be undone.
        </p>
        <p>
          If you want a copy, download your data first. You are signed in as{' '}
          <strong className="wrap-anywhere text-slate-900 dark:text-slate-100">{email}</strong>.
        </p>
      </div>
      {shared.length > 0 && (
        <div className="mt-4 space-y-3" data-testid="owned-teams">
          <p className="font-medium text-slate-900 dark:text-slate-100">
            You are the only owner of {shared.length === 1 ? 'a team' : 'these teams'}. What should
            happen to {shared.length === 1 ? 'it' : 'each'}?
          </p>
          {shared.map((t) => (
            <OwnedTeamChoice
              key={t.slug}
              team={t}
              choice={choices[t.slug]}
              error={
                undecidedSlugs.includes(t.slug) && !choices[t.slug]
                  ? `Choose who takes over ${t.name}, or delete it.`
                  : null
              }
              onChange={(c) => setChoices((all) => ({ ...all, [t.slug]: c }))}
            />
          ))}
        </div>
      )}
      {alone.length > 0 && (
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
          {alone.length === 1 ? 'Your team' : 'Your teams'}{' '}
          {alone.map((t) => `“${t.name}”`).join(', ')}, with no other members, will be deleted too.
        </p>
      )}
      <div className="mt-5">
        <label htmlFor={id} className="text-sm font-medium">
          Type your email address to confirm
        </label>
        <input
          id={id}
          type="email"
          value={typed}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          className={inputClass}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setTyped(e.target.value)}
        />
        {error && (
          <p
            id={`${id}-error`}
            role="alert"
            className="mt-1 text-sm text-red-700 dark:text-red-400"
          >
            {error}
          </p>
        )}
      </div>
      {deleting && (
        <p role="status" className="mt-4 text-sm text-slate-600 dark:text-slate-400">
          Deleting your account…
        </p>
      )}
      <DialogActions
        onCancel={onCancel}
        busy={deleting}
        action="Delete account permanently"
        busyAction="Delete account permanently"
        danger
      />
    </form>
  );
}
