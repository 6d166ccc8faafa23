import { useActivities } from './queries';
import { PlannedDrawer } from '../../ui/PlannedDrawer';
import { activityHref, paths } from '../../../core/paths';

export function ActivitiesDrawer() {
  const { data } = useActivities();
  return (
    <PlannedDrawer
      kind="activity"
      label="Planned activities"
      describe={(id) => {
        const a = data?.activities.find((x) => x.id === id);
        return a ? { title: a.title, to: activityHref(a.id) } : null;
      }}
      empty={{ text: 'Plan your activities', to: paths.activities() }}
    />
  );
}
