import { useState } from 'react';
import { Link } from 'wouter';
import { goalAnswers } from '../../core/progress/goal';
import { paths } from '../../core/paths';
import { useGoalMet } from '../lib/goal-met';

/** How long before this banner mounted an announcement may have come (the write settles first). */
const GRACE_MS = 4000;

/**
 * A restrained celebration beside the answer that met the daily goal: one line, a check and
 * a short rise-in that prefers-reduced-motion turns off. Nothing shows before the goal is met.
 */
export function GoalMetBanner({ className = '' }: { className?: string }) {
  const met = useGoalMet();
  const [mountedAt] = useState(() => Date.now());
  const [dismissed, setDismissed] = useState<number | null>(null);
  const show = met !== null && met.at >= mountedAt - GRACE_MS && dismissed !== met.at;
  return (
    <div role="status" aria-live="polite">
      {show && (
        <div
          className={`goal-met flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-emerald-950 dark:border-emerald-700 dark:bg-emerald-950/60 dark:text-emerald-50 ${className}`}
          data-testid="goal-met"
        >
          <span
            aria-hidden="true"
            className="grid size-8 shrink-0 place-items-center rounded-full bg-emerald-600 font-bold text-white"
          >
            ✓
          </span>
          <p className="min-w-0 flex-1">
            <span className="font-semibold">Daily goal met!</span> {goalAnswers(met.goal)} today
            {met.streak > 1 ? ` · a ${met.streak}-day goal streak.` : '.'}
          </p>
          <span className="flex gap-3 text-sm font-semibold">
            <Link to={paths.home()} className="underline underline-offset-2">
              See today
            </Link>
            <button
              type="button"
              className="underline underline-offset-2"
              onClick={() => setDismissed(met.at)}
            >
              Dismiss
            </button>
          </span>
        </div>
      )}
    </div>
  );
}
