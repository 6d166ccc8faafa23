import { Suspense, lazy } from 'react';
import { useSearchParams } from 'wouter';
import { Page } from '../../ui/Page';
import { Skeleton } from '../../ui/Skeleton';
import { ProgressTabs } from '../../ui/ProgressTabs';
import { ActivitiesDrawer } from './ActivitiesDrawer';
import { ActivitiesSection } from './ActivitiesSection';

// The form widgets (react-aria's listbox and combobox) come with an opened activity only.
const ActivityDetail = lazy(() =>
  import('./ActivityDetail').then((m) => ({ default: m.ActivityDetail })),
);

/** /activity/activities: the hands-on exercises, or the one named by `?activity=`. */
export default function ActivitiesPage() {
  const [params] = useSearchParams();
  const open = params.get('activity');
  return (
    <Page route="activities" nav={<ProgressTabs />}>
      {open ? (
        <Suspense fallback={<Skeleton />}>
          <ActivityDetail id={open} />
        </Suspense>
      ) : (
        <ActivitiesSection />
      )}
      <ActivitiesDrawer />
    </Page>
  );
}
