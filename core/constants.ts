/** Business constants from the product specification (section 9) and client defaults (section 1). */

/**
 * Points for all practice, one rule: a correct answer earns 10, whether to a topic quiz's
 * question, a deep-dive question or a review card (issue 26). A review card earns once per
 * review (its log row), to the ledger's total only — it has no content tags.
 */
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

/** The theme the toggle sets: the account keeps it, localStorage mirrors it as `isLocalDark`. */
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** localStorage keys used by the client. `isLocalDark` is the spec's name. */
export const STORAGE_KEYS = {
  dark: 'isLocalDark',
  profession: 'profession',
  level: 'level',
  /** A guest's daily goal in points (a learner's is on the profile). */
  dailyGoal: 'dailyGoal',
  /** The skills profile's target profile: the role the learner aims for. */
  targetProfile: 'skillsTargetProfile',
  /** Who was last signed in here, without any token: the shell offline (app/lib/kept-user.ts). */
  signedIn: 'signedInUser',
  /** Whose account the settings above are a copy of; empty once a guest changes one. */
  settingsOwner: 'settingsOwner',
} as const;

/** Most analytics events accepted in one batch. */
export const MAX_EVENTS_PER_BATCH = 50;

/** Most ops in one `POST /api/sync` batch. */
export const MAX_SYNC_OPS = 200;
/** What the client puts in one sync batch, well under the API's 64 KiB body cap. */
export const SYNC_BATCH_BYTES = 48 * 1024;

/** Words of a prompt's draft, or of an interview answer's notes, before its model answer opens: the learner tries first. */
export const MODEL_ANSWER_AFTER_WORDS = 30;
