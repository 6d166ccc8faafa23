import { paths } from '../../../core/paths';
import { useInsights } from './queries';
import { PlannedDrawer } from '../../ui/PlannedDrawer';

/** The spec's bottom-right drawer of planned insights. */
export function InsightsDrawer() {
  const { data } = useInsights();
  const byId = new Map((data?.insights ?? []).map((i) => [i.id, i]));
  return (
    <PlannedDrawer
      kind="insight"
      label="Planned insights"
      describe={(id) => {
        const i = byId.get(id);
        return i ? { title: i.title, to: paths.insight(i.id) } : null;
      }}
      empty={{ text: 'Plan your insights', to: paths.insights() }}
    />
  );
}
