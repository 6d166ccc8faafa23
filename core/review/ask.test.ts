import { describe, expect, it } from 'vitest';
import { optionParts } from '../grammar/option-diff';
import { answerMode, namesPositions, shuffleOptions } from './ask';

describe('answerMode', () => {
  it('alternates a word card between recognition (reps even, a new card first) and typed recall', () => {
    expect([0, 1, 2, 3, 4, 7].map((reps) => answerMode('word', reps))).toEqual([
      'choice',
      'typed',
      'choice',
      'typed',
      'choice',
      'typed',
    ]);
  });

  it('always asks a grammar card as a choice', () => {
    for (const reps of [0, 1, 2, 3]) expect(answerMode('grammar', reps)).toBe('choice');
  });
});

describe('shuffleOptions', () => {
  const options = ['has been', 'have been', 'was', 'were'];

  it('is the same for one seed and keeps the right option found', () => {
    const a = shuffleOptions(options, 1, 'grammar:q1|2026-03-05T10:00:00.000Z');
    expect(shuffleOptions(options, 1, 'grammar:q1|2026-03-05T10:00:00.000Z')).toEqual(a);
    expect([...a.options].sort()).toEqual([...options].sort());
    expect(a.options[a.correctIndex]).toBe('have been');
  });

  it('gives other orders for other rounds (seeds), the right option always mapped', () => {
    const orders = new Set<string>();
    for (let round = 0; round < 20; round++) {
      const s = shuffleOptions(options, 2, `grammar:q1|2026-03-${10 + round}T10:00:00.000Z`);
      expect(s.options[s.correctIndex]).toBe('was');
      orders.add(s.options.join('|'));
    }
    expect(orders.size).toBeGreaterThan(5);
  });

  it('does not change the options it is given', () => {
    const given = [...options];
    shuffleOptions(given, 0, 'x');
    expect(given).toEqual(options);
  });
});

describe('namesPositions', () => {
  it('finds explanations that name options by their place', () => {
    for (const text of [
      'The first option uses a before a vowel sound.',
      'In the second option the subject is "my first task".',
      'The third choice mixes tenses.',
      'Option B is wrong.',
    ])
      expect(namesPositions(text), text).toBe(true);
  });

  it('leaves other explanations alone', () => {
    for (const text of [
      'Use the first conditional for a real, likely future.',
      'Adding -er already makes the comparison; more repeats it.',
      'The answer is "have been": the action continues.',
    ])
      expect(namesPositions(text), text).toBe(false);
  });
});

describe('optionParts in any order', () => {
  it('marks the same part of each option however the options are shuffled', () => {
    const options = [
      'We have been working on it',
      'We had been working on it',
      'We were working on it',
      'We are working on it',
    ];
    const parts = new Map(options.map((o, i) => [o, optionParts(options)[i]]));
    for (let round = 0; round < 10; round++) {
      const shown = shuffleOptions(options, 0, `round-${round}`).options;
      const shownParts = optionParts(shown);
      shown.forEach((o, i) => expect(shownParts[i]).toEqual(parts.get(o)));
    }
  });
});
