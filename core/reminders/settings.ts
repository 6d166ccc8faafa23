import { z } from 'zod';
import { ZDayKey, ZZoneName } from '../requests';
import {
  DEFAULT_REMINDER_TIME,
  DEFAULT_REVIEWS_THRESHOLD,
  REMINDER_KINDS,
  REVIEWS_THRESHOLD_MAX,
  REVIEWS_THRESHOLD_MIN,
  type ReminderChannel,
  type ReminderKind,
} from './kinds';

/**
 * Reminders (issue 30): what may reach a learner outside the app, and by which channel. Every
 * kind is off on every channel until the learner turns it on; quiet hours and a pause apply to
 * all. The server keeps these per account (one row, so the scheduler finds who is due with an
 * index) and the settings page and onboarding edit them through the requests below. The
 * kinds, channels and limits are in ./kinds.ts, without zod, for the client (decision 016).
 */
export * from './kinds';

/** A wall-clock time in the learner's zone, 00:00–23:59. */
export const ZClockTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Send a time from 00:00 to 23:59 as HH:MM');

export interface ReminderSettings {
  /** IANA zone the times are in (the browser's when first saved). */
  timeZone: string;
  /** The daily reminder's time. */
  dailyAt: string;
  /** Due cards that make a "reviews due" reminder worth sending. */
  reviewsThreshold: number;
  /** No reminder starts inside this span (it may wrap midnight: 22:00–07:00); null for none. */
  quietHours: { from: string; to: string } | null;
  /** No reminders until the end of this day in `timeZone`; null when not paused. */
  pausedUntil: string | null;
  /** Each kind, per channel: off until the learner turns it on. */
  kinds: Record<ReminderKind, Record<ReminderChannel, boolean>>;
}

/** A new account's settings: everything off. */
export const defaultReminderSettings = (timeZone = 'UTC'): ReminderSettings => ({
  timeZone,
  dailyAt: DEFAULT_REMINDER_TIME,
  reviewsThreshold: DEFAULT_REVIEWS_THRESHOLD,
  quietHours: null,
  pausedUntil: null,
  kinds: Object.fromEntries(
    REMINDER_KINDS.map((k) => [k, { email: false, push: false }]),
  ) as ReminderSettings['kinds'],
});

const ZChannels = z.strictObject({ email: z.boolean().optional(), push: z.boolean().optional() });

/**
 * PATCH /api/reminders: any of the settings, at least one; `kinds` merges per kind and
 * channel (`{ daily: { email: true } }` turns on the daily mail and changes nothing else).
 * Any bad value is a 400 and nothing changes.
 */
export const ZReminderPatch = z
  .strictObject({
    timeZone: ZZoneName.optional(),
    dailyAt: ZClockTime.optional(),
    reviewsThreshold: z
      .number()
      .int()
      .min(REVIEWS_THRESHOLD_MIN)
      .max(REVIEWS_THRESHOLD_MAX)
      .optional(),
    quietHours: z.strictObject({ from: ZClockTime, to: ZClockTime }).nullable().optional(),
    pausedUntil: ZDayKey.nullable().optional(),
    kinds: z.partialRecord(z.enum(REMINDER_KINDS), ZChannels).optional(),
  })
  .refine((p) => Object.values(p).some((v) => v !== undefined), {
    message: 'Name at least one reminder setting',
  });
export type TReminderPatch = z.infer<typeof ZReminderPatch>;

/** The longest push endpoint accepted (real ones are well under 1 KB). */
export const PUSH_ENDPOINT_MAX = 2048;

/** Browsers kept per learner for push; a new one past this drops the oldest. */
export const PUSH_DEVICES_MAX = 10;

/**
 * POST /api/reminders/push: a browser's PushSubscription (its `toJSON()`): an https endpoint
 * and the keys to encrypt for it (RFC 8291), base64url.
 */
export const ZPushSubscription = z.object({
  endpoint: z
    .string()
    .max(PUSH_ENDPOINT_MAX)
    .url()
    .refine((u) => u.startsWith('https://'), 'A push endpoint is an https address'),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    p256dh: z
      .string()
      .regex(/^[A-Za-z0-9_-]{80,100}$/, 'keys.p256dh is a base64url P-256 public key'),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,24}$/, 'keys.auth is a base64url 16-byte secret'),
  }),
});
export type TPushSubscription = z.infer<typeof ZPushSubscription>;

/** DELETE /api/reminders/push: the endpoint to forget. */
export const ZPushUnsubscribe = z.strictObject({ endpoint: z.string().max(PUSH_ENDPOINT_MAX) });

/**
 * GET /api/reminders: the settings, the server's VAPID public key (base64url, for
 * `pushManager.subscribe`) and whether email can be sent (SMTP or the dev outbox).
 */
export interface RemindersResponse {
  settings: ReminderSettings;
  push: { publicKey: string; devices: number };
  email: { address: string; verified: boolean };
}
