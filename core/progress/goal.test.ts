import { describe, expect, it } from 'vitest';
import { daysEnding } from './dashboard';
import { QUIZ_LENGTH } from '../grammar/quiz-pick';
import { POINTS_PER_CORRECT_ANSWER } from '../constants';
import {
  crossedGoal,
  DAILY_GOAL_OPTIONS,
  DEFAULT_DAILY_GOAL,
  goalAnswers,
  goalProgress,
  isDailyGoal,
} from './goal';

/** Days ending 2026-03-12 (a Thursday) with the given points, oldest first. */
const days = (points: number[]) =>
  daysEnding('2026-03-12', points.length).map((date, i) => ({ date, points: points[i] ?? 0 }));

const met = (n: number) => Array.from({ length: n }, () => 20);

describe('goalProgress: the one streak, with freezes the learner earns', () => {
  it('counts days in a row that met the goal, ending today', () => {
    const p = goalProgress(days([0, 20, 30, 20]), 20);
    expect(p).toMatchObject({
      streak: 3,
      longest: 3,
      metToday: true,
      todayPoints: 20,
      frozen: [],
      freezes: 0,
      nextFreezeIn: 4,
    });
  });

  it('keeps the streak while today is still open', () => {
    expect(goalProgress(days([20, 20, 10]), 20)).toMatchObject({
      streak: 2,
      metToday: false,
      todayPoints: 10,
    });
  });

  it('gives no freeze before one is earned: a missed day ends a short streak', () => {
    expect(goalProgress(days([20, 0, 20, 20]), 20)).toMatchObject({ streak: 2, frozen: [] });
  });

  it('earns a freeze for seven days in a row, and it bridges the next missed day', () => {
    const earned = goalProgress(days(met(7)), 20);
    expect(earned).toMatchObject({ streak: 7, freezes: 1, nextFreezeIn: 7 });
    const p = goalProgress(days([...met(7), 0, 20, 20]), 20);
    expect(p).toMatchObject({ streak: 9, freezes: 0, frozen: ['2026-03-10'] });
  });

  it('holds at most two freezes; two held bridge two missed days, a third ends the streak', () => {
    const held = goalProgress(days(met(21)), 20);
    expect(held).toMatchObject({ streak: 21, freezes: 2, nextFreezeIn: 0 });
    expect(goalProgress(days([...met(14), 0, 0, 20]), 20)).toMatchObject({
      streak: 15,
      freezes: 0,
    });
    const ended = goalProgress(days([...met(14), 0, 0, 0, 20]), 20);
    expect(ended).toMatchObject({ streak: 1, longest: 14, frozen: [] });
  });

  it('a freeze never starts a streak', () => {
    expect(goalProgress(days([0, 0, 0, 0]), 20)).toMatchObject({
      streak: 0,
      longest: 0,
      frozen: [],
      freezes: 0,
    });
  });

  it('a higher goal is harder to meet on the same days', () => {
    expect(goalProgress(days([30, 30, 30]), 20).streak).toBe(3);
    expect(goalProgress(days([30, 30, 30]), 50).streak).toBe(0);
  });
});

describe('the daily goal’s options', () => {
  it('the default is more than one perfect quiz earns', () => {
    expect(DEFAULT_DAILY_GOAL).toBeGreaterThan(QUIZ_LENGTH * POINTS_PER_CORRECT_ANSWER);
    expect(isDailyGoal(DEFAULT_DAILY_GOAL)).toBe(true);
    expect(isDailyGoal(20)).toBe(false);
    expect(isDailyGoal('150')).toBe(false);
    expect(DAILY_GOAL_OPTIONS.map(goalAnswers)).toEqual([
      '5 correct answers',
      '15 correct answers',
      '30 correct answers',
    ]);
  });

  it('crossedGoal is true only for the points that reach the goal', () => {
    expect(crossedGoal(40, 10, 50)).toBe(false);
    expect(crossedGoal(50, 10, 50)).toBe(true);
    expect(crossedGoal(130, 100, 50)).toBe(true);
    expect(crossedGoal(60, 10, 50)).toBe(false);
    expect(crossedGoal(50, 0, 50)).toBe(false);
  });
});
