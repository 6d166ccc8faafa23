/**
 * Reminders (issue 30): the kinds, the channels and the limits, without zod, so the settings
 * page, onboarding and the unsubscribe page import them (decision 016). The requests that
 * edit them are in ./settings.ts.
 */
export const REMINDER_KINDS = [
  /** At the learner's chosen time, only while the day's goal is not met. */
  'daily',
  /** In the evening, once, when the goal streak would end tonight. */
  'streak',
  /** When at least `reviewsThreshold` cards are due. */
  'reviews',
  /** A team assignment due within 24 hours, and one that became overdue. */
  'assignments',
  /** The learner's week: points, streak, topics improved, what is due. */
  'weekly',
  /** Team owners and admins: who is on track and what is overdue (what members were told admins see). */
  'teamDigest',
] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

export const REMINDER_CHANNELS = ['email', 'push'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];

/** What each kind is called on the settings page, in a mail's footer and on the unsubscribe page. */
export const REMINDER_KIND_NAMES: Record<ReminderKind, string> = {
  daily: 'Daily practice reminder',
  streak: 'Streak about to end',
  reviews: 'Reviews due',
  assignments: 'Team assignments due or overdue',
  weekly: 'Weekly summary',
  teamDigest: 'Weekly team digest (owners and admins)',
};

export const REVIEWS_THRESHOLD_MIN = 1;
export const REVIEWS_THRESHOLD_MAX = 200;
export const DEFAULT_REMINDER_TIME = '18:00';
export const DEFAULT_REVIEWS_THRESHOLD = 20;
