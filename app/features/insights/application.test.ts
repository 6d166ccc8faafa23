import { describe, expect, it } from 'vitest';
import { readApplication } from './application';

describe('readApplication', () => {
  it('returns empty fields for a record without an application', () => {
    expect(readApplication([], 3)).toEqual({ decision: '', steps: ['', '', ''], reflection: '' });
  });

  it('fits saved steps to the current number of steps and ignores malformed values', () => {
    const entries = [
      { type: 'other', decision: 'no' },
      { type: 'application', decision: 'Hire', steps: ['a', 7, 'c', 'd'], reflection: null },
    ];
    expect(readApplication(entries, 3)).toEqual({
      decision: 'Hire',
      steps: ['a', '', 'c'],
      reflection: '',
    });
  });
});
