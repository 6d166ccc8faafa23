import { describe, expect, it } from 'vitest';
import { evidenceLines } from './evidence';

describe('evidenceLines', () => {
  it('says nothing until something was measured', () => {
    expect(evidenceLines(undefined)).toEqual([]);
    expect(
      evidenceLines({
        completed: 0,
        of: 3,
        words: { completed: 0, of: 16 },
        grammar: { average: null, topics: 0 },
        interviews: { average: null, scored: 0, of: 2 },
      }),
    ).toEqual([]);
  });

  it('names each measure with its numbers', () => {
    expect(
      evidenceLines({
        completed: 3,
        of: 4,
        words: { completed: 12, of: 40 },
        grammar: { average: 72, topics: 9 },
        interviews: { average: 63, scored: 1, of: 2 },
      }),
    ).toEqual([
      'Grammar average 72% over 9 topics',
      'Interview self-review 63% on 1 of 2 questions',
      '3 of 4 related items completed',
      '12 of 40 related words learned',
    ]);
  });

  it('uses the singular for one', () => {
    expect(
      evidenceLines({
        completed: 1,
        of: 1,
        words: { completed: 1, of: 1 },
        grammar: { average: 100, topics: 1 },
        interviews: { average: 80, scored: 1, of: 1 },
      }),
    ).toEqual([
      'Grammar average 100% over 1 topic',
      'Interview self-review 80% on 1 of 1 question',
      '1 of 1 related item completed',
      '1 of 1 related word learned',
    ]);
  });
});
