import { POINTS_PER_SINGLE_QUESTION } from '../../core/constants';
import { DASHBOARD_DAYS, daysEnding, zoneDayKey } from '../../core/progress/dashboard';
import { goalProgress, type GoalProgress } from '../../core/progress/goal';
import type { LocalRecord } from './offline-store';

/** The browser's IANA zone, so a guest's "today" is their own day. */
export function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * A guest's daily goal from what this device keeps, counted as the server will count it
 * once they sign in (core/grammar/scoring.ts): 10 points for the first answer to a question
 * when it is right, and each quiz's points, on the day (in this zone) it was made.
 */
export function guestGoalProgress(
  records: readonly LocalRecord[],
  goal: number,
  now = new Date(),
  timeZone = browserZone(),
): GoalProgress {
  const days = daysEnding(zoneDayKey(now, timeZone), DASHBOARD_DAYS);
  const points = new Map(days.map((d) => [d, 0]));
  const answered = new Set<string>();
  for (const { op, view, at } of records) {
    const day = zoneDayKey(at, timeZone);
    let earned = 0;
    if (op.type === 'answer') {
      if (answered.has(op.questionId)) continue;
      answered.add(op.questionId);
      earned = view?.correct === true ? POINTS_PER_SINGLE_QUESTION : 0;
    } else if (op.type === 'attempt') {
      earned = view?.points ?? 0;
    }
    const before = points.get(day);
    if (before !== undefined) points.set(day, before + earned);
  }
  return goalProgress(
    days.map((date) => ({ date, points: points.get(date) ?? 0 })),
    goal,
  );
}
