import { useId, useMemo } from 'react';
import { Link } from 'wouter';
import {
  ASSIGNMENT_KIND_NAMES,
  dueLabel,
  isOverdue,
  type MyAssignment,
} from '../../../core/teams/assignments';
import { primaryButton, secondaryButton } from '../../ui/form';
import { Skeleton } from '../../ui/Skeleton';
import { today } from './assignment-day';
import { cardClass } from './parts';
import { StatusBadge } from './StatusBadge';

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
