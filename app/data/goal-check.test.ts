import { beforeEach, describe, expect, it, vi } from 'vitest';

const staleDashboard = vi.fn(async () => {});
const announceGoalMet = vi.fn();
vi.mock('./dashboard', () => ({ staleDashboard }));
vi.mock('../lib/goal-met', () => ({ announceGoalMet }));
vi.mock('../lib/offline-store', () => ({ readAll: vi.fn(async () => ({ guest: [] })) }));

const { checkGoal } = await import('./goal-check');

beforeEach(() => {
  vi.clearAllMocks();
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new Error('no request expected'))),
  );
});

describe('the goal check after a learner’s saved write', () => {
  it('celebrates from the write’s own reply and only marks the dashboard stale', async () => {
    await checkGoal('saved', 10, { goal: 50, todayPoints: 50, met: true, streak: 3 });
    expect(announceGoalMet).toHaveBeenCalledWith(50, 3);
    expect(staleDashboard).toHaveBeenCalledTimes(1);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('does not celebrate an answer that did not meet the goal, or one that earned nothing', async () => {
    await checkGoal('saved', 10, { goal: 50, todayPoints: 40, met: false, streak: null });
    await checkGoal('saved', 10, { goal: 50, todayPoints: 60, met: false, streak: null });
    await checkGoal('saved', 0, null);
    expect(announceGoalMet).not.toHaveBeenCalled();
    expect(staleDashboard).toHaveBeenCalledTimes(3);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('does nothing for a write waiting in the outbox', async () => {
    await checkGoal('queued', 10);
    expect(announceGoalMet).not.toHaveBeenCalled();
    expect(staleDashboard).not.toHaveBeenCalled();
  });
});
