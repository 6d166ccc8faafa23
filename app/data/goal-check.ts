import type { GoalAfterWrite } from '../../core/progress/goal';
import { crossedGoal } from '../../core/progress/goal';
import { announceGoalMet } from '../lib/goal-met';
import { guestGoalProgress } from '../lib/guest-goal';
import { readAll } from '../lib/offline-store';
import { readGuestGoal } from '../lib/settings';
import { staleDashboard } from './dashboard';

/**
 * After a grammar write: did it meet today's goal? A learner's answer comes from the server
 * in the write's own reply (`goal`, core/progress/goal.ts GoalAfterWrite), so no dashboard
 * request follows; the cached dashboard is only marked stale, and the Activity page and
 * Today fetch it when next shown. A guest's total comes from what this device keeps. Runs in
 * the background; a failure only means no banner.
 */
export async function checkGoal(
  outcome: 'saved' | 'kept' | 'queued',
  earned: number,
  goal?: GoalAfterWrite | null,
): Promise<void> {
  if (outcome === 'queued') return;
  try {
    if (outcome === 'saved') {
      await staleDashboard(goal);
      if (goal?.met) announceGoalMet(goal.goal, goal.streak);
      return;
    }
    if (earned <= 0) return;
    const { guest } = await readAll();
    const progress = guestGoalProgress(guest, readGuestGoal());
    if (crossedGoal(progress.todayPoints, earned, progress.goal))
      announceGoalMet(progress.goal, progress.streak);
  } catch {
    // No banner this time; the dashboard and Today still show the goal as met.
  }
}
