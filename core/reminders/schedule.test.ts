import { describe, expect, it } from 'vitest';
import {
  dueReminders,
  inQuietHours,
  isoWeekKey,
  nextCheck,
  retryDelayMs,
  zonedInstant,
} from './schedule';
import { defaultReminderSettings, type ReminderSettings } from './settings';

function settings(
  patch: Partial<ReminderSettings> = {},
  on: Partial<ReminderSettings['kinds']> = {},
) {
  const s = defaultReminderSettings('Europe/Berlin');
  return { ...s, ...patch, kinds: { ...s.kinds, ...on } };
}
const email = { email: true, push: false };
const at = (iso: string) => new Date(iso);
const kinds = (s: ReminderSettings, now: string) =>
  dueReminders(s, at(now)).map((r) => `${r.kind}:${r.period}`);

describe('reminder windows', () => {
  it('sends the daily reminder from its time in the learner’s zone until the grace ends, once per day', () => {
    const s = settings({ dailyAt: '18:00' }, { daily: email });
    // 18:00 in Berlin in November is 17:00 UTC.
    expect(kinds(s, '2026-11-27T16:59:00Z')).toEqual([]);
    expect(kinds(s, '2026-11-27T17:00:00Z')).toEqual(['daily:2026-11-27']);
    expect(kinds(s, '2026-11-27T18:59:00Z')).toEqual(['daily:2026-11-27']);
    // A server down past the grace skips it: nothing is sent late at night.
    expect(kinds(s, '2026-11-27T19:00:00Z')).toEqual([]);
    expect(nextCheck(s, at('2026-11-27T17:00:00Z'))?.toISOString()).toBe(
      '2026-11-28T17:00:00.000Z',
    );
    expect(nextCheck(s, at('2026-11-27T10:00:00Z'))?.toISOString()).toBe(
      '2026-11-27T17:00:00.000Z',
    );
  });

  it('sends nothing while nothing is on', () => {
    const s = settings();
    expect(kinds(s, '2026-11-27T17:00:00Z')).toEqual([]);
    expect(nextCheck(s, at('2026-11-27T17:00:00Z'))).toBeNull();
  });

  it('keeps the wall-clock time across daylight-saving changes', () => {
    const s = settings({ timeZone: 'America/New_York', dailyAt: '08:00' }, { daily: email });
    // New York leaves DST on 2026-11-01: 08:00 is 12:00 UTC before, 13:00 UTC after.
    expect(nextCheck(s, at('2026-10-31T13:00:00Z'))?.toISOString()).toBe(
      '2026-11-01T13:00:00.000Z',
    );
    expect(kinds(s, '2026-10-31T12:00:00Z')).toEqual(['daily:2026-10-31']);
    expect(kinds(s, '2026-11-01T12:00:00Z')).toEqual([]);
    expect(kinds(s, '2026-11-01T13:00:00Z')).toEqual(['daily:2026-11-01']);
    // A time skipped in spring (02:30 on 2026-03-08) happens the same span after the gap.
    expect(zonedInstant('2026-03-08', '02:30', 'America/New_York').toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    // A repeated time in autumn (01:30 on 2026-11-01) is its first occurrence (EDT).
    expect(zonedInstant('2026-11-01', '01:30', 'America/New_York').toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    );
  });

  it('uses each learner’s own zone: the same instant is evening in one and morning in another', () => {
    const tokyo = settings({ timeZone: 'Asia/Tokyo', dailyAt: '07:30' }, { daily: email });
    const kolkata = settings({ timeZone: 'Asia/Kolkata', dailyAt: '04:00' }, { daily: email });
    expect(kinds(tokyo, '2026-11-26T22:30:00Z')).toEqual(['daily:2026-11-27']);
    expect(kinds(kolkata, '2026-11-26T22:30:00Z')).toEqual(['daily:2026-11-27']);
  });

  it('respects quiet hours across midnight and a pause until the end of its day', () => {
    const quiet = settings(
      { timeZone: 'UTC', dailyAt: '23:00', quietHours: { from: '22:00', to: '07:00' } },
      { daily: email },
    );
    expect(inQuietHours(quiet, at('2026-11-27T23:30:00Z'))).toBe(true);
    expect(inQuietHours(quiet, at('2026-11-28T06:59:00Z'))).toBe(true);
    expect(inQuietHours(quiet, at('2026-11-28T07:00:00Z'))).toBe(false);
    expect(kinds(quiet, '2026-11-27T23:00:00Z')).toEqual([]);

    // A window that opens in quiet hours goes out when they end, if its grace lasts that long.
    const early = settings(
      { timeZone: 'UTC', dailyAt: '06:30', quietHours: { from: '22:00', to: '07:00' } },
      { daily: email },
    );
    expect(nextCheck(early, at('2026-11-27T06:30:00Z'))?.toISOString()).toBe(
      '2026-11-27T07:00:00.000Z',
    );
    expect(kinds(early, '2026-11-27T07:00:00Z')).toEqual(['daily:2026-11-27']);
    expect(nextCheck(quiet, at('2026-11-27T23:00:00Z'))?.toISOString()).toBe(
      '2026-11-28T23:00:00.000Z',
    );

    const paused = settings(
      { timeZone: 'UTC', dailyAt: '18:00', pausedUntil: '2026-11-29' },
      { daily: email },
    );
    expect(kinds(paused, '2026-11-29T18:00:00Z')).toEqual([]);
    expect(kinds(paused, '2026-11-30T18:00:00Z')).toEqual(['daily:2026-11-30']);
    expect(nextCheck(paused, at('2026-11-27T12:00:00Z'))?.toISOString()).toBe(
      '2026-11-30T18:00:00.000Z',
    );
  });

  it('sends the weekly summary on Monday morning, keyed by ISO week, and the streak in the evening', () => {
    const s = settings(
      { timeZone: 'UTC' },
      { weekly: email, streak: { email: false, push: true } },
    );
    expect(kinds(s, '2026-11-30T08:05:00Z')).toEqual(['weekly:2026-W49']);
    expect(kinds(s, '2026-12-01T08:05:00Z')).toEqual([]);
    expect(kinds(s, '2026-11-27T20:10:00Z')).toEqual(['streak:2026-11-27']);
    expect(dueReminders(s, at('2026-11-27T20:10:00Z'))[0]?.channels).toEqual(['push']);
    expect(nextCheck(s, at('2026-11-27T21:00:00Z'))?.toISOString()).toBe(
      '2026-11-28T20:00:00.000Z',
    );
    expect(isoWeekKey('2026-01-01')).toBe('2026-W01');
    expect(isoWeekKey('2027-01-01')).toBe('2026-W53');
  });

  it('looks at assignments every hour', () => {
    const s = settings({}, { assignments: email });
    expect(kinds(s, '2026-11-27T10:20:00Z')).toEqual(['assignments:2026-11-27T10']);
    expect(nextCheck(s, at('2026-11-27T10:20:00Z'))?.toISOString()).toBe(
      '2026-11-27T11:00:00.000Z',
    );
  });

  it('backs off failed sends: 1, 2, 4… minutes, at most 30', () => {
    expect([1, 2, 3, 6, 10].map(retryDelayMs)).toEqual([
      60_000, 120_000, 240_000, 1_800_000, 1_800_000,
    ]);
  });
});
