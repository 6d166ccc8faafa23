import { addDays, type DayKey } from '../dates';
import { zoneDayKey } from '../progress/dashboard';
import { zoneOffset } from '../review/schedule';
import {
  REMINDER_KINDS,
  type ReminderChannel,
  type ReminderKind,
  type ReminderSettings,
} from './settings';

/**
 * When each reminder may go out (docs/decisions/049-reminders.md). Every kind has a window
 * that opens at a wall-clock time in the learner's zone and stays open for a grace span: a
 * scheduler that was down past the grace skips that window (a missed 18:00 reminder is not
 * sent at midnight), and one window is one period in the ledger, so it is sent at most once.
 */

/** How long after its time a window still sends (catching up after a restart, retries). */
export const REMINDER_GRACE_MS = 2 * 3600_000;
/** The weekly summary and team digest: Monday morning, open longer (a whole morning). */
export const WEEKLY_GRACE_MS = 6 * 3600_000;
/** "Your streak ends tonight": the evening, in the learner's zone. */
export const STREAK_REMINDER_AT = '20:00';
/** Due reviews: the morning, in the learner's zone. */
export const REVIEWS_REMINDER_AT = '09:00';
/** The weekly summary and team digest: Monday at this time. */
export const WEEKLY_REMINDER_AT = '08:00';
/** Assignments are looked at every hour (each assignment's reminder is its own period). */
export const ASSIGNMENT_CHECK_MS = 3600_000;
/** An assignment is "due soon" this long before its due time. */
export const ASSIGNMENT_SOON_MS = 24 * 3600_000;

/** The channels a kind is on for. */
export const channelsOn = (s: ReminderSettings, kind: ReminderKind): ReminderChannel[] =>
  (['email', 'push'] as const).filter((ch) => s.kinds[kind][ch]);

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * The instant a wall-clock time happens on a day in a zone. A time skipped by a
 * daylight-saving change (02:30 on a spring-forward night) is the same span after the gap
 * (03:30); a repeated one (autumn) is its first occurrence.
 */
export function zonedInstant(day: DayKey, hhmm: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d) + minutesOf(hhmm) * 60_000;
  const before = zoneOffset(wall - 86_400_000 / 2, timeZone);
  const after = zoneOffset(wall + 86_400_000 / 2, timeZone);
  // Try the offset in force before the change first (the first of a repeated hour).
  const first = wall - before;
  if (zoneOffset(first, timeZone) === before) return new Date(first);
  const second = wall - after;
  if (zoneOffset(second, timeZone) === after) return new Date(second);
  return new Date(first); // in a gap: the earlier offset lands the same span past it
}

/** The ISO week of a day, e.g. '2026-W48' (weeks start on Monday; week 1 holds a Thursday). */
export function isoWeekKey(day: DayKey): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  const dow = date.getUTCDay() || 7;
  date.setUTCDate(date.getUTCDate() + 4 - dow); // the Thursday of this week
  const year = date.getUTCFullYear();
  const week = Math.ceil(((date.getTime() - Date.UTC(year, 0, 1)) / 86_400_000 + 1) / 7);
  return `${year}-W${String(week).padStart(2, '0')}`;
}

const isMonday = (day: DayKey) => new Date(`${day}T00:00:00Z`).getUTCDay() === 1;

/** Whether a wall-clock time falls inside the quiet hours (which may wrap midnight). */
export function inQuietHours(s: ReminderSettings, now: Date): boolean {
  if (!s.quietHours) return false;
  const offset = zoneOffset(now.getTime(), s.timeZone);
  const local = new Date(now.getTime() + offset);
  const t = local.getUTCHours() * 60 + local.getUTCMinutes();
  const from = minutesOf(s.quietHours.from);
  const to = minutesOf(s.quietHours.to);
  if (from === to) return false;
  return from < to ? t >= from && t < to : t >= from || t < to;
}

/** Paused: today (in the zone) is on or before `pausedUntil`. */
export const isPaused = (s: ReminderSettings, now: Date): boolean =>
  s.pausedUntil !== null && zoneDayKey(now, s.timeZone) <= s.pausedUntil;

interface Window {
  kind: ReminderKind;
  /** The ledger's period: the day, the ISO week or (assignments) the hour. */
  period: string;
  start: Date;
  end: Date;
}

/** The windows of a kind that start on a given day in the learner's zone. */
function windowsOn(s: ReminderSettings, kind: ReminderKind, day: DayKey): Window[] {
  const at = (hhmm: string, grace: number, period: string): Window[] => {
    const start = zonedInstant(day, hhmm, s.timeZone);
    return [{ kind, period, start, end: new Date(start.getTime() + grace) }];
  };
  switch (kind) {
    case 'daily':
      return at(s.dailyAt, REMINDER_GRACE_MS, day);
    case 'streak':
      return at(STREAK_REMINDER_AT, REMINDER_GRACE_MS, day);
    case 'reviews':
      return at(REVIEWS_REMINDER_AT, REMINDER_GRACE_MS, day);
    case 'weekly':
    case 'teamDigest':
      return isMonday(day) ? at(WEEKLY_REMINDER_AT, WEEKLY_GRACE_MS, isoWeekKey(day)) : [];
    case 'assignments':
      return []; // hourly, not tied to the zone's days: see assignmentWindow
  }
}

/** The hour an assignment check belongs to (UTC hours: every zone shares them). */
function assignmentWindow(now: Date): Window {
  const start = new Date(Math.floor(now.getTime() / ASSIGNMENT_CHECK_MS) * ASSIGNMENT_CHECK_MS);
  return {
    kind: 'assignments',
    period: start.toISOString().slice(0, 13),
    start,
    end: new Date(start.getTime() + ASSIGNMENT_CHECK_MS),
  };
}

export interface DueReminder {
  kind: ReminderKind;
  /** The ledger's period key, e.g. '2026-11-27' (daily), '2026-W48' (weekly). */
  period: string;
  channels: ReminderChannel[];
}

/**
 * What may be sent to a learner at an instant: each kind turned on for some channel whose
 * window is open now, unless paused or inside quiet hours. Whether it is worth sending (the
 * goal met, too few cards due…) is the server's to read; whether it was sent already is the
 * ledger's.
 */
export function dueReminders(s: ReminderSettings, now: Date): DueReminder[] {
  if (isPaused(s, now) || inQuietHours(s, now)) return [];
  const today = zoneDayKey(now, s.timeZone);
  const out: DueReminder[] = [];
  for (const kind of REMINDER_KINDS) {
    const channels = channelsOn(s, kind);
    if (channels.length === 0) continue;
    const windows =
      kind === 'assignments'
        ? [assignmentWindow(now)]
        : [...windowsOn(s, kind, addDays(today, -1)), ...windowsOn(s, kind, today)];
    for (const w of windows) {
      if (w.start <= now && now < w.end) out.push({ kind, period: w.period, channels });
    }
  }
  return out;
}

/** The instant the quiet hours that hold `now` end (null when `now` is not in them). */
function quietEnd(s: ReminderSettings, now: Date): Date | null {
  if (!s.quietHours || !inQuietHours(s, now)) return null;
  const today = zoneDayKey(now, s.timeZone);
  const end = zonedInstant(today, s.quietHours.to, s.timeZone);
  return end > now ? end : zonedInstant(addDays(today, 1), s.quietHours.to, s.timeZone);
}

/**
 * The next instant after `now` when a window of a kind the learner turned on opens (null
 * when none is on): the scheduler's index reads it, so a pass only looks at learners due.
 * A pause moves it to the day after the pause ends. A window open now but held by quiet
 * hours is looked at again when they end, if that is before its grace runs out.
 */
export function nextCheck(s: ReminderSettings, now: Date): Date | null {
  const held = quietEnd(s, now);
  const later = scheduledAfter(s, now);
  if (held && !isPaused(s, now) && openWindows(s, now).some((w) => held < w.end))
    return later && later < held ? later : held;
  return later;
}

/** The windows of the kinds turned on (assignments aside) that are open at `now`. */
function openWindows(s: ReminderSettings, now: Date): Window[] {
  const today = zoneDayKey(now, s.timeZone);
  return REMINDER_KINDS.filter((k) => k !== 'assignments' && channelsOn(s, k).length > 0)
    .flatMap((k) => [...windowsOn(s, k, addDays(today, -1)), ...windowsOn(s, k, today)])
    .filter((w) => w.start <= now && now < w.end);
}

function scheduledAfter(s: ReminderSettings, now: Date): Date | null {
  const from =
    s.pausedUntil !== null && isPaused(s, now)
      ? zonedInstant(addDays(s.pausedUntil, 1), '00:00', s.timeZone)
      : now;
  const today = zoneDayKey(from, s.timeZone);
  let best: Date | null = null;
  for (const kind of REMINDER_KINDS) {
    if (channelsOn(s, kind).length === 0) continue;
    if (kind === 'assignments') {
      const w = assignmentWindow(from);
      const next = w.start > now && w.start >= from ? w.start : w.end;
      if (!best || next < best) best = next;
      continue;
    }
    for (let i = 0; i <= 8; i++) {
      const w = windowsOn(s, kind, addDays(today, i - 1)).find(
        (x) => x.start > now && x.start >= from,
      );
      if (w) {
        if (!best || w.start < best) best = w.start;
        break;
      }
    }
  }
  return best;
}

/** A failed send is tried again after 1, 2, 4… minutes, at most 30 (inside the window's grace). */
export const retryDelayMs = (failures: number): number =>
  Math.min(30, 2 ** Math.max(0, failures - 1)) * 60_000;
