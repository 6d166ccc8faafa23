import { z } from 'zod';
import { LEVELS, PROFESSIONS } from '../constants';
import { DAILY_GOAL_OPTIONS, type DailyGoal } from '../progress/goal';
import type { AccountSettings } from './settings';
import { NAME_FORBIDDEN } from './name-characters';
import { linkProblem, MAX_LINKS, MAX_LINK_LENGTH, normalizeLink } from './profile-links';

const text = (max: number) =>
  z
    .string()
    .max(max, `At most ${max} characters`)
    .transform((s) => s.trim());

export const DISPLAY_NAME_MAX = 80;

/**
 * Why a name cannot be used (after trimming), or null when it can: the one rule sign-up
 * and the profile page's name field apply.
 */
export function displayNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return 'Your name cannot be empty';
  if (trimmed.length > DISPLAY_NAME_MAX) return `At most ${DISPLAY_NAME_MAX} characters`;
  if (NAME_FORBIDDEN.test(trimmed))
    return 'A name cannot contain line breaks, control or text-direction characters';
  return null;
}

/**
 * A name someone else gave us (an identity provider's claim) made to pass
 * displayNameProblem: forbidden characters become spaces, runs of spaces one, and it is cut
 * to the longest length; an empty result is `fallback`.
 */
export function cleanDisplayName(name: string, fallback: string): string {
  const flat = name
    .replace(new RegExp(NAME_FORBIDDEN.source, 'gu'), ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const cut = Array.from(flat).slice(0, DISPLAY_NAME_MAX).join('').trim();
  return cut || fallback;
}

/** A name, trimmed, that passes displayNameProblem. */
export const ZDisplayName = z
  .string()
  .transform((s) => s.trim())
  .superRefine((name, ctx) => {
    const problem = displayNameProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/**
 * A profile link: a domain typed without a scheme gets "https://" (normalizeLink, as on the
 * page), then the zod URL rule, then the one the page checks each field by (linkProblem).
 */
const ZLink = z
  .string()
  .transform(normalizeLink)
  .pipe(
    z
      .url({ protocol: /^https?$/, message: 'Links must start with http:// or https://' })
      .max(MAX_LINK_LENGTH, `A link can be at most ${MAX_LINK_LENGTH} characters.`)
      .superRefine((link, ctx) => {
        const problem = linkProblem(link);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
  );

/** One profile field per request ("profiles: free-form fields updated one at a time"). */
export const ZProfilePatch = z.discriminatedUnion('field', [
  z.strictObject({
    field: z.literal('displayName'),
    value: ZDisplayName,
  }),
  z.strictObject({ field: z.literal('jobTitle'), value: text(80) }),
  z.strictObject({ field: z.literal('profession'), value: z.enum(PROFESSIONS) }),
  z.strictObject({ field: z.literal('level'), value: z.enum(LEVELS) }),
  z.strictObject({ field: z.literal('headline'), value: text(120) }),
  z.strictObject({ field: z.literal('bio'), value: text(1000) }),
  z.strictObject({
    field: z.literal('links'),
    value: z.array(ZLink).max(MAX_LINKS, `At most ${MAX_LINKS} links`),
  }),
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
  /** The account's settings, so every device starts from them (decision 039). */
  settings: AccountSettings;
}

export const ZDeleteAccount = z.strictObject({
  /** The account's email address, typed again to confirm. */
  confirmEmail: z.string().min(3).max(320),
  /**
   * For each team the account is the only owner of: hand it over to a member (by user id)
   * or delete it (docs/decisions/040-team-onboarding.md). Missing decisions are 409.
   */
  teams: z
    .array(
      z.discriminatedUnion('action', [
        z.strictObject({
          slug: z.string().min(1).max(40),
          action: z.literal('hand-over'),
          to: z.string().min(1).max(100),
        }),
        z.strictObject({ slug: z.string().min(1).max(40), action: z.literal('delete') }),
      ]),
    )
    .max(200)
    .optional(),
});
