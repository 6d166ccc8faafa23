import { z } from 'zod';
import { LEVELS, PROFESSIONS } from './constants';
import { DAILY_GOAL_OPTIONS, type DailyGoal } from './goal';

const text = (max: number) =>
  z
    .string()
    .max(max, `At most ${max} characters`)
    .transform((s) => s.trim());

const ZLink = z
  .url({ protocol: /^https?$/, message: 'Links must start with http:// or https://' })
  .max(300);

/** One profile field per request ("profiles: free-form fields updated one at a time"). */
export const ZProfilePatch = z.discriminatedUnion('field', [
  z.strictObject({
    field: z.literal('displayName'),
    value: text(80).pipe(z.string().min(1, 'Your name cannot be empty')),
  }),
  z.strictObject({ field: z.literal('jobTitle'), value: text(80) }),
  z.strictObject({ field: z.literal('profession'), value: z.enum(PROFESSIONS) }),
  z.strictObject({ field: z.literal('level'), value: z.enum(LEVELS) }),
  z.strictObject({ field: z.literal('headline'), value: text(120) }),
  z.strictObject({ field: z.literal('bio'), value: text(1000) }),
  z.strictObject({ field: z.literal('links'), value: z.array(ZLink).max(5, 'At most 5 links') }),
  z.strictObject({
    field: z.literal('dailyGoal'),
    value: z.literal(DAILY_GOAL_OPTIONS, {
      error: `The daily goal is one of ${DAILY_GOAL_OPTIONS.join(', ')} points`,
    }),
  }),
]);
export type TProfilePatch = z.infer<typeof ZProfilePatch>;
export type ProfileField = TProfilePatch['field'];

/** Stored profile fields (displayName lives on the user record). */
export interface Profile {
  jobTitle?: string;
  profession?: (typeof PROFESSIONS)[number];
  level?: (typeof LEVELS)[number];
  headline?: string;
  bio?: string;
  links?: string[];
  /** Points a day the learner aims for. */
  dailyGoal?: DailyGoal;
}

/** The spec's user record, as GET /api/me returns it. */
export interface UserRecord {
  uid: string;
  email: string;
  displayName: string;
  photoURL: string | null;
  provider: string;
  stripeRole: 'free' | 'premium';
  joined: string | null;
  emailVerified: boolean;
}

export const ZDeleteAccount = z.strictObject({
  /** The account's email address, typed again to confirm. */
  confirmEmail: z.string().min(3).max(320),
});
