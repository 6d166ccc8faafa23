/** Today's points against the daily goal, as a bar (Today's tile and Activity's goal card). */
export function GoalBar({ points, goal, label }: { points: number; goal: number; label: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={goal}
      aria-valuenow={Math.min(points, goal)}
      className="mt-2 h-2 rounded bg-slate-200 dark:bg-slate-700"
    >
      <div
        className="h-2 rounded bg-emerald-600"
        style={{ width: `${Math.min(1, points / goal) * 100}%` }}
      />
    </div>
  );
}
