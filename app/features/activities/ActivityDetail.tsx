import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { paths } from '../../../core/paths';
import { isPremiumRefusal } from '../../lib/billing';
import { useActivities, useActivity } from './queries';
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
  // A refused premium activity still has its title: the list names every activity.
  const listed = useActivities().data?.activities.find((a) => a.id === id);
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
  if (error && !data && isPremiumRefusal(error))
    return (
      <div className="grid max-w-3xl gap-4 pb-24">
        <p>
          <Link to={paths.progress()} className="text-brand-700 underline dark:text-sky-400">
            ← All activities
          </Link>
        </p>
        {listed && (
          <div>
            <h2 className="text-2xl font-bold">{listed.title}</h2>
            <p className="mt-2 text-slate-700 dark:text-slate-300">{listed.summary}</p>
          </div>
        )}
        <UpgradePrompt what="activity" />
      </div>
    );
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
