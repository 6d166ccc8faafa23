import { Suspense, lazy } from 'react';
import { Link, useSearchParams } from 'wouter';
import { paths } from '../../../core/paths';
import { useAuth } from '../../lib/auth';
import { EmptyState } from '../../ui/EmptyState';
import { Page } from '../../ui/Page';
import { ActivitiesDrawer } from '../activities/ActivitiesDrawer';
import { ActivitiesSection } from '../activities/ActivitiesSection';
import { Dashboard } from './dashboard/Dashboard';
import { DeviceKept } from './dashboard/DeviceKept';
import { PlanSection } from './billing/PlanSection';
import { Skeleton } from '../../ui/Skeleton';

// The form widgets (react-aria's listbox and combobox) come with these two only.
const ActivityDetail = lazy(() =>
  import('../activities/ActivityDetail').then((m) => ({ default: m.ActivityDetail })),
);
const SkillsProfile = lazy(() =>
  import('./skills/SkillsProfile').then((m) => ({ default: m.SkillsProfile })),
);

export default function ActivityPage() {
  const [params] = useSearchParams();
  const { user } = useAuth();
  const open = params.get('activity');
  return (
    <Page route="activity">
      {open ? (
        <Suspense fallback={<Skeleton />}>
          <ActivityDetail id={open} />
        </Suspense>
      ) : (
        <div className="grid gap-10">
          {!user && <DeviceKept />}
          {user && <Dashboard />}
          {user && <PlanSection />}
          {!user && (
            <EmptyState title="Your results live here">
              <p>Once you log in, this page shows:</p>
              <ul className="mx-auto mt-2 max-w-md list-disc pl-5 text-left">
                <li>your points, by skill and topic and week by week;</li>
                <li>grammar topic scores, deep-dive progress and the topics to practice next;</li>
                <li>your planned, completed and saved words, prompts, insights and more;</li>
                <li>a calendar of the days you practiced, and your streak;</li>
                <li>your skills profile.</li>
              </ul>
              <p className="mt-3">
                <Link
                  to={paths.login()}
                  className="font-semibold text-brand-700 underline dark:text-sky-400"
                >
                  Log in
                </Link>{' '}
                to keep your progress, or start with a{' '}
                <Link
                  to={paths.grammar()}
                  className="font-semibold text-brand-700 underline dark:text-sky-400"
                >
                  grammar quiz
                </Link>
                .
              </p>
            </EmptyState>
          )}
          <Suspense fallback={<Skeleton />}>
            <SkillsProfile />
          </Suspense>
          <ActivitiesSection />
        </div>
      )}
      <ActivitiesDrawer />
    </Page>
  );
}
