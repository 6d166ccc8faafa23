import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../core/paths';
import { useAuth } from '../../lib/auth';
import { EmptyState } from '../../ui/EmptyState';
import { Page } from '../../ui/Page';
import { ActivitiesDrawer } from '../activities/ActivitiesDrawer';
import { ActivitiesSection } from '../activities/ActivitiesSection';
import { ActivityDetail } from '../activities/ActivityDetail';

export default function ActivityPage() {
  const [params] = useSearchParams();
  const { user } = useAuth();
  const open = params.get('activity');
  return (
    <Page route="activity">
      {open ? (
        <ActivityDetail id={open} />
      ) : (
        <div className="grid gap-10">
          {!user && (
            <EmptyState title="Your results live here">
              <p>Points, grammar scores, planned and completed items and your skills profile.</p>
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
          <ActivitiesSection />
        </div>
      )}
      <ActivitiesDrawer />
    </Page>
  );
}
