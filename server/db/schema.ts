import type { Generated } from 'kysely';
/** Table types for Kysely. Timestamps are ISO-8601 UTC strings in both dialects. */
export interface AnalyticsEventTable {
  id: string;
  user_id: string | null;
  type: 'page_view' | 'event';
  name: string | null;
  path: string | null;
  hash: string | null;
  value: number | null;
  currency: string | null;
  created_at: string;
}

/** Better Auth's tables. Dates are ISO strings in SQLite and Date objects from PostgreSQL. */
type DbDate = string | Date;
type DbBool = number | boolean;

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: DbBool;
  image: string | null;
  createdAt: DbDate;
  updatedAt: DbDate;
  stripeRole: string | null;
  joined: string | null;
}

export interface SessionTable {
  id: string;
  expiresAt: DbDate;
  token: string;
  createdAt: DbDate;
  updatedAt: DbDate;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
  /** The team this session acts in (Better Auth's organization plugin). */
  activeOrganizationId: string | null;
}

export interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: DbDate | null;
  refreshTokenExpiresAt: DbDate | null;
  scope: string | null;
  password: string | null;
  createdAt: DbDate;
  updatedAt: DbDate;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: DbDate;
  createdAt: DbDate;
  updatedAt: DbDate;
}

export interface MailOutboxTable {
  id: string;
  to_address: string;
  kind: string;
  subject: string;
  text_body: string;
  html_body: string;
  link: string | null;
  created_at: string;
}

export interface ProfileFieldTable {
  user_id: string;
  field: string;
  /** JSON-encoded value. */
  value: string;
  updated_at: string;
}

export interface StorageObjectTable {
  id: string;
  owner_id: string;
  bucket: string;
  full_path: string;
  name: string;
  generation: string;
  metageneration: string;
  size: number;
  time_created: string;
  updated: string;
  md5_hash: string;
  cache_control: string | null;
  content_disposition: string | null;
  content_encoding: string | null;
  content_language: string | null;
  content_type: string;
  /** JSON object of string values. */
  custom_metadata: string;
  download_token: string | null;
  data: Uint8Array;
}

export interface RateLimitBucketTable {
  key: string;
  window_start: number;
  count: number;
}

export interface GrammarAnswerTable {
  user_id: string;
  question_id: string;
  choice: number;
  /** 1 or 0 */
  correct: number;
  answered_at: string;
}

export interface QuizAttemptTable {
  id: string;
  user_id: string;
  topic_id: string;
  /** JSON array of chosen option indexes. */
  answers: string;
  /** JSON array of the question ids asked, in order; null when every question was. */
  question_ids: string | null;
  correct: number;
  total: number;
  score: number;
  created_at: string;
}

export interface TopicScoreTable {
  user_id: string;
  topic_id: string;
  score: number;
  updated_at: string;
}

export interface PointsEventTable {
  user_id: string;
  /** 'question:{id}' or 'attempt:{id}' */
  source: string;
  /** 'total' or a content tag */
  tag: string;
  points: number;
  created_at: string;
}

/**
 * A learner's activity per 15-minute UTC bucket (0019), kept by triggers on the raw tables:
 * the ledger's 'total' points, item visits, and answers (single ones plus each quiz's total).
 */
export interface ActivityBucketTable {
  user_id: string;
  /** 'YYYY-MM-DDTHH' plus the quarter hour (0–3), as dashboard/service.ts `bucketKey`. */
  bucket: string;
  points: number;
  visits: number;
  answers: number;
}

/**
 * A team's points per 15-minute UTC bucket: the sum of its current members' activity_bucket
 * points (0021), kept by triggers on activity_bucket and member.
 */
export interface TeamBucketTable {
  team_id: string;
  bucket: string;
  points: number;
}

/** The ledger's sum per tag, 'total' included (0019), kept by triggers on points_event. */
export interface TagPointsTable {
  user_id: string;
  tag: string;
  points: number;
}

export interface UserItemTable {
  user_id: string;
  kind: string;
  item_id: string;
  visits: number;
  liked: number;
  status: string | null;
  /** JSON array */
  entries: string;
  show_again: number;
  game_score: number | null;
  planned_at: string | null;
  completed_at: string | null;
  saved_at: string | null;
  doodled_at: string | null;
  learning_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A learner's best Match time per word set (0015). */
export interface WordSetBestTable {
  user_id: string;
  set_id: string;
  match_ms: number;
  played_at: string;
}

export interface ItemVisitTable {
  user_id: string;
  kind: string;
  item_id: string;
  at: string;
}

export interface StripeEventTable {
  id: string;
  type: string;
  created: number | string;
  received_at: string;
}

export interface BillingCustomerTable {
  user_id: string;
  customer_id: string | null;
  subscription_id: string | null;
  status: string | null;
  event_created: number | string;
  updated_at: string;
}

export interface SkillScoreTable {
  user_id: string;
  skill_id: string;
  /** 1..5; unrated skills have no row and count as the baseline. */
  score: number;
  updated_at: string;
}

/** One applied `/api/sync` operation (see migration 0008): replays return `result`. */
export interface ClientOpTable {
  user_id: string;
  op_id: string;
  /** JSON: the op's identity (type and key) and what it returned the first time. */
  result: string;
  created_at: string;
}

/** A spaced-review card (migration 0007): ts-fsrs's Card fields, dates as ISO strings. */
export interface ReviewCardTable {
  user_id: string;
  /** 'word:<wordId>' or 'grammar:<questionId>' */
  card_id: string;
  kind: string;
  item_id: string;
  due: string;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  /** ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning */
  state: number;
  last_review: string | null;
  /** 1 while the word's showAgain is off */
  suspended: number;
  created_at: string;
}

/** One review: the card before (ts-fsrs's ReviewLog fields), after, and the answer given. */
export interface ReviewLogTable {
  id: string;
  user_id: string;
  card_id: string;
  rating: number;
  state: number;
  due: string;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  last_elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reviewed_at: string;
  next_state: number;
  next_due: string;
  next_stability: number;
  next_difficulty: number;
  next_scheduled_days: number;
  /** The option chosen and the right one, in the order shown; -1 for a typed answer. */
  choice_index: number;
  correct_index: number;
  /** What was typed on a card that asked for the word (0016); null for a choice. */
  typed: string | null;
  correct: number;
}

/** Teams: Better Auth's organization plugin (a team is its "organization"). */
export interface OrganizationTable {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  createdAt: DbDate;
  metadata: string | null;
}

export interface MemberTable {
  id: string;
  organizationId: string;
  userId: string;
  /** 'owner' | 'admin' | 'member' */
  role: string;
  createdAt: DbDate;
}

export interface InvitationTable {
  id: string;
  organizationId: string;
  email: string;
  role: string | null;
  /** 'pending' | 'accepted' | 'rejected' | 'canceled' */
  status: string;
  expiresAt: DbDate;
  createdAt: DbDate;
  inviterId: string;
}

export interface TeamAssignmentTable {
  id: string;
  team_id: string;
  /** core/teams/assignments.ts AssignmentKind */
  kind: string;
  content_id: string;
  /** YYYY-MM-DD, or null for no due date */
  due_on: string | null;
  note: string | null;
  /** 1: the whole team, now and later; 0: the members in team_assignment_member */
  everyone: number;
  created_by: string | null;
  created_at: string;
}

export interface TeamAssignmentMemberTable {
  assignment_id: string;
  user_id: string;
}

/** A team's join link (migration 0018): on while the row exists. */
export interface TeamJoinLinkTable {
  team_id: string;
  token: string;
  /** Lower-case domain joiners' addresses must have, or null for any. */
  email_domain: string | null;
  created_by: string | null;
  created_at: string;
}

/** A learner's reminder settings and when the scheduler next looks at them (migration 0020). */
export interface ReminderSettingTable {
  user_id: string;
  time_zone: string;
  daily_at: string;
  reviews_threshold: number;
  quiet_from: string | null;
  quiet_to: string | null;
  paused_until: string | null;
  /** JSON: ReminderSettings['kinds']. */
  kinds: string;
  /** ISO instant the scheduler next looks at this learner; null while nothing is on. */
  next_at: string | null;
  /** Failed sends in a row (the retry's backoff); 0 after a success. */
  failures: Generated<number>;
  updated_at: string;
}

/** A browser's Web Push subscription (migration 0020). */
export interface PushSubscriptionTable {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
  last_success_at: string | null;
  last_failure_at: string | null;
}

/** The ledger: one row per reminder sent (or being sent), unique per user, kind, period and channel. */
export interface ReminderSentTable {
  user_id: string;
  kind: string;
  period: string;
  channel: string;
  sent_at: string;
}

export interface Database {
  analytics_event: AnalyticsEventTable;
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  mail_outbox: MailOutboxTable;
  profile_field: ProfileFieldTable;
  storage_object: StorageObjectTable;
  rate_limit_bucket: RateLimitBucketTable;
  grammar_answer: GrammarAnswerTable;
  quiz_attempt: QuizAttemptTable;
  topic_score: TopicScoreTable;
  points_event: PointsEventTable;
  activity_bucket: ActivityBucketTable;
  team_bucket: TeamBucketTable;
  tag_points: TagPointsTable;
  user_item: UserItemTable;
  word_set_best: WordSetBestTable;
  item_visit: ItemVisitTable;
  stripe_event: StripeEventTable;
  billing_customer: BillingCustomerTable;
  skill_score: SkillScoreTable;
  client_op: ClientOpTable;
  review_card: ReviewCardTable;
  review_log: ReviewLogTable;
  organization: OrganizationTable;
  member: MemberTable;
  invitation: InvitationTable;
  team_assignment: TeamAssignmentTable;
  team_assignment_member: TeamAssignmentMemberTable;
  team_join_link: TeamJoinLinkTable;
  reminder_setting: ReminderSettingTable;
  push_subscription: PushSubscriptionTable;
  reminder_sent: ReminderSentTable;
}

/** A date column as a Date, whichever dialect produced it. */
export function toDate(value: DbDate): Date {
  return value instanceof Date ? value : new Date(value);
}
