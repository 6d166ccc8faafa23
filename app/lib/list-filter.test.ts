import { describe, expect, it } from 'vitest';
import { EMPTY_LISTS } from './items';
import { NO_FILTER, filterItems } from './list-filter';

const items = [
  { id: 'a', title: 'Write a status update', tag: 'email' },
  { id: 'b', title: 'Pitch a content idea', tag: 'strategy' },
  { id: 'c', title: 'Status report for a client', tag: 'report' },
];
const text = (i: (typeof items)[number]) => i.title;
const facets = (i: (typeof items)[number]) => [i.tag];
const ids = (xs: { id: string }[]) => xs.map((x) => x.id);

describe('filterItems', () => {
  it('keeps everything with no filter', () => {
    expect(ids(filterItems(items, NO_FILTER, undefined, text))).toEqual(['a', 'b', 'c']);
  });
  it('matches every query word, case-insensitively, in any order', () => {
    expect(ids(filterItems(items, { ...NO_FILTER, query: 'STATUS' }, undefined, text))).toEqual([
      'a',
      'c',
    ]);
    expect(
      ids(filterItems(items, { ...NO_FILTER, query: 'client status' }, undefined, text)),
    ).toEqual(['c']);
  });
  it('filters by list and by facet', () => {
    const lists = { ...EMPTY_LISTS, planned: ['b'], completed: ['a'], liked: ['c'] };
    const by = (status: 'planned' | 'completed' | 'liked' | 'todo' | 'saved') =>
      ids(filterItems(items, { ...NO_FILTER, status }, lists, text));
    expect(by('planned')).toEqual(['b']);
    expect(by('completed')).toEqual(['a']);
    expect(by('liked')).toEqual(['c']);
    expect(by('saved')).toEqual([]);
    expect(by('todo')).toEqual(['b', 'c']);
    expect(ids(filterItems(items, { ...NO_FILTER, facet: 'report' }, lists, text, facets))).toEqual(
      ['c'],
    );
  });
  it('a guest (no lists) matches no list but everything not completed', () => {
    expect(ids(filterItems(items, { ...NO_FILTER, status: 'planned' }, undefined, text))).toEqual(
      [],
    );
    expect(ids(filterItems(items, { ...NO_FILTER, status: 'todo' }, undefined, text))).toHaveLength(
      3,
    );
  });
});
