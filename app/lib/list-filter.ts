import type { Profession } from '../../core/constants';
import type { ItemLists } from '../../core/items/items';

export const STATUS_FILTERS = {
  all: 'All',
  todo: 'Not completed',
  planned: 'Planned',
  completed: 'Completed',
  saved: 'Saved',
  liked: 'Liked',
} as const;
export type StatusFilter = keyof typeof STATUS_FILTERS;

export interface ListFilter {
  query: string;
  status: StatusFilter;
  /** A section-specific facet (category, profession, level); '' for any. */
  facet: string;
}

export const NO_FILTER: ListFilter = { query: '', status: 'all', facet: '' };

/**
 * Items matching every part of the filter: all words of the query appear in the item's
 * text (case-insensitive), the item is on the chosen list, and it has the chosen facet.
 */
export function filterItems<T extends { id: string }>(
  items: readonly T[],
  filter: ListFilter,
  lists: ItemLists | undefined,
  text: (item: T) => string,
  facets: (item: T) => readonly string[] = () => [],
): T[] {
  const words = filter.query.toLowerCase().split(/\s+/).filter(Boolean);
  const on = (list: readonly string[] | undefined, id: string) => list?.includes(id) ?? false;
  return items.filter((item) => {
    if (words.length > 0) {
      const haystack = text(item).toLowerCase();
      if (!words.every((w) => haystack.includes(w))) return false;
    }
    if (filter.facet && !facets(item).includes(filter.facet)) return false;
    switch (filter.status) {
      case 'all':
        return true;
      case 'todo':
        return !on(lists?.completed, item.id);
      default:
        return on(lists?.[filter.status], item.id);
    }
  });
}

/** Items that name the learner's profession first, then the rest; content order within each. */
export function professionFirst<T extends { professions: readonly Profession[] }>(
  items: readonly T[],
  profession: Profession,
): T[] {
  const mine = items.filter((i) => i.professions.includes(profession));
  const others = items.filter((i) => !i.professions.includes(profession));
  return [...mine, ...others];
}
