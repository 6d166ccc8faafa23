import { ASSIGNMENT_STATUS_NAMES, type AssignmentStatus } from '../../../core/teams/assignments';

export const STATUS_TONE: Record<AssignmentStatus | 'overdue', string> = {
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
