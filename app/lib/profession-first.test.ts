import { describe, expect, it } from 'vitest';
import { professionFirst } from './list-filter';

describe('professionFirst', () => {
  it('puts items for the profession first and keeps content order within each group', () => {
    const items = [
      { id: 'a', professions: ['Tech'] as const },
      { id: 'b', professions: ['Business', 'Tech'] as const },
      { id: 'c', professions: ['Creative'] as const },
      { id: 'd', professions: ['Business'] as const },
    ];
    expect(professionFirst(items, 'Business').map((i) => i.id)).toEqual(['b', 'd', 'a', 'c']);
    expect(professionFirst(items, 'Creative').map((i) => i.id)).toEqual(['c', 'a', 'b', 'd']);
  });
});
