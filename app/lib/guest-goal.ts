import { answerLedgerPoints } from '../../core/grammar/scoring';
import { DASHBOARD_DAYS, daysEnding, zoneDayKey } from '../../core/progress/dashboard';
import { goalProgress, type GoalProgress } from '../../core/progress/goal';
import type { LocalRecord } from './offline-store';
import { browserZone } from './time-zone';

/**
 * A guest's daily goal from what this device keeps, counted as the server will count it
 * once they sign in — answerLedgerPoints (core/grammar/scoring.ts) for an answer, a quiz's
 * own points for a quiz — on the day (in this zone) it was made.
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
      earned = answerLedgerPoints(!answered.has(op.questionId), view?.correct === true);
      answered.add(op.questionId);
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
