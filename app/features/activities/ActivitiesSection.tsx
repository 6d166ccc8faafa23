import { PROFESSIONS } from '../../../core/constants';
import { useItemLists } from '../../lib/items';
import { professionFirst, type StatusFilter } from '../../lib/list-filter';
import { useActivities } from './queries';
import { useSettings } from '../../lib/settings';
import { FilteredList } from '../../ui/FilteredList';
import { ItemCard } from '../../ui/ItemCard';
import { activityHref } from '../../../core/paths';

const STATUSES: readonly StatusFilter[] = ['all', 'todo', 'planned', 'completed', 'saved', 'liked'];

/** Hands-on exercises, filterable, the learner's profession first (the page gives the title). */
export function ActivitiesSection() {
  const { data, error } = useActivities();
  const { data: lists } = useItemLists('activity');
  const { profession } = useSettings();
  const all = data ? professionFirst(data.activities, profession) : undefined;
  return (
    <div className="pb-24">
      <FilteredList
        noun="activities"
        items={all}
        error={error}
        emptyServer="Activities appear here as soon as they are published."
        lists={lists}
        statuses={STATUSES}
        facet={{ label: 'Profession', of: (a) => a.professions, options: PROFESSIONS }}
        text={(a) => `${a.title} ${a.summary} ${a.outcome}`}
        renderItem={(a, onError) => (
          <ItemCard
            kind="activity"
            item={a}
            href={activityHref(a.id)}
            lists={lists}
            onError={onError}
            heading="h2"
          >
            <p className="text-sm text-slate-500 dark:text-slate-400">
              {a.minutes} min · {a.professions.join(' · ')}
            </p>
            <p className="flex-1 text-slate-700 dark:text-slate-300">{a.summary}</p>
          </ItemCard>
        )}
      />
    </div>
  );
}
