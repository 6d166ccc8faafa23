import { useRef, useState } from 'react';
import { mutate } from 'swr';
import { REMINDER_KINDS } from '../../../core/reminders/kinds';
import { mergeReminderPatch, untouchedReminders } from '../../../core/reminders/merge';
import type {
  ReminderSettings,
  RemindersResponse,
  TReminderPatch,
} from '../../../core/reminders/settings';
import { REMINDERS_KEY, patchReminders } from '../../data/reminders';
import { ApiError } from '../../lib/http-client';
import { browserZone } from '../../lib/time-zone';

/** Which part of the section a save belongs to: its note appears there. */
export type SaveSpot = string;

export type ReminderSaveStatus =
  { spot: SaveSpot; kind: 'saving' | 'saved' } | { spot: SaveSpot; kind: 'error'; message: string };

/** The settings as they were for the fields `patch` names, to put back after a refusal. */
function undo(before: ReminderSettings, patch: TReminderPatch): TReminderPatch {
  const back: TReminderPatch = {};
  if (patch.timeZone !== undefined) back.timeZone = before.timeZone;
  if (patch.dailyAt !== undefined) back.dailyAt = before.dailyAt;
  if (patch.reviewsThreshold !== undefined) back.reviewsThreshold = before.reviewsThreshold;
  if (patch.quietHours !== undefined) back.quietHours = before.quietHours;
  if (patch.pausedUntil !== undefined) back.pausedUntil = before.pausedUntil;
  if (patch.kinds) {
    back.kinds = {};
    for (const kind of REMINDER_KINDS)
      if (patch.kinds[kind]) back.kinds[kind] = { ...before.kinds[kind] };
  }
  return back;
}

const setSettings = (change: (s: ReminderSettings) => ReminderSettings) =>
  mutate<RemindersResponse>(
    REMINDERS_KEY,
    (r) => (r ? { ...r, settings: change(r.settings) } : r),
    { revalidate: false },
  );

export const problemText = (err: unknown) =>
  err instanceof Error ? err.message : 'Something went wrong. Please try again.';

/**
 * Saves each change at once: shown before the server answers, put back if it refuses (with
 * its message beside the control that changed). The first change also saves the browser's
 * time zone, so a learner who never opens the zone setting gets reminders at their own times.
 */
export function useReminderSave(settings: ReminderSettings) {
  const [status, setStatus] = useState<ReminderSaveStatus | null>(null);
  const latest = useRef(0);

  async function save(spot: SaveSpot, patch: TReminderPatch): Promise<boolean> {
    const n = ++latest.current;
    const zone = browserZone();
    const full =
      patch.timeZone === undefined && untouchedReminders(settings) && settings.timeZone !== zone
        ? { ...patch, timeZone: zone }
        : patch;
    const back = undo(settings, full);
    setStatus({ spot, kind: 'saving' });
    void setSettings((s) => mergeReminderPatch(s, full));
    try {
      await patchReminders(full);
      if (n === latest.current) setStatus({ spot, kind: 'saved' });
      return true;
    } catch (err) {
      void setSettings((s) => mergeReminderPatch(s, back));
      setStatus({ spot, kind: 'error', message: problemText(err) });
      // A refusal the page could not foresee: read the settings again from the server.
      if (err instanceof ApiError && err.status >= 400) void mutate(REMINDERS_KEY);
      return false;
    }
  }

  /** Shows a problem found before saving (a date in the past, push blocked). */
  const refuse = (spot: SaveSpot, message: string) => setStatus({ spot, kind: 'error', message });
  const saving = (spot: SaveSpot) => setStatus({ spot, kind: 'saving' });

  return { status, save, refuse, saving };
}

export type ReminderSave = ReturnType<typeof useReminderSave>;
