import { PROFESSIONS } from '../../../core/constants';
import { useItemLists } from '../../lib/items';
import { professionFirst, type StatusFilter } from '../../lib/list-filter';
import { useActivities } from './api';
import { useSettings } from '../../lib/settings';
import { FilteredList } from '../../ui/FilteredList';
import { ItemCard } from '../../ui/ItemCard';
import { activityLink } from './links';

const STATUSES: readonly StatusFilter[] = ['all', 'todo', 'planned', 'completed', 'saved', 'liked'];

/** Hands-on exercises, filterable, the learner's profession first. */
export function ActivitiesSection() {
  const { data, error } = useActivities();
  const { data: lists } = useItemLists('activity');
  const { profession } = useSettings();
  const all = data ? professionFirst(data.activities, profession) : undefined;
  return (
    <section aria-labelledby="activities-heading" className="pb-24">
      <h2 id="activities-heading" className="text-2xl font-bold">
        Activities
      </h2>
      <p className="mt-1 mb-4 text-slate-600 dark:text-slate-400">
        Hands-on exercises of 10–30 minutes, each ending with something you made.
      </p>
      <FilteredList
        noun="activities"
        items={all}
        error={error}
        emptyServer="Activities appear here as soon as they are added to the server’s content folder."
        lists={lists}
        statuses={STATUSES}
        facet={{ label: 'Profession', of: (a) => a.professions, options: PROFESSIONS }}
        text={(a) => `${a.title} ${a.summary} ${a.outcome}`}
        gridClass="grid gap-4 sm:grid-cols-2"
        renderItem={(a, onError) => (
          <ItemCard
            kind="activity"
            item={a}
            href={activityLink(a.id)}
            lists={lists}
            onError={onError}
            heading="h3"
          >
            <p className="text-sm text-slate-500 dark:text-slate-400">
              {a.minutes} min · {a.professions.join(' · ')}
            </p>
            <p className="flex-1 text-slate-700 dark:text-slate-300">{a.summary}</p>
          </ItemCard>
        )}
      />
    </section>
  );
}
