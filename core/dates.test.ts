import { describe, expect, it } from 'vitest';
import { formatDayMonth } from './dates';

describe('formatDayMonth', () => {
  it('gives the day number and abbreviated month, e.g. "5 Mar"', () => {
    expect(formatDayMonth(new Date(2026, 2, 5))).toBe('5 Mar');
    expect(formatDayMonth(new Date(2026, 0, 31))).toBe('31 Jan');
    expect(formatDayMonth(new Date(2026, 11, 1))).toBe('1 Dec');
  });

  it('has no leading zero on the day', () => {
    expect(formatDayMonth(new Date(2026, 8, 9))).toBe('9 Sep');
  });

  it('accepts ISO strings and epoch milliseconds', () => {
    const d = new Date(2026, 4, 17, 12);
    expect(formatDayMonth(d.toISOString())).toBe('17 May');
    expect(formatDayMonth(d.getTime())).toBe('17 May');
  });

  it('uses the given time zone to decide the calendar day', () => {
    const lateUtc = '2026-03-05T23:30:00Z';
    expect(formatDayMonth(lateUtc, 'UTC')).toBe('5 Mar');
    expect(formatDayMonth(lateUtc, 'Asia/Kolkata')).toBe('6 Mar');
    expect(formatDayMonth(lateUtc, 'America/Los_Angeles')).toBe('5 Mar');
  });

  it('returns an empty string for an invalid date', () => {
    expect(formatDayMonth('not a date')).toBe('');
    expect(formatDayMonth(Number.NaN)).toBe('');
  });
});
