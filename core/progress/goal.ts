import { POINTS_PER_CORRECT_ANSWER } from '../constants';
import { addDays, type DayKey } from '../dates';

/**
 * Points a day the learner may aim for (10 points = one correct answer). A topic quiz asks
 * 10 questions, so the default (15 correct answers) is more than one quiz can earn: a day's
 * goal asks for a quiz plus some deep-dive questions, or two quizzes (decision 029).
 */
export const DAILY_GOAL_OPTIONS = [50, 150, 300] as const;
export type DailyGoal = (typeof DAILY_GOAL_OPTIONS)[number];
export const DEFAULT_DAILY_GOAL: DailyGoal = 150;

/** The name and a plain description of each goal, for onboarding and the goal picker. */
export const DAILY_GOAL_NAMES: Record<DailyGoal, { name: string; about: string }> = {
  50: { name: 'Casual', about: 'A few minutes: about half a quiz' },
  150: { name: 'Regular', about: 'About 15 minutes: a quiz and a few deep-dive questions' },
  300: { name: 'Serious', about: 'Half an hour or more: three quizzes' },
};

/** "15 correct answers" for a goal in points. */
export function goalAnswers(points: number): string {
  const n = Math.ceil(points / POINTS_PER_CORRECT_ANSWER);
  return `${n} correct ${n === 1 ? 'answer' : 'answers'}`;
}

/** Whether a value is one of the goals a learner may choose. */
export function isDailyGoal(value: unknown): value is DailyGoal {
  return (DAILY_GOAL_OPTIONS as readonly unknown[]).includes(value);
}

/**
 * Whether the points just earned are the ones that met the goal: today's total reaches it
 * now and did not before them. Shown once, on the answer that crosses the line.
 */
export function crossedGoal(todayPoints: number, earned: number, goal: number): boolean {
  return earned > 0 && todayPoints >= goal && todayPoints - earned < goal;
}

/**
 * What a write that added points (an answer, a quiz) tells the goal banner, in the reply of
 * `POST /api/grammar/answers` and `/attempts`: the goal, today's points after the write, and
 * whether this write is the one that met the goal (`crossedGoal`, at most one a day) — only
 * then with the streak it makes, which needs the day history. Marks nothing met again after:
 * a later answer the same day has `met: false`.
 */
export type GoalAfterWrite =
  | { goal: number; todayPoints: number; met: true; streak: number }
  | { goal: number; todayPoints: number; met: false; streak: null };

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
