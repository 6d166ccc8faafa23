import { OrderNote } from '../../ui/OrderNote';
import { Redirect, useSearchParams } from 'wouter';
import { PROFESSIONS } from '../../../core/constants';
import { paths } from '../../../core/paths';
import { useItemLists } from '../../lib/items';
import { professionFirst, type StatusFilter } from '../../lib/list-filter';
import { useInsights } from './queries';
import { useSettings } from '../../lib/settings';
import { FilteredList } from '../../ui/FilteredList';
import { Page } from '../../ui/Page';
import { InsightCard } from './InsightCard';
import { InsightsDrawer } from './InsightsDrawer';

// Insights have no saved list (spec section 3).
const STATUSES: readonly StatusFilter[] = ['all', 'todo', 'planned', 'completed', 'liked'];

export default function InsightsPage() {
  const [params] = useSearchParams();
  const { data, error } = useInsights();
  const { data: lists } = useItemLists('insight');
  const { profession, chosen } = useSettings();

  // The spec's ?insight= query parameter opens that insight.
  const linked = params.get('insight');
  if (linked) return <Redirect to={paths.insight(encodeURIComponent(linked))} replace />;

  const all = data ? professionFirst(data.insights, profession) : undefined;
  return (
    <Page route="insights">
      <div className="pb-24">
        <FilteredList
          noun="insights"
          items={all}
          error={error}
          emptyServer="Decision-making models appear here as soon as they are published."
          lists={lists}
          statuses={STATUSES}
          facet={{
            label: 'Profession',
            of: (i) => i.professions,
            options: PROFESSIONS.filter((p) => all?.some((i) => i.professions.includes(p))),
          }}
          text={(i) => `${i.title} ${i.summary}`}
          intro={
            <OrderNote
              chosen={chosen}
              claim={`Insights for ${profession.toLowerCase()} come first.`}
              offer="to put the insights for your work first."
              back={paths.insights()}
            />
          }
          renderItem={(i, onError) => <InsightCard insight={i} lists={lists} onError={onError} />}
        />
      </div>
      <InsightsDrawer />
    </Page>
  );
}
