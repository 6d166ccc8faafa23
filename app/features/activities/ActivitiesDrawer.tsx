import { paths } from '../../../core/paths';
import { useActivities } from './api';
import { PlannedDrawer } from '../../ui/PlannedDrawer';
import { activityLink } from './links';

export function ActivitiesDrawer() {
  const { data } = useActivities();
  return (
    <PlannedDrawer
      kind="activity"
      label="Planned activities"
      describe={(id) => {
        const a = data?.activities.find((x) => x.id === id);
        return a ? { title: a.title, to: activityLink(a.id) } : null;
      }}
      empty={{ text: 'Plan your activities', to: `${paths.activity()}#activities-heading` }}
    />
  );
}
