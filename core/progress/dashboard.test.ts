import { describe, expect, it } from 'vitest';
import { daysEnding, weeklyTotals, zoneDayKey } from './dashboard';
import { addDays } from '../dates';
import { ZDashboardQuery, isTimeZone } from '../requests';

describe('zoneDayKey', () => {
  it('puts an instant on the day of the zone, not of UTC', () => {
    expect(zoneDayKey('2026-03-05T18:29:59.999Z', 'Asia/Kolkata')).toBe('2026-03-05');
    expect(zoneDayKey('2026-03-05T18:30:00.000Z', 'Asia/Kolkata')).toBe('2026-03-06');
    expect(zoneDayKey('2026-03-05T18:14:59.000Z', 'Asia/Kathmandu')).toBe('2026-03-05');
    expect(zoneDayKey('2026-03-05T18:15:00.000Z', 'Asia/Kathmandu')).toBe('2026-03-06');
    expect(zoneDayKey('2026-03-06T03:00:00.000Z', 'America/New_York')).toBe('2026-03-05');
    expect(zoneDayKey('2026-03-06T03:00:00.000Z', 'UTC')).toBe('2026-03-06');
    expect(zoneDayKey(new Date('2026-12-31T23:59:59Z'), 'UTC')).toBe('2026-12-31');
  });

  it('follows New York across the spring DST change (EST −5 → EDT −4 on 8 Mar 2026)', () => {
    // Midnight starting 8 Mar is 05:00Z (still EST); midnight starting 9 Mar is 04:00Z (EDT).
    expect(zoneDayKey('2026-03-08T04:59:00Z', 'America/New_York')).toBe('2026-03-07');
    expect(zoneDayKey('2026-03-08T05:00:00Z', 'America/New_York')).toBe('2026-03-08');
    expect(zoneDayKey('2026-03-08T07:30:00Z', 'America/New_York')).toBe('2026-03-08');
    expect(zoneDayKey('2026-03-09T03:59:00Z', 'America/New_York')).toBe('2026-03-08');
    expect(zoneDayKey('2026-03-09T04:00:00Z', 'America/New_York')).toBe('2026-03-09');
  });

  it('follows New York across the autumn DST change (EDT → EST on 1 Nov 2026)', () => {
    expect(zoneDayKey('2026-11-01T03:59:00Z', 'America/New_York')).toBe('2026-10-31');
    expect(zoneDayKey('2026-11-01T04:00:00Z', 'America/New_York')).toBe('2026-11-01');
    // 1 Nov has 25 hours: 04:30Z on 2 Nov is still 23:30 on 1 Nov.
    expect(zoneDayKey('2026-11-02T04:30:00Z', 'America/New_York')).toBe('2026-11-01');
    expect(zoneDayKey('2026-11-02T05:00:00Z', 'America/New_York')).toBe('2026-11-02');
  });
});

describe('day keys', () => {
  it('adds days on the calendar, across months, years and leap days', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
  });

  it('lists consecutive days ending with the last, oldest first', () => {
    expect(daysEnding('2026-03-02', 3)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
    const window = daysEnding('2026-03-10', 84);
    expect(window).toHaveLength(84);
    expect(window[0]).toBe('2025-12-17');
    expect(new Set(window).size).toBe(84);
  });
});

describe('weeklyTotals', () => {
  it('sums whole weeks ending on the last day, oldest first', () => {
    const byDay = daysEnding('2026-03-14', 15).map((date, i) => ({ date, points: i }));
    expect(weeklyTotals(byDay)).toEqual([
      { start: '2026-03-01', end: '2026-03-07', points: 1 + 2 + 3 + 4 + 5 + 6 + 7 },
      { start: '2026-03-08', end: '2026-03-14', points: 8 + 9 + 10 + 11 + 12 + 13 + 14 },
    ]);
  });

  it('gives 12 weeks for the 84-day window', () => {
    const byDay = daysEnding('2026-03-14', 84).map((date) => ({ date, points: 10 }));
    const weeks = weeklyTotals(byDay);
    expect(weeks).toHaveLength(12);
    expect(weeks.every((w) => w.points === 70)).toBe(true);
    expect(weeks[11]?.end).toBe('2026-03-14');
  });
});

describe('time zone parameter', () => {
  it('accepts IANA names and defaults to UTC', () => {
    expect(isTimeZone('utc')).toBe(true);
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(ZDashboardQuery.parse({})).toEqual({ tz: 'UTC' });
    expect(ZDashboardQuery.parse({ tz: 'America/New_York' })).toEqual({ tz: 'America/New_York' });
  });

  it('refuses names Intl does not know', () => {
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(ZDashboardQuery.safeParse({ tz: 'Mars/Olympus_Mons' }).success).toBe(false);
    expect(ZDashboardQuery.safeParse({ tz: '' }).success).toBe(false);
    expect(ZDashboardQuery.safeParse({ tz: 'x'.repeat(65) }).success).toBe(false);
  });
});
