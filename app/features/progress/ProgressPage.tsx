import type { ReactNode } from 'react';
import { useAuth } from '../../lib/auth';
import { Page } from '../../ui/Page';
import { ProgressTabs } from '../../ui/ProgressTabs';
import { Dashboard } from './dashboard/Dashboard';
import { DeviceKept } from './dashboard/DeviceKept';

/**
 * /activity: the learner's results (goal, points, calendar, grammar, lists) and, below them,
 * their plan (`plan`: the billing section's, given by the route, app/pages/ProgressRoute.tsx). The
 * skills profile and the activities are sub-views of their own (ProgressTabs).
 */
export function ProgressPage({ plan }: { plan: ReactNode }) {
  const { user } = useAuth();
  return (
    <Page route="progress" nav={<ProgressTabs />}>
      <div className="grid gap-10">
        {user ? (
          <>
            <Dashboard />
            {plan}
          </>
        ) : (
          <DeviceKept />
        )}
      </div>
    </Page>
  );
}
