import { describe, expect, it } from 'vitest';
import { formatClock, formatRecordedAt } from './format';

describe('formatClock', () => {
  it('shows minutes and seconds, both two digits, rounded down', () => {
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(999)).toBe('00:00');
    expect(formatClock(65_400)).toBe('01:05');
    expect(formatClock(5 * 60 * 1000)).toBe('05:00');
    expect(formatClock(-20)).toBe('00:00');
  });
});

describe('formatRecordedAt', () => {
  it('gives the day, the short month and the 24-hour local time', () => {
    expect(formatRecordedAt(new Date(2025, 2, 5, 14, 2).toISOString())).toBe('5 Mar, 14:02');
    expect(formatRecordedAt(new Date(2025, 11, 31, 9, 7).toISOString())).toBe('31 Dec, 09:07');
  });

  it('is empty for a date it cannot read', () => {
    expect(formatRecordedAt('not a date')).toBe('');
  });
});
