import { useId } from 'react';
import { Link } from 'wouter';
import {
  ASSIGNMENT_KIND_NAMES,
  dueLabel,
  isOverdue,
  type AssignmentStatus,
} from '../../core/teams/assignments';
import { zoneDayKey } from '../../core/progress/dashboard';
import { paths } from '../../core/paths';
import { browserZone } from '../lib/time-zone';
import { useMyAssignments } from '../data/assignments';
import { secondaryButton } from './form';

const action = (status: AssignmentStatus) => (status === 'in-progress' ? 'Continue' : 'Start');

/** How many open assignments Today lists; the rest are a tap away on the Teams page. */
const SHOWN = 3;

/**
 * Today's "Assigned to you": the open work the learner's teams set, soonest due first, each
 * with its way in. Nothing at all for someone without open assignments.
 */
export function AssignedToday({ exclude }: { exclude?: string }) {
  const headingId = useId();
  const { data } = useMyAssignments(true);
  const today = zoneDayKey(new Date(), browserZone());
  const open = (data ?? [])
    .filter((a) => a.status !== 'done' && a.id !== exclude)
    .sort((a, b) => (a.dueOn ?? '9999-12-31').localeCompare(b.dueOn ?? '9999-12-31'));
  if (open.length === 0) return null;
  return (
    <div
      className="mt-3 rounded-xl border border-slate-200 bg-white p-3 sm:p-4 dark:border-slate-700 dark:bg-slate-900"
      data-testid="today-assignments"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4">
        <h3
          id={headingId}
          className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400"
        >
          Assigned to you
        </h3>
        <Link
          to={`${paths.teams()}#assignments`}
          className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline underline-offset-2 dark:text-sky-400"
        >
          {open.length > SHOWN ? `All ${open.length} assignments` : 'All assignments'}
        </Link>
      </div>
      <ul aria-labelledby={headingId} className="divide-y divide-slate-200 dark:divide-slate-700">
        {open.slice(0, SHOWN).map((a) => {
          const due = dueLabel(a.dueOn, a.status, today);
          return (
            <li key={a.id} className="flex items-center justify-between gap-3 py-2">
              <p className="min-w-0">
                <span className="block font-medium break-words">{a.title}</span>
                <span className="block text-sm text-slate-600 dark:text-slate-400">
                  {ASSIGNMENT_KIND_NAMES[a.kind]} · {a.teamName}
                  {due && (
                    <span
                      className={
                        isOverdue(a.dueOn, a.status, today)
                          ? 'font-semibold text-red-700 dark:text-red-400'
                          : ''
                      }
                    >
                      {' '}
                      · {due}
                    </span>
                  )}
                </span>
              </p>
              <Link
                to={a.href}
                aria-label={`${action(a.status)}: ${a.title}`}
                className={`${secondaryButton} min-h-11 shrink-0 text-sm`}
              >
                {action(a.status)}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
