import { POINTS_PER_CORRECT_ANSWER } from '../constants';
import type { DayKey } from '../dates';

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
  /**
   * The streak — the app's one streak, shown everywhere: days in a row the goal was met,
   * ending today (or yesterday while today is open), with missed days a freeze bridged.
   */
  streak: number;
  /** The longest such streak inside the window. */
  longest: number;
  /** Missed days a freeze bridged inside the current streak, oldest first. */
  frozen: DayKey[];
  /** Freezes held now, ready for the next missed day (at most FREEZES_HELD). */
  freezes: number;
  /** Days of meeting the goal until the next freeze is earned (0 when FREEZES_HELD are held). */
  nextFreezeIn: number;
}

/** A freeze is earned for every FREEZE_EVERY days in a row the goal is met… */
export const FREEZE_EVERY = 7;
/** …and at most this many are held at once. */
export const FREEZES_HELD = 2;

/**
 * The streak over consecutive days (oldest first, ending today, in the learner's zone).
 * Freezes are earned, not given: every FREEZE_EVERY days in a row that meet the goal earn
 * one (FREEZES_HELD at most). A missed day inside a streak uses a held freeze, which keeps
 * the streak (the frozen day adds nothing to it); with none held the streak ends. Today
 * never breaks a streak: it is still open.
 */
export function goalProgress(
  days: readonly { date: DayKey; points: number }[],
  goal: number,
): GoalProgress {
  const last = days.length - 1;
  let streak = 0;
  let longest = 0;
  let run = 0; // met days toward the next freeze
  let freezes = 0;
  let frozen: DayKey[] = [];
  for (let i = 0; i <= last; i++) {
    const day = days[i] as { date: DayKey; points: number };
    if (day.points >= goal) {
      streak++;
      longest = Math.max(longest, streak);
      if (freezes < FREEZES_HELD && ++run === FREEZE_EVERY) {
        freezes++;
        run = 0;
      }
    } else if (i === last) {
      break; // today is still open
    } else if (streak > 0 && freezes > 0) {
      freezes--;
      frozen.push(day.date);
    } else {
      streak = 0;
      run = 0;
      frozen = [];
    }
  }
  const today = days[last];
  return {
    goal,
    todayPoints: today?.points ?? 0,
    metToday: today !== undefined && today.points >= goal,
    streak,
    longest,
    frozen,
    freezes,
    nextFreezeIn: freezes >= FREEZES_HELD ? 0 : FREEZE_EVERY - run,
  };
}

/** What the learner's freezes are and how the next is earned, in one sentence or two. */
export function freezeText(g: Pick<GoalProgress, 'freezes' | 'nextFreezeIn'>): string {
  const days = `${g.nextFreezeIn} more ${g.nextFreezeIn === 1 ? 'day' : 'days'}`;
  if (g.freezes === 0)
    return `Meet your goal ${days} in a row to earn a streak freeze: it keeps your streak through one missed day.`;
  const held = `${g.freezes} streak ${g.freezes === 1 ? 'freeze' : 'freezes'} held: each keeps your streak through one missed day.`;
  return g.nextFreezeIn > 0 ? `${held} ${days} in a row earns another.` : held;
}
