import { describe, expect, it } from 'vitest';
import type { SetSummary } from '../../data/word-sets';
import { orderSets } from './order';

const set = (
  id: string,
  professions: SetSummary['professions'],
  unit: SetSummary['unit'],
): SetSummary => ({
  id,
  title: id,
  description: '',
  professions,
  unit,
  words: 16,
  items: [],
});

describe('orderSets', () => {
  const sets = [
    set('design', ['Creative'], 'everyday-work'),
    set('finance', ['Business'], 'money-and-deals'),
    set('sales', ['Business'], 'everyday-work'),
    set('data', ['Tech'], 'building-products'),
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
