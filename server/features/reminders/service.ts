import { createHmac, timingSafeEqual } from 'node:crypto';
import { nextCheck } from '../../../core/reminders/schedule';
import {
  REMINDER_CHANNELS,
  PUSH_DEVICES_MAX,
  REMINDER_KINDS,
  defaultReminderSettings,
  type ReminderChannel,
  type ReminderKind,
  type ReminderSettings,
  type TPushSubscription,
  type TReminderPatch,
} from '../../../core/reminders/settings';
import { mergeReminderPatch } from '../../../core/reminders/merge';
import type { Db } from '../../db/client';
import type { ReminderSettingTable } from '../../db/schema';

type SettingRow = Pick<
  ReminderSettingTable,
  | 'time_zone'
  | 'daily_at'
  | 'reviews_threshold'
  | 'quiet_from'
  | 'quiet_to'
  | 'paused_until'
  | 'kinds'
>;

/** A stored row as the settings core describes; a kind missing from the JSON is off. */
export function settingsOf(row: SettingRow): ReminderSettings {
  const base = defaultReminderSettings(row.time_zone);
  const saved = JSON.parse(row.kinds) as Partial<ReminderSettings['kinds']>;
  for (const kind of REMINDER_KINDS)
    for (const ch of REMINDER_CHANNELS) base.kinds[kind][ch] = saved[kind]?.[ch] === true;
  return {
    ...base,
    dailyAt: row.daily_at,
    reviewsThreshold: row.reviews_threshold,
    quietHours:
      row.quiet_from !== null && row.quiet_to !== null
        ? { from: row.quiet_from, to: row.quiet_to }
        : null,
    pausedUntil: row.paused_until,
  };
}

/** The settings columns of `reminder_setting`, as a pass and the settings page read them. */
export const SETTING_COLUMNS = [
  'time_zone',
  'daily_at',
  'reviews_threshold',
  'quiet_from',
  'quiet_to',
  'paused_until',
  'kinds',
] as const;

/** The learner's settings: everything off (in UTC) until they save some. */
export async function readSettings(db: Db, userId: string): Promise<ReminderSettings> {
  const row = await db
    .selectFrom('reminder_setting')
    .select(SETTING_COLUMNS)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? settingsOf(row) : defaultReminderSettings();
}

/** The row for a learner's settings, with when the scheduler next looks at them. */
function rowOf(s: ReminderSettings, now: Date) {
  return {
    time_zone: s.timeZone,
    daily_at: s.dailyAt,
    reviews_threshold: s.reviewsThreshold,
    quiet_from: s.quietHours?.from ?? null,
    quiet_to: s.quietHours?.to ?? null,
    paused_until: s.pausedUntil,
    kinds: JSON.stringify(s.kinds),
    next_at: nextCheck(s, now)?.toISOString() ?? null,
    failures: 0,
    updated_at: now.toISOString(),
  };
}

/** Saves settings (insert or replace) and recomputes when the scheduler next looks. */
export async function saveSettings(
  db: Db,
  userId: string,
  s: ReminderSettings,
  now = new Date(),
): Promise<void> {
  const row = rowOf(s, now);
  await db
    .insertInto('reminder_setting')
    .values({ user_id: userId, ...row })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
    .execute();
}

/** PATCH /api/reminders: read, merge, save; returns the new settings. */
export async function patchSettings(
  db: Db,
  userId: string,
  patch: TReminderPatch,
  now = new Date(),
): Promise<ReminderSettings> {
  const next = mergeReminderPatch(await readSettings(db, userId), patch);
  await saveSettings(db, userId, next, now);
  return next;
}

/** Turns one kind off on one channel (the unsubscribe link); true when it was on. */
export async function turnOff(
  db: Db,
  userId: string,
  kind: ReminderKind,
  channel: ReminderChannel,
): Promise<boolean> {
  const s = await readSettings(db, userId);
  if (!s.kinds[kind][channel]) return false;
  await saveSettings(
    db,
    userId,
    mergeReminderPatch(s, { kinds: { [kind]: { [channel]: false } } }),
  );
  return true;
}

/** How many browsers the learner gets push notifications on. */
export async function deviceCount(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('push_subscription')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Keeps a browser's subscription. The endpoint is the browser's: subscribing again (this
 * learner or whoever signs in on it next) replaces the row, so it is never notified twice.
 */
export async function addSubscription(
  db: Db,
  userId: string,
  sub: TPushSubscription,
  now = new Date(),
): Promise<void> {
  const values = { user_id: userId, p256dh: sub.keys.p256dh, auth: sub.keys.auth };
  await db
    .insertInto('push_subscription')
    .values({
      id: crypto.randomUUID(),
      endpoint: sub.endpoint,
      created_at: now.toISOString(),
      ...values,
    })
    .onConflict((oc) => oc.column('endpoint').doUpdateSet({ ...values, last_failure_at: null }))
    .execute();
  // A bounded list per learner: past PUSH_DEVICES_MAX browsers, the oldest go.
  await db
    .deleteFrom('push_subscription')
    .where('user_id', '=', userId)
    .where('id', 'not in', (eb) =>
      eb
        .selectFrom('push_subscription')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(PUSH_DEVICES_MAX),
    )
    .execute();
}

/** Forgets one of the learner's browsers; another learner's endpoint is left alone. */
export async function removeSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  await db
    .deleteFrom('push_subscription')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .execute();
}

// Unsubscribe links: `<payload>.<signature>`, the payload "user:kind:channel" in base64url,
// the signature an HMAC-SHA256 under the server's secret with a purpose prefix of its own
// (so no other signed value of the app passes for one). They do not expire: a mail read a
// year later must still turn its reminder off.

const PURPOSE = 'reminder-unsubscribe:';

export function unsubscribeToken(
  secret: string,
  userId: string,
  kind: ReminderKind,
  channel: ReminderChannel,
): string {
  const payload = Buffer.from(`${userId}:${kind}:${channel}`).toString('base64url');
  const sig = createHmac('sha256', secret)
    .update(PURPOSE + payload)
    .digest('base64url');
  return `${payload}.${sig}`;
}

/** The user, kind and channel a token names; null unless its signature verifies. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; kind: ReminderKind; channel: ReminderChannel } | null {
  const [payload, sig, extra] = token.split('.');
  if (!payload || !sig || extra !== undefined) return null;
  const expected = createHmac('sha256', secret)
    .update(PURPOSE + payload)
    .digest();
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [userId, kind, channel] = Buffer.from(payload, 'base64url').toString('utf8').split(':');
  if (!userId || !REMINDER_KINDS.includes(kind as ReminderKind)) return null;
  if (!REMINDER_CHANNELS.includes(channel as ReminderChannel)) return null;
  return { userId, kind: kind as ReminderKind, channel: channel as ReminderChannel };
}

/**
 * The learner's reminders for the data export: their settings, the browsers they get push
 * on (the push service's host, not the endpoint, which is a bearer address) and what was
 * sent when.
 */
export async function remindersExport(db: Db, userId: string) {
  const [settings, devices, sent] = await Promise.all([
    readSettings(db, userId),
    db
      .selectFrom('push_subscription')
      .select(['endpoint', 'created_at', 'last_success_at', 'last_failure_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('reminder_sent')
      .select(['kind', 'period', 'channel', 'sent_at'])
      .where('user_id', '=', userId)
      .orderBy('sent_at')
      .execute(),
  ]);
  return {
    reminders: {
      settings,
      pushDevices: devices.map((d) => ({
        pushService: new URL(d.endpoint).host,
        createdAt: d.created_at,
        lastSuccessAt: d.last_success_at,
        lastFailureAt: d.last_failure_at,
      })),
      sent: sent.map((s) => ({
        kind: s.kind,
        period: s.period,
        channel: s.channel,
        sentAt: s.sent_at,
      })),
    },
  };
}
