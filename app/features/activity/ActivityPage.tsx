import { useAuth } from '../../lib/auth';
import { Page } from '../../ui/Page';
import { ActivityTabs } from './ActivityTabs';
import { Dashboard } from './dashboard/Dashboard';
import { DeviceKept } from './dashboard/DeviceKept';
import { PlanSection } from './billing/PlanSection';

/**
 * /activity: the learner's results (goal, points, calendar, grammar, lists) and plan. The
 * skills profile and the activities are sub-views of their own (ActivityTabs).
 */
export default function ActivityPage() {
  const { user } = useAuth();
  return (
    <Page route="activity" nav={<ActivityTabs />}>
      <div className="grid gap-10">
        {user ? (
          <>
            <Dashboard />
            <PlanSection />
          </>
        ) : (
          <DeviceKept />
        )}
      </div>
    </Page>
  );
}
