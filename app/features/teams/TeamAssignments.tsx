import { useId, useState } from 'react';
import {
  ASSIGNMENT_KIND_NAMES,
  formatDue,
  isOverdue,
  type TeamAssignment,
} from '../../../core/teams/assignments';
import type { TeamDetail } from '../../../core/teams/teams';
import { secondaryButton } from '../../ui/form';
import { ConfirmDialog } from '../../ui/DialogActions';
import { Skeleton } from '../../ui/Skeleton';
import { deleteAssignment, teamError, useTeamAssignments } from './queries';
import { today } from './assignment-day';
import { EditAssignment } from './EditAssignment';
import { cardClass, LoadFailed } from './parts';
import { STATUS_TONE, StatusBadge } from './StatusBadge';

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

/** Every member's status on an assignment, behind "Status by member". */
function StatusByMember({
  a,
  names,
  day,
}: {
  a: TeamAssignment;
  names: ReadonlyMap<string | undefined, string>;
  day: string;
}) {
  return (
    <details className="mt-2">
      <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-brand-700 dark:text-sky-400">
        Status by member
      </summary>
      <ul className="mt-1 grid gap-x-6 sm:grid-cols-2">
        {a.members.map((m) => (
          <li key={m.userId} className="flex items-center justify-between gap-3 py-1.5 text-sm">
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
              {a.members.length > 0 && <StatusByMember a={a} names={names} day={day} />}
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
