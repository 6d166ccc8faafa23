import { useId, useRef, useState } from 'react';
import {
  ASSIGNMENT_KIND_NAMES,
  ASSIGNMENT_STATUSES,
  ASSIGNMENT_STATUS_NAMES,
  formatDue,
  isOverdue,
  type MemberStatusFilter,
  type TeamAssignment,
  type TeamAssignmentsPage,
} from '../../../core/teams/assignments';
import type { TeamDetail } from '../../../core/teams/teams';
import { inputClass, secondaryButton } from '../../ui/form';
import { ConfirmDialog } from '../../ui/DialogActions';
import { Skeleton } from '../../ui/Skeleton';
import { deleteAssignment, teamError, useAssignmentMembers, useTeamAssignments } from './queries';
import { today } from './assignment-day';
import { EditAssignment } from './EditAssignment';
import { cardClass, LoadFailed, Pager } from './parts';
import { STATUS_TONE, StatusBadge } from './StatusBadge';

/** One "·" segment of an assignment's line: never split, the line wraps between segments. */
const segment = 'whitespace-nowrap';

function Tally({ a }: { a: TeamAssignment }) {
  return (
    <>
      <span className={segment}>
        {a.done.toLocaleString('en-US')} of {a.audience.toLocaleString('en-US')} done
      </span>
      {a.overdue > 0 && (
        <>
          {' · '}
          <span className={`${segment} font-semibold text-red-700 dark:text-red-400`}>
            {a.overdue.toLocaleString('en-US')} overdue
          </span>
        </>
      )}
    </>
  );
}

const STATUS_CHOICES: { value: MemberStatusFilter | null; label: string }[] = [
  { value: null, label: 'Everyone' },
  ...ASSIGNMENT_STATUSES.map((s) => ({ value: s, label: ASSIGNMENT_STATUS_NAMES[s] })),
  { value: 'overdue', label: 'Overdue' },
];

/** One page of the members an assignment is for, read when opened. */
function MemberStatuses({ slug, a }: { slug: string; a: TeamAssignment }) {
  const id = useId();
  const [status, setStatus] = useState<MemberStatusFilter | null>(null);
  const [page, setPage] = useState(1);
  const { data, error, isValidating, mutate } = useAssignmentMembers(
    slug,
    a.id,
    page,
    status,
    true,
  );
  const day = today();
  return (
    <div className="mt-1">
      <label htmlFor={id} className="mr-2 text-sm font-medium">
        Show
      </label>
      <select
        id={id}
        className={`${inputClass} inline-block w-auto max-w-full py-1.5`}
        value={status ?? ''}
        onChange={(e) => {
          setStatus((e.target.value || null) as MemberStatusFilter | null);
          setPage(1);
        }}
      >
        {STATUS_CHOICES.map((c) => (
          <option key={c.label} value={c.value ?? ''}>
            {c.label}
          </option>
        ))}
      </select>
      {!data ? (
        error ? (
          <div className="mt-2">
            <LoadFailed error={error} busy={isValidating} retry={() => void mutate()} />
          </div>
        ) : (
          <div className="mt-2">
            <Skeleton lines={2} />
          </div>
        )
      ) : data.members.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Nobody.</p>
      ) : (
        <>
          <ul className="mt-1 grid gap-x-6 sm:grid-cols-2">
            {data.members.map((m) => (
              <li key={m.userId} className="flex items-center justify-between gap-3 py-1.5 text-sm">
                <span className="min-w-0 break-words">
                  {m.name}
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
          <Pager
            label={`Members of ${a.title}: pages`}
            page={data.page}
            pages={Math.max(1, Math.ceil(data.total / data.size))}
            onPage={setPage}
          />
        </>
      )}
    </div>
  );
}

/** Every member's status on an assignment, behind "Status by member", read when opened. */
function StatusByMember({ slug, a }: { slug: string; a: TeamAssignment }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="group mt-2" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary
        aria-expanded={open}
        className="inline-flex min-h-11 cursor-pointer items-center gap-1 text-sm font-semibold text-brand-700 dark:text-sky-400"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          fill="currentColor"
          className="size-4 shrink-0 transition-transform group-open:rotate-90 motion-reduce:transition-none"
        >
          <path
            fillRule="evenodd"
            d="M7.2 14.8a.75.75 0 0 1 0-1.06L10.94 10 7.2 6.26a.75.75 0 1 1 1.06-1.06l4.27 4.27a.75.75 0 0 1 0 1.06l-4.27 4.27a.75.75 0 0 1-1.06 0Z"
            clipRule="evenodd"
          />
        </svg>
        Status by member
      </summary>
      {open && <MemberStatuses slug={slug} a={a} />}
    </details>
  );
}

/** The team's assignments: each with its tally, and every member's status on opening it. */
function TeamAssignmentList({
  team,
  list,
  onPage,
}: {
  team: TeamDetail;
  list: TeamAssignmentsPage;
  onPage: (page: number) => void;
}) {
  const headingId = useId();
  const [removing, setRemoving] = useState<TeamAssignment | null>(null);
  const [editing, setEditing] = useState<TeamAssignment | null>(null);
  const { assignments } = list;
  const top = useRef<HTMLHeadingElement>(null);

  return (
    <section aria-labelledby={headingId} className={cardClass} id="assignments">
      <h2
        id={headingId}
        ref={top}
        tabIndex={-1}
        className="scroll-mt-20 text-lg font-semibold outline-none"
      >
        Assignments{' '}
        <span className="font-normal text-slate-600 dark:text-slate-400">({list.total})</span>
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
                    <span className={segment}>{ASSIGNMENT_KIND_NAMES[a.kind]}</span>
                    {' · '}
                    <span className={segment}>
                      {a.everyone ? 'whole team' : `${a.audience} chosen`}
                    </span>
                    {a.dueOn && (
                      <>
                        {' · '}
                        <span className={segment}>due {formatDue(a.dueOn)}</span>
                      </>
                    )}
                    {' · '}
                    <Tally a={a} />
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
              {a.audience > 0 && <StatusByMember key={a.id} slug={team.slug} a={a} />}
            </li>
          ))}
        </ul>
      )}
      <Pager
        label="Assignment pages"
        page={list.page}
        pages={Math.max(1, Math.ceil(list.total / list.size))}
        onPage={(next) => {
          onPage(next);
          top.current?.scrollIntoView({ block: 'start' });
          top.current?.focus({ preventScroll: true });
        }}
      />
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
  const [page, setPage] = useState(1);
  const { data, error, isValidating, mutate } = useTeamAssignments(team.slug, true, page);
  // A removal can empty the last page: go back to the one before.
  if (data && data.assignments.length === 0 && data.page > 1 && data.page === page)
    setPage(page - 1);
  if (data) return <TeamAssignmentList team={team} list={data} onPage={setPage} />;
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
