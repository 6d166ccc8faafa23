import { useRef, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
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
import { usePrompts } from '../../lib/practice';
import { useSettings } from '../../lib/settings';
import { EmptyState } from '../../ui/EmptyState';
import { FormAlert, secondaryButton } from '../../ui/form';
import { ListFilters } from '../../ui/ListFilters';
import { Page } from '../../ui/Page';
import { Skeleton } from '../../ui/Skeleton';
import { CATEGORY_LABELS } from './order';
import { PromptCard } from './PromptCard';
import { PromptsDrawer } from './PromptsDrawer';

const MEMBER_STATUSES: readonly StatusFilter[] = [
  'all',
  'todo',
  'planned',
  'completed',
  'saved',
  'liked',
];
const GUEST_STATUSES: readonly StatusFilter[] = ['all'];

export default function PromptsPage() {
  const [params] = useSearchParams();
  const { data, error } = usePrompts();
  const { user } = useAuth();
  const { data: lists } = useItemLists('prompt');
  const { profession } = useSettings();
  const [filter, setFilter] = useState<ListFilter>(NO_FILTER);
  const [message, setMessage] = useState<string | null>(null);
  const filtersRef = useRef<HTMLDivElement>(null);

  // The spec's ?prompt= query parameter opens that prompt.
  const linked = params.get('prompt');
  if (linked) return <Navigate to={paths.prompt(encodeURIComponent(linked))} replace />;

  const all = data ? professionFirst(data.prompts, profession) : [];
  // Guests have no lists, so a list filter left over from a session no longer applies.
  const effective = user ? filter : { ...filter, status: 'all' as const };
  const shown = filterItems(
    all,
    effective,
    lists,
    (p) => `${p.title} ${CATEGORY_LABELS[p.category]}`,
    (p) => [CATEGORY_LABELS[p.category]],
  );
  const categories = Object.values(CATEGORY_LABELS).filter((c) =>
    all.some((p) => CATEGORY_LABELS[p.category] === c),
  );
  const clear = () => {
    setFilter(NO_FILTER);
    // The button that had focus disappears with the empty state; keep the keyboard in the filters.
    filtersRef.current?.querySelector('input')?.focus();
  };

  return (
    <Page route="prompts">
      <div className="pb-24">
        {!data && !error && <Skeleton lines={6} />}
        {error && !data && (
          <FormAlert>
            The prompts could not be loaded. Check your connection and reload the page.
          </FormAlert>
        )}
        {data && data.prompts.length === 0 && (
          <EmptyState title="No prompts on this server yet">
            Writing prompts appear here as soon as they are added to the server’s content folder.
          </EmptyState>
        )}
        {data && data.prompts.length > 0 && (
          <>
            <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
              Prompts for {profession.toLowerCase()} come first. Change your profession in the
              menu’s settings.
            </p>
            <div ref={filtersRef}>
              <ListFilters
                value={effective}
                onChange={setFilter}
                statuses={user ? MEMBER_STATUSES : GUEST_STATUSES}
                facet={{ label: 'Category', options: categories }}
                resultText={`${shown.length} of ${all.length} prompts`}
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
                    ? `No prompts match “${effective.query.trim()}”`
                    : 'No prompts match these filters'
                }
              >
                <p>Try other words, or show every prompt again.</p>
                <button type="button" className={`${secondaryButton} mt-4`} onClick={clear}>
                  Clear filters
                </button>
              </EmptyState>
            ) : (
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {shown.map((p) => (
                  <li key={p.id}>
                    <PromptCard prompt={p} lists={lists} onError={setMessage} />
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
      <PromptsDrawer />
    </Page>
  );
}
