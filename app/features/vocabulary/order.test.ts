import { describe, expect, it } from 'vitest';
import type { SetSummary } from '../../data/word-sets';
import { orderSets } from './order';

const set = (
  id: string,
  professions: SetSummary['professions'],
  levels: SetSummary['levels'],
): SetSummary => ({
  id,
  title: id,
  description: '',
  professions,
  levels,
  words: 16,
  items: [],
});

describe('orderSets', () => {
  const sets = [
    set('design', ['Creative'], ['Student']),
    set('finance', ['Business'], ['Senior']),
    set('sales', ['Business'], ['Student']),
    set('data', ['Tech'], ['Junior']),
  ];

  it('puts sets for the learner’s profession first, nearest level next', () => {
    expect(orderSets(sets, 'Business', 'Student').map((s) => s.id)).toEqual([
      'sales',
      'finance',
      'design',
      'data',
    ]);
    expect(orderSets(sets, 'Tech', 'Senior').map((s) => s.id)).toEqual([
      'data',
      'finance',
      'design',
      'sales',
    ]);
  });
});
