import { addDays, type DayKey } from './dates';

/** Points a day the learner may aim for (10 points = one correct answer). */
export const DAILY_GOAL_OPTIONS = [10, 20, 30, 50, 100] as const;
export type DailyGoal = (typeof DAILY_GOAL_OPTIONS)[number];
export const DEFAULT_DAILY_GOAL: DailyGoal = 20;

export interface GoalProgress {
  goal: number;
  todayPoints: number;
  metToday: boolean;
  /** Days in a row the goal was met, ending today (or yesterday while today is open). */
  streak: number;
  /** Missed days the weekly freeze bridged inside the current streak, oldest first. */
  frozen: DayKey[];
  /** Whether this week's freeze is still unused. */
  freezeLeft: boolean;
}

/** Monday of the ISO week a day falls in: the week a freeze belongs to. */
export function weekOf(day: DayKey): DayKey {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/**
 * The goal streak over consecutive days (oldest first, ending today, in the learner's zone).
 * One freeze a week bridges a single missed day between two days that met the goal, so one
 * busy day does not end a streak; a second miss in the same week, or two misses in a row,
 * does. Today never breaks a streak: it is still open.
 */
export function goalProgress(
  days: readonly { date: DayKey; points: number }[],
  goal: number,
): GoalProgress {
  const met = (i: number) => (days[i]?.points ?? 0) >= goal;
  const last = days.length - 1;
  const today = days[last];
  const usedWeeks = new Set<DayKey>();
  const frozen: DayKey[] = [];
  let streak = 0;
  let i = last >= 0 && !met(last) ? last - 1 : last;
  while (i >= 0) {
    if (met(i)) {
      streak++;
      i--;
      continue;
    }
    const day = days[i]?.date as DayKey;
    const week = weekOf(day);
    if (streak > 0 && met(i - 1) && !usedWeeks.has(week)) {
      usedWeeks.add(week);
      frozen.unshift(day);
      i--;
      continue;
    }
    break;
  }
  return {
    goal,
    todayPoints: today?.points ?? 0,
    metToday: last >= 0 && met(last),
    streak,
    frozen,
    freezeLeft: today ? !usedWeeks.has(weekOf(today.date)) : true,
  };
}
