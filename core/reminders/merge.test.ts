import { describe, expect, it } from 'vitest';
import { mergeReminderPatch, untouchedReminders } from './merge';
import { defaultReminderSettings } from './settings';

describe('mergeReminderPatch', () => {
  it('changes one switch and leaves every other kind and channel as it was', () => {
    const before = defaultReminderSettings('Europe/Lisbon');
    before.kinds.weekly.email = true;
    const after = mergeReminderPatch(before, { kinds: { daily: { push: true } } });
    expect(after.kinds.daily).toEqual({ email: false, push: true });
    expect(after.kinds.weekly).toEqual({ email: true, push: false });
    expect(after.timeZone).toBe('Europe/Lisbon');
    expect(before.kinds.daily.push).toBe(false); // the settings given are not changed
  });

  it('replaces the named settings; null turns quiet hours and the pause off', () => {
    const before = {
      ...defaultReminderSettings(),
      quietHours: { from: '22:00', to: '07:00' },
      pausedUntil: '2026-12-24',
    };
    expect(mergeReminderPatch(before, { dailyAt: '07:30', reviewsThreshold: 5 })).toMatchObject({
      dailyAt: '07:30',
      reviewsThreshold: 5,
      quietHours: { from: '22:00', to: '07:00' },
      pausedUntil: '2026-12-24',
    });
    expect(mergeReminderPatch(before, { quietHours: null, pausedUntil: null })).toMatchObject({
      quietHours: null,
      pausedUntil: null,
    });
  });
});

describe('untouchedReminders', () => {
  it('is true for a new account and false once anything is on', () => {
    const fresh = defaultReminderSettings();
    expect(untouchedReminders(fresh)).toBe(true);
    expect(
      untouchedReminders(mergeReminderPatch(fresh, { kinds: { streak: { email: true } } })),
    ).toBe(false);
    expect(untouchedReminders({ ...fresh, pausedUntil: '2026-12-01' })).toBe(false);
  });
});
