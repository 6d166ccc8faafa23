import { useRef, useState, type ReactNode } from 'react';
import type { ItemLists } from '../../core/items/items';
import { useAuth } from '../lib/auth';
import { NO_FILTER, filterItems, type ListFilter, type StatusFilter } from '../lib/list-filter';
import { EmptyState } from './EmptyState';
import { FormAlert, secondaryButton } from './form';
import { ListFilters } from './ListFilters';
import { Skeleton } from './Skeleton';

interface Props<T extends { id: string }> {
  /** Plural name of the items: "prompts". */
  noun: string;
  /** The section's items in display order; undefined while loading. */
  items: readonly T[] | undefined;
  error: unknown;
  /** Shown when the server has no items of this kind at all. */
  emptyServer: ReactNode;
  lists: ItemLists | undefined;
  /** The list filters for signed-in users (guests have no lists). */
  statuses: readonly StatusFilter[];
  facet: { label: string; of: (item: T) => readonly string[]; options: readonly string[] };
  /** The text the search looks in. */
  text: (item: T) => string;
  /** One item's card; `onError` shows a message above the list (a change that rolled back). */
  renderItem: (item: T, onError: (message: string) => void) => ReactNode;
  /** Above the filters, e.g. how the list is ordered. */
  intro?: ReactNode;
  gridClass?: string;
}

/**
 * A section's items with search, list and facet filters: loading, load failure, an empty
 * server, no matches (with Clear filters) and the grid of cards.
 */
export function FilteredList<T extends { id: string }>(props: Props<T>) {
  const { noun, items, error, lists, facet } = props;
  const { user } = useAuth();
  const [filter, setFilter] = useState<ListFilter>(NO_FILTER);
  const [message, setMessage] = useState<string | null>(null);
  const filtersRef = useRef<HTMLDivElement>(null);

  if (!items && !error) return <Skeleton lines={6} />;
  if (!items)
    return (
      <FormAlert>
        The {noun} could not be loaded. Check your connection and reload the page.
      </FormAlert>
    );
  if (items.length === 0)
    return <EmptyState title={`No ${noun} yet`}>{props.emptyServer}</EmptyState>;

  // Guests have no lists, so a list filter left over from a session no longer applies.
  const effective = user ? filter : { ...filter, status: 'all' as const };
  const shown = filterItems(items, effective, lists, props.text, facet.of);
  const clear = () => {
    setFilter(NO_FILTER);
    // The button that had focus goes with the empty state; keep the keyboard in the filters.
    filtersRef.current?.querySelector('input')?.focus();
  };
  const query = effective.query.trim();
  return (
    <>
      {props.intro}
      <div ref={filtersRef}>
        <ListFilters
          value={effective}
          onChange={setFilter}
          statuses={user ? props.statuses : []}
          facet={{ label: facet.label, options: facet.options }}
          resultText={`${shown.length} of ${items.length} ${noun}`}
        />
      </div>
      {message && (
        <div className="mb-4">
          <FormAlert>{message}</FormAlert>
        </div>
      )}
      {shown.length === 0 ? (
        <EmptyState
          title={query ? `No ${noun} match “${query}”` : `No ${noun} match these filters`}
        >
          <p>Try other words, or show every one again.</p>
          <button type="button" className={`${secondaryButton} mt-4`} onClick={clear}>
            Clear filters
          </button>
        </EmptyState>
      ) : (
        <ul className={props.gridClass ?? 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3'}>
          {shown.map((item) => (
            <li key={item.id}>{props.renderItem(item, setMessage)}</li>
          ))}
        </ul>
      )}
    </>
  );
}
