import { useState } from 'react';
import type { Dashboard } from '../../../../core/progress/dashboard';
import {
  freezeText,
  DAILY_GOAL_NAMES,
  DAILY_GOAL_OPTIONS,
  goalAnswers,
  type DailyGoal,
} from '../../../../core/progress/goal';
import { ApiError } from '../../../lib/http-client';
import { saveSettings } from '../../../lib/settings';
import { Card } from './Card';
import { dayLabel, plural } from './format';
import { GoalBar } from '../../../ui/GoalBar';

/**
 * Today's points against the learner's own goal, the goal streak and its weekly freeze.
 * Plain facts only: no warnings, no lost lives.
 */
export function GoalCard({ goal, onChanged }: { goal: Dashboard['goal']; onChanged: () => void }) {
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const choose = async (value: DailyGoal) => {
    setSaving(true);
    setProblem(null);
    try {
      await saveSettings({ dailyGoal: value });
      onChanged();
    } catch (err) {
      setProblem(err instanceof ApiError ? err.message : 'Your goal could not be saved.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title="Daily goal">
      <p className="text-lg">
        <span className="font-semibold">{goal.todayPoints}</span> of {goal.goal} points today
        {goal.metToday && (
          <span className="ml-2 font-semibold text-emerald-700 dark:text-emerald-400">
            ✓ Goal met
          </span>
        )}
      </p>
      <GoalBar points={goal.todayPoints} goal={goal.goal} label="Today’s points toward your goal" />
      <p className="mt-3" data-testid="goal-streak">
        Streak: {plural(goal.streak, 'day')}
        <span className="text-sm text-slate-600 dark:text-slate-400">
          {' '}
          · longest in 12 weeks: {plural(goal.longest, 'day')}
        </span>
      </p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400" data-testid="goal-freezes">
        {freezeText(goal)}
        {goal.frozen.length > 0 && ` Frozen: ${goal.frozen.map((d) => dayLabel(d)).join(', ')}.`}
      </p>
      <label className="mt-4 block text-sm font-medium" htmlFor="daily-goal">
        Points a day
      </label>
      <select
        id="daily-goal"
        className="mt-1 w-full max-w-sm rounded-lg border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-900"
        value={goal.goal}
        disabled={saving}
        onChange={(e) => void choose(Number(e.target.value) as DailyGoal)}
      >
        {DAILY_GOAL_OPTIONS.map((n) => (
          <option key={n} value={n}>
            {DAILY_GOAL_NAMES[n].name}: {n} points ({goalAnswers(n)})
          </option>
        ))}
      </select>
      {problem && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {problem}
        </p>
      )}
    </Card>
  );
}
