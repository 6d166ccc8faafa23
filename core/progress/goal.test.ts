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
  weekOf,
} from './goal';

/** Days ending 2026-03-12 (a Thursday) with the given points, oldest first. */
const days = (points: number[]) =>
  daysEnding('2026-03-12', points.length).map((date, i) => ({ date, points: points[i] ?? 0 }));

describe('weekOf', () => {
  it('is the Monday of the ISO week', () => {
    expect(weekOf('2026-03-12')).toBe('2026-03-09');
    expect(weekOf('2026-03-09')).toBe('2026-03-09');
    expect(weekOf('2026-03-15')).toBe('2026-03-09');
    expect(weekOf('2026-03-16')).toBe('2026-03-16');
  });
});

describe('goalProgress', () => {
  it('counts days in a row that met the goal, ending today', () => {
    const p = goalProgress(days([0, 20, 30, 20]), 20);
    expect(p).toMatchObject({
      streak: 3,
      metToday: true,
      todayPoints: 20,
      frozen: [],
      freezeLeft: true,
    });
  });

  it('keeps the streak while today is still open', () => {
    expect(goalProgress(days([20, 20, 10]), 20)).toMatchObject({
      streak: 2,
      metToday: false,
      todayPoints: 10,
    });
  });

  it('one freeze a week bridges a single missed day', () => {
    // Mon 9 met, Tue 10 missed, Wed 11 met, Thu 12 met.
    const p = goalProgress(days([20, 0, 20, 20]), 20);
    expect(p).toMatchObject({ streak: 3, frozen: ['2026-03-10'], freezeLeft: false });
  });

  it('each week has its own freeze, and a second miss in the same week ends the streak', () => {
    // Sat 7 met, Sun 8 missed (week of 2 Mar), Mon 9 met, Tue 10 missed (week of 9 Mar), Wed 11 and Thu 12 met.
    const p = goalProgress(days([20, 0, 20, 0, 20, 20]), 20);
    expect(p).toMatchObject({ streak: 4, frozen: ['2026-03-08', '2026-03-10'] });
    // Sun 8 met, Mon 9 missed, Tue 10 met, Wed 11 missed, Thu 12 met: Wed takes the week's freeze, Mon ends it.
    const twice = goalProgress(days([20, 0, 20, 0, 20]), 20);
    expect(twice).toMatchObject({ streak: 2, frozen: ['2026-03-11'] });
  });

  it('two missed days in a row end the streak, and a freeze never starts one', () => {
    expect(goalProgress(days([20, 0, 0, 20]), 20)).toMatchObject({ streak: 1, frozen: [] });
    expect(goalProgress(days([0, 0, 0, 0]), 20)).toMatchObject({
      streak: 0,
      frozen: [],
      freezeLeft: true,
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
