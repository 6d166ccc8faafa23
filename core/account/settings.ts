import { z } from 'zod';
import { LEVELS, PROFESSIONS, THEMES, type Level, type Profession, type Theme } from '../constants';
import { TARGET_PROFILE_IDS } from '../content/skill-ids';
import { DAILY_GOAL_OPTIONS, type DailyGoal } from '../progress/goal';
import { TEAM_SLUG_MAX } from '../teams/teams';

/**
 * The settings that belong to the account, the same on every device: what orders and
 * filters content (profession, level, target role), the daily goal, the theme and the active
 * team. Each is a `profile_field` row (decisions 020 and 039); null until first chosen.
 */
export interface AccountSettings {
  profession: Profession | null;
  level: Level | null;
  /** The skills profile's target profile: the role the learner aims for. */
  targetRole: (typeof TARGET_PROFILE_IDS)[number] | null;
  /** Points a day. */
  dailyGoal: DailyGoal | null;
  theme: Theme | null;
  /** The active team's address (slug), only while the learner is in it. */
  activeTeam: string | null;
  /** The personal dictionary: names, products and acronyms the writing checker never flags. */
  dictionary: string[] | null;
}

/** The personal dictionary's size: words, and characters a word. */
export const DICTIONARY_MAX_WORDS = 500;
export const DICTIONARY_WORD_MAX = 40;

/**
 * Each setting's values. A stored value outside them (an option since retired) reads as
 * unset; the active team is a team's address.
 */
export const ZSettingValues = z.strictObject({
  profession: z.enum(PROFESSIONS).optional(),
  level: z.enum(LEVELS).optional(),
  targetRole: z.enum(TARGET_PROFILE_IDS).optional(),
  dailyGoal: z
    .literal(DAILY_GOAL_OPTIONS, {
      error: `The daily goal is one of ${DAILY_GOAL_OPTIONS.join(', ')} points`,
    })
    .optional(),
  theme: z.enum(THEMES).optional(),
  activeTeam: z.string().min(1).max(TEAM_SLUG_MAX).optional(),
  dictionary: z
    .array(
      z
        .string()
        .trim()
        .min(1)
        .max(DICTIONARY_WORD_MAX, { error: `A word is at most ${DICTIONARY_WORD_MAX} characters` }),
    )
    .max(DICTIONARY_MAX_WORDS, {
      error: `The dictionary holds at most ${DICTIONARY_MAX_WORDS} words`,
    })
    .optional(),
});

/**
 * PATCH /api/settings: any of the settings, at least one. `ifUnset` writes only those the
 * account has no value for yet: a guest's choices on this device joining the account at
 * sign-in, where the account's own values win.
 */
export const ZSettingsPatch = ZSettingValues.extend({ ifUnset: z.literal(true).optional() }).refine(
  ({ ifUnset: _, ...values }) => Object.values(values).some((v) => v !== undefined),
  { message: 'Name at least one setting' },
);
export type TSettingsPatch = z.infer<typeof ZSettingsPatch>;
