import { useRef, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { PROFESSIONS } from '../../../core/constants';
import { paths } from '../../../core/paths';
import { useAuth } from '../../lib/auth';
import { useItemLists } from '../../lib/items';
import {
  filterItems,
  NO_FILTER,
  professionFirst,
  type ListFilter,
  type StatusFilter,
} from '../../lib/list-filter';
import { useInsights } from '../../lib/practice';
import { useSettings } from '../../lib/settings';
import { EmptyState } from '../../ui/EmptyState';
import { FormAlert, secondaryButton } from '../../ui/form';
import { ListFilters } from '../../ui/ListFilters';
import { Page } from '../../ui/Page';
import { Skeleton } from '../../ui/Skeleton';
import { InsightCard } from './InsightCard';
import { InsightsDrawer } from './InsightsDrawer';

// Insights have no saved list (spec: uInStats holds planned and completed).
const MEMBER_STATUSES: readonly StatusFilter[] = ['all', 'todo', 'planned', 'completed', 'liked'];
const GUEST_STATUSES: readonly StatusFilter[] = ['all'];

export default function InsightsPage() {
  const [params] = useSearchParams();
  const { data, error } = useInsights();
  const { user } = useAuth();
  const { data: lists } = useItemLists('insight');
  const { profession } = useSettings();
  const [filter, setFilter] = useState<ListFilter>(NO_FILTER);
  const [message, setMessage] = useState<string | null>(null);
  const filtersRef = useRef<HTMLDivElement>(null);

  // The spec's ?insight= query parameter opens that insight.
  const linked = params.get('insight');
  if (linked) return <Navigate to={paths.insight(encodeURIComponent(linked))} replace />;

  const all = data ? professionFirst(data.insights, profession) : [];
  // Guests have no lists, so a list filter left over from a session no longer applies.
  const effective = user ? filter : { ...filter, status: 'all' as const };
  const shown = filterItems(
    all,
    effective,
    lists,
    (i) => `${i.title} ${i.summary}`,
    (i) => i.professions,
  );
  const professions = PROFESSIONS.filter((p) => all.some((i) => i.professions.includes(p)));
  const clear = () => {
    setFilter(NO_FILTER);
    // The button that had focus disappears with the empty state; keep the keyboard in the filters.
    filtersRef.current?.querySelector('input')?.focus();
  };

  return (
    <Page route="insights">
      <div className="pb-24">
        {!data && !error && <Skeleton lines={6} />}
        {error && !data && (
          <FormAlert>
            The insights could not be loaded. Check your connection and reload the page.
          </FormAlert>
        )}
        {data && data.insights.length === 0 && (
          <EmptyState title="No insights on this server yet">
            Decision-making models appear here as soon as they are added to the server’s content
            folder.
          </EmptyState>
        )}
        {data && data.insights.length > 0 && (
          <>
            <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
              Insights for {profession.toLowerCase()} come first. Change your profession in the
              menu’s settings.
            </p>
            <div ref={filtersRef}>
              <ListFilters
                value={effective}
                onChange={setFilter}
                statuses={user ? MEMBER_STATUSES : GUEST_STATUSES}
                facet={{ label: 'Profession', options: professions }}
                resultText={`${shown.length} of ${all.length} insights`}
              />
            </div>
            {message && (
              <div className="mb-4">
                <FormAlert>{message}</FormAlert>
              </div>
            )}
            {shown.length === 0 ? (
              <EmptyState
                title={
                  effective.query.trim()
                    ? `No insights match “${effective.query.trim()}”`
                    : 'No insights match these filters'
                }
              >
                <p>Try other words, or show every insight again.</p>
                <button type="button" className={`${secondaryButton} mt-4`} onClick={clear}>
                  Clear filters
                </button>
              </EmptyState>
            ) : (
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {shown.map((i) => (
                  <li key={i.id}>
                    <InsightCard insight={i} lists={lists} onError={setMessage} />
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
      <InsightsDrawer />
    </Page>
  );
}
