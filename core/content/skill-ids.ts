// The skills catalog's ids and constants, apart from its zod schemas (content/skills.ts) so
// the app can import them without zod.
import type { ContentKind } from './kinds';

/** The spec's five skill groups (section 3), in order, with the question each one answers. */
export const SKILL_GROUP_IDS = [
  'foundation',
  'innovation',
  'execution',
  'communication',
  'evolution',
] as const;
export type SkillGroupId = (typeof SKILL_GROUP_IDS)[number];

export const SKILL_GROUP_QUESTIONS: Record<SkillGroupId, string> = {
  foundation: 'Can you build, create or improve something?',
  innovation: 'Can you think of new ideas and solve problems?',
  execution: 'Can you get things done and achieve results?',
  communication: 'Can you engage others?',
  evolution: 'Can you continue to learn and grow?',
};

/** 30 skills; targets run 2–5 (spec section 9), above the baseline of 1. */
export const SKILL_COUNT = 30;
export const SKILL_TARGET_MIN = 2;
export const SKILL_TARGET_MAX = 5;

export const CAREER_CATEGORY_IDS = ['creative', 'tech', 'business'] as const;
export const TARGET_PROFILE_IDS = [
  'entrepreneurial',
  'creative',
  'tech',
  'business',
  'impact',
] as const;

export type TargetProfileId = (typeof TARGET_PROFILE_IDS)[number];

/**
 * The target profile a learner is measured against until they pick one: the profile named
 * after their profession (Tech → tech), else Business, the spec's default profession.
 */
export function targetForProfession(profession: string | null | undefined): TargetProfileId {
  const id = profession?.toLowerCase();
  return TARGET_PROFILE_IDS.find((t) => t === id) ?? 'business';
}

/** The content sections whose practice can build a skill. */
export const SKILL_SOURCE_SECTIONS = [
  'prompts',
  'insights',
  'activities',
  'interviews',
  'grammar',
  'vocabulary',
] as const;

/** The content kind a skill's builtBy reference names, per section (core/content/kinds.ts). */
export const SKILL_SOURCE_KIND = {
  prompts: 'prompt',
  insights: 'insight',
  activities: 'activity',
  interviews: 'interview',
  grammar: 'topic',
  vocabulary: 'word-set',
} as const satisfies Record<(typeof SKILL_SOURCE_SECTIONS)[number], ContentKind>;

/** The id a skill name must have: 'Self-Care' → 'self-care'. */
export function skillSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
