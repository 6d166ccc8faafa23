import { REMINDER_CHANNELS, REMINDER_KINDS } from './kinds';
import type { ReminderSettings, TReminderPatch } from './settings';

/**
 * A learner's settings after a PATCH: each named setting replaced, `kinds` merged per kind
 * and channel (`{ daily: { email: true } }` changes that one switch). The settings page shows
 * a change with it before the server answers.
 */
export function mergeReminderPatch(
  settings: ReminderSettings,
  patch: TReminderPatch,
): ReminderSettings {
  const kinds = { ...settings.kinds };
  for (const kind of REMINDER_KINDS) {
    const channels = patch.kinds?.[kind];
    if (channels) kinds[kind] = { ...kinds[kind], ...definedOnly(channels) };
  }
  return {
    timeZone: patch.timeZone ?? settings.timeZone,
    dailyAt: patch.dailyAt ?? settings.dailyAt,
    reviewsThreshold: patch.reviewsThreshold ?? settings.reviewsThreshold,
    quietHours: patch.quietHours === undefined ? settings.quietHours : patch.quietHours,
    pausedUntil: patch.pausedUntil === undefined ? settings.pausedUntil : patch.pausedUntil,
    kinds,
  };
}

function definedOnly(channels: { email?: boolean; push?: boolean }) {
  return Object.fromEntries(
    REMINDER_CHANNELS.flatMap((c) => (channels[c] === undefined ? [] : [[c, channels[c]]])),
  );
}

/** Whether the learner has never changed anything: every kind off, no quiet hours, no pause. */
export function untouchedReminders(settings: ReminderSettings): boolean {
  return (
    settings.quietHours === null &&
    settings.pausedUntil === null &&
    REMINDER_KINDS.every((k) => REMINDER_CHANNELS.every((c) => !settings.kinds[k][c]))
  );
}
