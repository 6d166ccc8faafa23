import { Link } from 'wouter';
import { paths } from '../../../core/paths';
import { useAuth } from '../../lib/auth';
import { EmptyState } from '../../ui/EmptyState';
import { Page } from '../../ui/Page';
import { ActivityTabs } from './ActivityTabs';
import { Dashboard } from './dashboard/Dashboard';
import { DeviceKept } from './dashboard/DeviceKept';
import { PlanSection } from './billing/PlanSection';

const linkClass = 'font-semibold text-brand-700 underline dark:text-sky-400';

/**
 * /activity: the learner's results (goal, points, calendar, grammar, lists) and plan. The
 * skills profile and the activities are sub-views of their own (ActivityTabs).
 */
export default function ActivityPage() {
  const { user } = useAuth();
  return (
    <Page route="activity" nav={<ActivityTabs />}>
      <div className="grid gap-10">
        {!user && <DeviceKept />}
        {user && <Dashboard />}
        {user && <PlanSection />}
        {!user && (
          <EmptyState title="Your results live here">
            <p>Once you log in, this page shows:</p>
            <ul className="mx-auto mt-2 max-w-md list-disc pl-5 text-left">
              <li>your points, by skill and topic and week by week;</li>
              <li>your daily goal, and how many days in a row you met it;</li>
              <li>grammar topic scores, deep-dive progress and the topics to practice next;</li>
              <li>your planned, completed and saved words, prompts, insights and more;</li>
              <li>a calendar of the days you practiced, and your streak.</li>
            </ul>
            <p className="mt-3">
              <Link to={paths.login()} className={linkClass}>
                Log in
              </Link>{' '}
              to keep your progress, or start with a{' '}
              <Link to={paths.grammar()} className={linkClass}>
                grammar quiz
              </Link>
              .
            </p>
          </EmptyState>
        )}
      </div>
    </Page>
  );
}
