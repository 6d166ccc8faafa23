/** Business constants from the product specification (section 9) and client defaults (section 1). */

export const POINTS_PER_CORRECT_ANSWER = 10;
export const POINTS_PER_SINGLE_QUESTION = 10;
export const DEEP_DIVE_COUNT = 30;
export const RATING_MAX = 5;
export const RATING_DEFAULT = 1;
export const SKILL_BASELINE = 1;
export const TOPIC_SCORE_THRESHOLD = 50;
export const DEFAULT_EXPANDED_TOPIC = 'nouns';

export const INTERVIEW_TYPES = ['behavioral', 'system-design', 'coding'] as const;
export type InterviewType = (typeof INTERVIEW_TYPES)[number];

export const CONVERSION_EVENT = { value: 50, currency: 'INR' } as const;

/**
 * Verification, reset and team-invitation mails one address receives per window. Past it the
 * request is answered as usual but sends nothing, so a stranger cannot block the owner's
 * reset: the links already sent keep working. (server/auth/limits.ts enforces it; the team
 * page names it when an invitation's mail is held back.)
 */
export const MAIL_LIMIT = { windowMs: 15 * 60_000, max: 3 };

/**
 * Team creation and invitations per hour (server/features/teams/teams.ts and invitations.ts
 * enforce them, counted in the database; past one the answer is 429 with Retry-After): teams
 * one account creates, invitations one account sends in all its teams together, and
 * invitations one team sends from all its owners and admins together. Each invitation also
 * counts against MAIL_LIMIT for its address.
 */
export const TEAM_LIMITS = {
  windowMs: 60 * 60_000,
  teamsPerUser: 3,
  invitationsPerUser: 30,
  invitationsPerTeam: 50,
} as const;

/** The spec's callable timeout: every API call gives up after 70 s. */
export const API_TIMEOUT_MS = 70_000;

/** SWR settings named by the spec: no revalidation on focus or reconnect. */
export const SWR_SETTINGS = {
  dedupingInterval: 2_000,
  focusThrottleInterval: 5_000,
  errorRetryInterval: 5_000,
  loadingTimeout: 3_000,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
} as const;

export const PROFESSIONS = ['Business', 'Tech', 'Creative'] as const;
export type Profession = (typeof PROFESSIONS)[number];
export const LEVELS = ['Student', 'Junior', 'Mid-level', 'Senior', 'Executive'] as const;
export type Level = (typeof LEVELS)[number];

export const CLIENT_DEFAULTS = {
  profession: 'Business' as Profession,
  level: 'Student' as Level,
  isLocalDark: false,
};

/** localStorage keys used by the client. `isLocalDark` is the spec's name. */
export const STORAGE_KEYS = {
  dark: 'isLocalDark',
  profession: 'profession',
  level: 'level',
  /** A guest's daily goal in points (a learner's is on the profile). */
  dailyGoal: 'dailyGoal',
  /** The skills profile's target profile: the role the learner aims for. */
  targetProfile: 'skillsTargetProfile',
} as const;

/** Most analytics events accepted in one batch. */
export const MAX_EVENTS_PER_BATCH = 50;

/** Most ops in one `POST /api/sync` batch. */
export const MAX_SYNC_OPS = 200;
/** What the client puts in one sync batch, well under the API's 64 KiB body cap. */
export const SYNC_BATCH_BYTES = 48 * 1024;
