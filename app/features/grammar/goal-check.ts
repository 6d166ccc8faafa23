import { crossedGoal } from '../../../core/progress/goal';
import { announceGoalMet } from '../../lib/goal-met';
import { guestGoalProgress } from '../../lib/guest-goal';
import { readAll } from '../../lib/offline-store';
import { readGuestGoal } from '../../lib/settings';
import { refreshDashboard } from '../../data/dashboard';

/**
 * After a write that earned points: did it meet today's goal? A learner's total comes from
 * the server (the dashboard, refreshed for the Activity page too); a guest's from what this
 * device keeps. Runs in the background; a failure only means no banner.
 */
export async function checkGoal(
  outcome: 'saved' | 'kept' | 'queued',
  earned: number,
): Promise<void> {
  if (earned <= 0 || outcome === 'queued') return;
  try {
    if (outcome === 'saved') {
      const board = await refreshDashboard();
      if (board && crossedGoal(board.goal.todayPoints, earned, board.goal.goal))
        announceGoalMet(board.goal.goal, board.goal.streak);
      return;
    }
    const { guest } = await readAll();
    const progress = guestGoalProgress(guest, readGuestGoal());
    if (crossedGoal(progress.todayPoints, earned, progress.goal))
      announceGoalMet(progress.goal, progress.streak);
  } catch {
    // No banner this time; the dashboard and Today still show the goal as met.
  }
}
