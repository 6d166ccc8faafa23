import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { paths } from '../../../core/paths';
import { isPremiumRefusal } from '../../lib/billing';
import { useActivity } from './api';
import { UpgradePrompt } from '../../ui/UpgradePrompt';
import { EmptyState } from '../../ui/EmptyState';
import { FormAlert } from '../../ui/form';
import { Skeleton } from '../../ui/Skeleton';

// The widgets (the job-title combobox, the select, the slides…) load with the first activity
// opened, not with the Activity page.
const ActivityView = lazy(() =>
  import('./ActivityView').then((m) => ({ default: m.ActivityView })),
);

/** The activity named by `?activity=`, or why it cannot be shown. */
export function ActivityDetail({ id }: { id: string }) {
  const { data, error } = useActivity(id);
  if (error && 'status' in error && error.status === 404)
    return (
      <EmptyState title="There is no such activity">
        <Link
          to={paths.activities()}
          className="font-semibold text-brand-700 underline dark:text-sky-400"
        >
          See all activities
        </Link>
      </EmptyState>
    );
  if (error && !data && isPremiumRefusal(error)) return <UpgradePrompt what="activity" />;
  if (error && !data)
    return (
      <FormAlert>This activity could not be loaded. Check your connection and reload.</FormAlert>
    );
  if (!data) return <Skeleton lines={8} />;
  return (
    <Suspense fallback={<Skeleton lines={8} />}>
      <ActivityView key={data.id} activity={data} />
    </Suspense>
  );
}
