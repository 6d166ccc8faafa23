import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import {
  ASSIGNMENT_DONE_WHEN,
  ASSIGNMENT_KIND_NAMES,
  ASSIGNMENT_KINDS,
  ASSIGNMENT_NOTE_MAX,
  ASSIGNMENT_STATUS_NAMES,
  dueLabel,
  formatDue,
  isOverdue,
  type AssignableContent,
  type AssignmentKind,
  type AssignmentStatus,
  type MyAssignment,
  type TeamAssignment,
} from '../../../core/assignments';
import { zoneDayKey } from '../../../core/dashboard';
import type { TeamDetail } from '../../../core/teams';
import { browserZone } from '../../lib/guest-goal';
import { FormAlert, inputClass, primaryButton, secondaryButton } from '../../ui/form';
import { ConfirmDialog, DialogActions } from '../../ui/DialogActions';
import { ModalDialog } from '../../ui/ModalDialog';
import { Skeleton } from '../../ui/Skeleton';
import {
  createAssignment,
  deleteAssignment,
  editAssignment,
  teamError,
  useTeamAssignments,
} from './api';
import { cardClass, LoadFailed } from './parts';

const today = () => zoneDayKey(new Date(), browserZone());

const STATUS_TONE: Record<AssignmentStatus | 'overdue', string> = {
  'not-started': 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
  'in-progress': 'bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  done: 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  overdue: 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200',
};

export function StatusBadge({ status }: { status: AssignmentStatus }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-medium whitespace-nowrap ${STATUS_TONE[status]}`}
    >
      {status === 'done' && '✓ '}
      {ASSIGNMENT_STATUS_NAMES[status]}
    </span>
  );
}

/** One of the learner's assignments: what, from which team, when, how far, and the way in. */
function MyAssignmentItem({ a, showTeam }: { a: MyAssignment; showTeam: boolean }) {
  const due = dueLabel(a.dueOn, a.status, today());
  const overdue = isOverdue(a.dueOn, a.status, today());
  const action = a.status === 'done' ? 'Open' : a.status === 'in-progress' ? 'Continue' : 'Start';
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
      <div className="min-w-0 grow basis-64">
        <p className="font-medium break-words">{a.title}</p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {ASSIGNMENT_KIND_NAMES[a.kind]}
          {showTeam && <> · {a.teamName}</>}
          {a.of > 1 && (
            <>
              {' '}
              · {a.done} of {a.of} done
            </>
          )}
          {due && (
            <>
              {' '}
              ·{' '}
              <span className={overdue ? 'font-semibold text-red-700 dark:text-red-400' : ''}>
                {due}
              </span>
            </>
          )}
        </p>
        {a.note && (
          <p className="mt-1 text-sm break-words text-slate-700 dark:text-slate-300">“{a.note}”</p>
        )}
      </div>
      <div className="flex items-center gap-3">
        <StatusBadge status={a.status} />
        <Link
          to={a.href}
          className={a.status === 'done' ? secondaryButton : primaryButton}
          aria-label={`${action}: ${a.title}`}
        >
          {action}
        </Link>
      </div>
    </li>
  );
}

/** The learner's assignments, open ones first; done ones after, quieter. */
export function MyAssignmentList({
  assignments,
  showTeam = true,
}: {
  assignments: readonly MyAssignment[];
  showTeam?: boolean;
}) {
  const sorted = useMemo(() => {
    const rank = (a: MyAssignment) => (a.status === 'done' ? 1 : 0);
    const due = (a: MyAssignment) => a.dueOn ?? '9999-12-31';
    return [...assignments].sort((a, b) => rank(a) - rank(b) || due(a).localeCompare(due(b)));
  }, [assignments]);
  return (
    <ul className="divide-y divide-slate-200 dark:divide-slate-700" data-testid="my-assignments">
      {sorted.map((a) => (
        <MyAssignmentItem key={a.id} a={a} showTeam={showTeam} />
      ))}
    </ul>
  );
}

const KIND_HINT: Record<AssignmentKind, string> = Object.fromEntries(
  ASSIGNMENT_KINDS.map((k) => [k, `Done when: ${ASSIGNMENT_DONE_WHEN[k]}.`]),
) as Record<AssignmentKind, string>;

const PAST_DUE = 'The due date has passed; choose today or a later day.';

/** An assignment's due date and note: in the form that assigns it, and in its Edit dialog. */
function DueAndNote(props: {
  dueOn: string;
  setDueOn: (day: string) => void;
  note: string;
  setNote: (note: string) => void;
}) {
  const dueId = useId();
  const noteId = useId();
  return (
    <div className="grid gap-4">
      <div>
        <label htmlFor={dueId} className="text-sm font-medium">
          Due date{' '}
          <span className="font-normal text-slate-600 dark:text-slate-400">(optional)</span>
        </label>
        <input
          id={dueId}
          type="date"
          value={props.dueOn}
          min={today()}
          className={inputClass}
          onChange={(e) => props.setDueOn(e.target.value)}
        />
      </div>
      <div>
        <label htmlFor={noteId} className="text-sm font-medium">
          Note for members{' '}
          <span className="font-normal text-slate-600 dark:text-slate-400">(optional)</span>
        </label>
        <input
          id={noteId}
          value={props.note}
          maxLength={ASSIGNMENT_NOTE_MAX}
          placeholder="Why it matters, or where it helps"
          className={inputClass}
          onChange={(e) => props.setNote(e.target.value)}
        />
      </div>
    </div>
  );
}

/**
 * Changing an assignment's due date or note, in a dialog. A due date already past may stay
 * as it is; a new one is today or later. What is assigned, and to whom, stay.
 */
function EditAssignment({
  team,
  assignment,
  onClose,
}: {
  team: TeamDetail;
  assignment: TeamAssignment;
  onClose: () => void;
}) {
  const [dueOn, setDueOn] = useState(assignment.dueOn ?? '');
  const [note, setNote] = useState(assignment.note ?? '');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (saving) return;
    if (dueOn && dueOn !== assignment.dueOn && dueOn < today()) {
      setError(PAST_DUE);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await editAssignment(team.slug, assignment.id, { dueOn: dueOn || null, note: note.trim() });
      onClose();
    } catch (err) {
      setError(teamError(err));
      setSaving(false);
    }
  }
  return (
    <ModalDialog
      title={`Edit “${assignment.title}”`}
      onClose={() => !saving && onClose()}
      dismissDisabled={saving}
      className="max-w-md border border-slate-200 dark:border-slate-700"
    >
      <form onSubmit={onSubmit} noValidate className="mt-3 grid gap-4">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {ASSIGNMENT_KIND_NAMES[assignment.kind]} for{' '}
          {assignment.everyone
            ? 'the whole team'
            : assignment.members.length === 1
              ? '1 chosen member'
              : `${assignment.members.length} chosen members`}
          . To change what is assigned or to whom, remove it and assign again.
        </p>
        <DueAndNote dueOn={dueOn} setDueOn={setDueOn} note={note} setNote={setNote} />
        {error && <FormAlert>{error}</FormAlert>}
        <DialogActions
          onCancel={onClose}
          busy={saving}
          action="Save changes"
          busyAction="Saving…"
          className="mt-2"
        />
      </form>
    </ModalDialog>
  );
}

/** The admin's form: what, for whom, by when, and a note. */
function AssignWork({
  team,
  assignable,
}: {
  team: TeamDetail;
  assignable: readonly AssignableContent[];
}) {
  const headingId = useId();
  const kindId = useId();
  const contentId = useId();
  const hintId = useId();
  const [kind, setKind] = useState<AssignmentKind>('topic');
  const [content, setContent] = useState('');
  const [audience, setAudience] = useState<'everyone' | 'chosen'>('everyone');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [dueOn, setDueOn] = useState('');
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const options = assignable.filter((a) => a.kind === kind);
  const groups = [...new Set(options.map((o) => o.group ?? ''))];
  const selected = options.find((o) => o.id === content) ?? options[0];

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (saving || !selected) return;
    if (audience === 'chosen' && chosen.size === 0) {
      setError('Choose at least one member, or assign it to the whole team.');
      return;
    }
    if (dueOn && dueOn < today()) {
      setError(PAST_DUE);
      return;
    }
    setSaving(true);
    setError(null);
    setSaved(null);
    try {
      await createAssignment(team.slug, {
        kind,
        contentId: selected.id,
        ...(dueOn ? { dueOn } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
        ...(audience === 'chosen' ? { members: [...chosen] } : {}),
      });
      setSaved(
        `${selected.title} assigned to ${
          audience === 'everyone'
            ? 'the whole team'
            : chosen.size === 1
              ? '1 member'
              : `${chosen.size} members`
        }.`,
      );
      setNote('');
      setDueOn('');
    } catch (err) {
      setError(teamError(err));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className="text-lg font-semibold">
        Assign work
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Members see it on Today and on their Teams page, with its status.
      </p>
      <form className="mt-4 space-y-4" onSubmit={onSubmit} noValidate>
        <div className="grid gap-4">
          <div>
            <label htmlFor={kindId} className="text-sm font-medium">
              Kind
            </label>
            <select
              id={kindId}
              value={kind}
              className={inputClass}
              onChange={(e) => {
                setKind(e.target.value as AssignmentKind);
                setContent('');
              }}
            >
              {ASSIGNMENT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {ASSIGNMENT_KIND_NAMES[k]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={contentId} className="text-sm font-medium">
              {ASSIGNMENT_KIND_NAMES[kind]}
            </label>
            <select
              id={contentId}
              value={selected?.id ?? ''}
              className={inputClass}
              aria-describedby={hintId}
              onChange={(e) => setContent(e.target.value)}
            >
              {groups.map((g) =>
                g ? (
                  <optgroup key={g} label={g}>
                    {options
                      .filter((o) => o.group === g)
                      .map((o) => (
                        <option key={o.id} value={o.id}>
                          {o.title}
                        </option>
                      ))}
                  </optgroup>
                ) : (
                  options
                    .filter((o) => !o.group)
                    .map((o) => (
                      <option key={o.id} value={o.id}>
                        {o.title}
                      </option>
                    ))
                ),
              )}
            </select>
            <p id={hintId} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {KIND_HINT[kind]}
            </p>
          </div>
        </div>

        <fieldset>
          <legend className="text-sm font-medium">For</legend>
          <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
            <label className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={`${headingId}-audience`}
                checked={audience === 'everyone'}
                onChange={() => setAudience('everyone')}
                className="size-4"
              />
              The whole team (and people who join later)
            </label>
            <label className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={`${headingId}-audience`}
                checked={audience === 'chosen'}
                onChange={() => setAudience('chosen')}
                className="size-4"
              />
              Chosen members
            </label>
          </div>
          {audience === 'chosen' && (
            <ul className="mt-2 grid gap-1 sm:grid-cols-2" aria-label="Members to assign">
              {team.members
                .flatMap(({ userId, name }) => (userId ? [{ userId, name }] : []))
                .map((m) => (
                  <li key={m.userId}>
                    <label className="flex min-h-11 items-center gap-2">
                      <input
                        type="checkbox"
                        className="size-4"
                        checked={chosen.has(m.userId)}
                        onChange={(e) => {
                          const next = new Set(chosen);
                          if (e.target.checked) next.add(m.userId);
                          else next.delete(m.userId);
                          setChosen(next);
                        }}
                      />
                      <span className="min-w-0 break-words">{m.name}</span>
                    </label>
                  </li>
                ))}
            </ul>
          )}
        </fieldset>

        <DueAndNote dueOn={dueOn} setDueOn={setDueOn} note={note} setNote={setNote} />
        {error && <FormAlert>{error}</FormAlert>}
        {saved && <FormAlert tone="success">{saved}</FormAlert>}
        <button type="submit" className={primaryButton} aria-disabled={saving || undefined}>
          {saving ? 'Assigning…' : 'Assign'}
        </button>
      </form>
    </section>
  );
}

function Tally({ a }: { a: TeamAssignment }) {
  const day = today();
  const done = a.members.filter((m) => m.status === 'done').length;
  const overdue = a.members.filter((m) => isOverdue(a.dueOn, m.status, day)).length;
  return (
    <>
      {done} of {a.members.length} done
      {overdue > 0 && (
        <span className="font-semibold text-red-700 dark:text-red-400"> · {overdue} overdue</span>
      )}
    </>
  );
}

/** The team's assignments: each with its tally, and every member's status on opening it. */
function TeamAssignmentList({
  team,
  assignments,
}: {
  team: TeamDetail;
  assignments: readonly TeamAssignment[];
}) {
  const headingId = useId();
  const [removing, setRemoving] = useState<TeamAssignment | null>(null);
  const [editing, setEditing] = useState<TeamAssignment | null>(null);
  const names = new Map(team.members.map((m) => [m.userId, m.name]));
  const day = today();

  return (
    <section aria-labelledby={headingId} className={cardClass} id="assignments">
      <h2 id={headingId} className="text-lg font-semibold">
        Assignments{' '}
        <span className="font-normal text-slate-600 dark:text-slate-400">
          ({assignments.length})
        </span>
      </h2>
      {assignments.length === 0 ? (
        <p className="mt-2 text-slate-600 dark:text-slate-400">
          Nothing is assigned yet. Assign a topic, a word set or an exercise and follow each
          member’s status here.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
          {assignments.map((a) => (
            <li key={a.id} className="py-3" data-testid="team-assignment">
              <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
                <div className="min-w-0 flex-1 basis-60">
                  <p className="font-medium break-words">{a.title}</p>
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    {ASSIGNMENT_KIND_NAMES[a.kind]} ·{' '}
                    {a.everyone ? 'whole team' : `${a.members.length} chosen`}
                    {a.dueOn && <> · due {formatDue(a.dueOn)}</>} · <Tally a={a} />
                  </p>
                  {a.note && (
                    <p className="mt-1 text-sm break-words text-slate-700 dark:text-slate-300">
                      “{a.note}”
                    </p>
                  )}
                </div>
                <div className="flex gap-2">
                  <button
                    type="button"
                    className={`${secondaryButton} min-h-11`}
                    aria-label={`Edit the assignment ${a.title}`}
                    onClick={() => setEditing(a)}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className={`${secondaryButton} min-h-11`}
                    aria-label={`Remove the assignment ${a.title}`}
                    onClick={() => setRemoving(a)}
                  >
                    Remove
                  </button>
                </div>
              </div>
              {a.members.length > 0 && (
                <details className="mt-2">
                  <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-brand-700 dark:text-sky-400">
                    Status by member
                  </summary>
                  <ul className="mt-1 grid gap-x-6 sm:grid-cols-2">
                    {a.members.map((m) => (
                      <li
                        key={m.userId}
                        className="flex items-center justify-between gap-3 py-1.5 text-sm"
                      >
                        <span className="min-w-0 break-words">
                          {names.get(m.userId) ?? 'Former member'}
                          {m.of > 1 && (
                            <span className="text-slate-600 dark:text-slate-400">
                              {' '}
                              · {m.done}/{m.of}
                            </span>
                          )}
                        </span>
                        {isOverdue(a.dueOn, m.status, day) ? (
                          <span
                            className={`inline-block rounded-full px-2.5 py-0.5 font-medium ${STATUS_TONE.overdue}`}
                          >
                            Overdue
                          </span>
                        ) : (
                          <StatusBadge status={m.status} />
                        )}
                      </li>
                    ))}
                  </ul>
                </details>
              )}
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <EditAssignment team={team} assignment={editing} onClose={() => setEditing(null)} />
      )}
      {removing && (
        <ConfirmDialog
          title={`Remove “${removing.title}”?`}
          action="Remove assignment"
          busyAction="Removing…"
          onConfirm={async () => {
            await deleteAssignment(team.slug, removing.id);
            setRemoving(null);
          }}
          onClose={() => setRemoving(null)}
          describeError={teamError}
        >
          <p>
            Members no longer see it. What they have done stays theirs, and you can assign it again
            at any time.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}

/** An admin's list of the team's assignments with statuses (loading and errors included). */
export function TeamAssignments({ team }: { team: TeamDetail }) {
  const { data, error, isValidating, mutate } = useTeamAssignments(team.slug, true);
  if (data) return <TeamAssignmentList team={team} assignments={data.assignments} />;
  return (
    <section className={cardClass} aria-label="Assignments">
      {error ? (
        <LoadFailed error={error} busy={isValidating} retry={() => void mutate()} />
      ) : (
        <Skeleton lines={4} />
      )}
    </section>
  );
}

/** The admin's form, once it knows what can be assigned. */
export function AssignWorkCard({ team }: { team: TeamDetail }) {
  const { data } = useTeamAssignments(team.slug, true);
  return data ? <AssignWork team={team} assignable={data.assignable} /> : null;
}

/** A member's assignments in one team (the team page), or an empty state. */
export function TeamMemberAssignments({
  assignments,
}: {
  assignments: readonly MyAssignment[] | undefined;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cardClass} id="assignments">
      <h2 id={headingId} className="text-lg font-semibold">
        Your assignments
      </h2>
      {!assignments ? (
        <Skeleton lines={3} />
      ) : assignments.length === 0 ? (
        <p className="mt-2 text-slate-600 dark:text-slate-400">
          Nothing is assigned to you. When the team’s admins assign you work, it appears here and on
          Today.
        </p>
      ) : (
        <MyAssignmentList assignments={assignments} showTeam={false} />
      )}
    </section>
  );
}
