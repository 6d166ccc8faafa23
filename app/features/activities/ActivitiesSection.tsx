import { useState } from 'react';
import { Link } from 'react-router';
import { PROFESSIONS } from '../../../core/constants';
import { useAuth } from '../../lib/auth';
import { useItemLists } from '../../lib/items';
import { NO_FILTER, filterItems, professionFirst, type StatusFilter } from '../../lib/list-filter';
import { useActivities } from '../../lib/practice';
import { useSettings } from '../../lib/settings';
import { EmptyState } from '../../ui/EmptyState';
import { FormAlert, secondaryButton } from '../../ui/form';
import { ItemActions } from '../../ui/ItemActions';
import { ListFilters } from '../../ui/ListFilters';
import { Skeleton } from '../../ui/Skeleton';
import { activityLink } from './links';
import { PremiumBadge } from '../../ui/UpgradePrompt';

const SIGNED_IN: StatusFilter[] = ['all', 'todo', 'planned', 'completed', 'saved', 'liked'];

/** Hands-on exercises, filterable, the learner's profession first. */
export function ActivitiesSection() {
  const { data, error } = useActivities();
  const { user } = useAuth();
  const { data: lists } = useItemLists('activity');
  const { profession } = useSettings();
  const [filter, setFilter] = useState(NO_FILTER);
  const [message, setMessage] = useState<string | null>(null);

  const all = data?.activities ?? [];
  const ordered = professionFirst(all, profession);
  const shown = filterItems(
    ordered,
    filter,
    lists,
    (a) => `${a.title} ${a.summary} ${a.outcome}`,
    (a) => a.professions,
  );

  return (
    <section aria-labelledby="activities-heading" className="pb-24">
      <h2 id="activities-heading" className="text-2xl font-bold">
        Activities
      </h2>
      <p className="mt-1 mb-4 text-slate-600 dark:text-slate-400">
        Hands-on exercises of 10–30 minutes, each ending with something you made.
      </p>
      {error && !data && (
        <FormAlert>The activities could not be loaded. Check your connection and reload.</FormAlert>
      )}
      {!data && !error && <Skeleton lines={6} />}
      {data && all.length === 0 && (
        <EmptyState title="No activities on this server yet">
          Activities appear here as soon as they are added to the server’s content folder.
        </EmptyState>
      )}
      {data && all.length > 0 && (
        <>
          <ListFilters
            value={filter}
            onChange={setFilter}
            statuses={user ? SIGNED_IN : []}
            facet={{ label: 'Profession', options: PROFESSIONS }}
            resultText={`${shown.length} of ${all.length} activities`}
          />
          {message && (
            <div className="mb-4">
              <FormAlert>{message}</FormAlert>
            </div>
          )}
          {shown.length === 0 ? (
            <EmptyState title="No activities match these filters">
              <button
                type="button"
                className={secondaryButton}
                onClick={() => setFilter(NO_FILTER)}
              >
                Clear filters
              </button>
            </EmptyState>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2">
              {shown.map((a) => (
                <li
                  key={a.id}
                  className="flex flex-col rounded-xl border border-slate-200 p-4 dark:border-slate-700"
                >
                  <h3 className="text-lg font-semibold">
                    <Link to={activityLink(a.id)} className="hover:underline">
                      {a.title}
                    </Link>
                  </h3>
                  {a.premium && (
                    <p>
                      <PremiumBadge />
                    </p>
                  )}
                  <p className="text-sm text-slate-500 dark:text-slate-400">
                    {a.minutes} min · {a.professions.join(' · ')}
                  </p>
                  <p className="mt-2 flex-1 text-slate-700 dark:text-slate-300">{a.summary}</p>
                  <div className="mt-3">
                    <ItemActions
                      kind="activity"
                      id={a.id}
                      title={a.title}
                      lists={lists}
                      onError={setMessage}
                    />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
