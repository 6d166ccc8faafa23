import { mutate } from 'swr';
import type {
  ReminderSettings,
  RemindersResponse,
  TReminderPatch,
} from '../../core/reminders/settings';
import { apiFetch } from '../lib/http-client';

// The learner's reminders (issue 30), read by the settings page and written by it and by
// onboarding's daily-reminder offer. The shapes are the shared contract in
// core/reminders/settings.ts (only its types: the schemas stay on the server, decision 016).

export const REMINDERS_KEY = '/api/reminders';

export async function fetchReminders(): Promise<RemindersResponse> {
  return (await apiFetch(REMINDERS_KEY)).json() as Promise<RemindersResponse>;
}

/**
 * Saves some of the settings (PATCH merges them, `kinds` per kind and channel); resolves
 * with all of them as the server keeps them, and puts those in the cache the settings page
 * reads. A refusal is an ApiError carrying the server's message; nothing was changed.
 */
export async function patchReminders(patch: TReminderPatch): Promise<ReminderSettings> {
  const res = await apiFetch(REMINDERS_KEY, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(patch),
  });
  const settings = (await res.json()) as ReminderSettings;
  void mutate<RemindersResponse>(REMINDERS_KEY, (r) => (r ? { ...r, settings } : r), {
    revalidate: false,
  });
  return settings;
}
