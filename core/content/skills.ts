import { z } from 'zod';
import { PROFESSIONS } from '../constants';
import { ZSlug, ZText } from './common';
import {
  CAREER_CATEGORY_IDS,
  SKILL_COUNT,
  SKILL_GROUP_IDS,
  SKILL_GROUP_QUESTIONS,
  SKILL_SOURCE_SECTIONS,
  SKILL_TARGET_MAX,
  SKILL_TARGET_MIN,
  TARGET_PROFILE_IDS,
  skillSlug,
} from './skill-ids';

export * from './skill-ids';

const ZLevel = ZText(20, 140);

export const ZSkillGroup = z.strictObject({
  id: z.enum(SKILL_GROUP_IDS),
  title: ZText(3, 40),
  question: ZText(10, 120),
});
export type TSkillGroup = z.infer<typeof ZSkillGroup>;

/** An existing content item whose practice builds the skill. Grammar ids are topic paths,
 *  vocabulary ids are word-set ids, interview ids are question ids. */
export const ZSkillSource = z.strictObject({
  section: z.enum(SKILL_SOURCE_SECTIONS),
  id: ZSlug,
});
export type TSkillSource = z.infer<typeof ZSkillSource>;

export const ZSkill = z.strictObject({
  id: ZSlug,
  name: ZText(2, 40),
  group: z.enum(SKILL_GROUP_IDS),
  /** One line: what the skill lets you do at work. */
  description: ZText(30, 140),
  /** What a 1, a 3 and a 5 look like in real work, so self-rating is anchored. */
  levels: z.strictObject({ 1: ZLevel, 3: ZLevel, 5: ZLevel }),
  builtBy: z
    .array(ZSkillSource)
    .min(2)
    .max(6)
    .refine((refs) => new Set(refs.map((r) => `${r.section}/${r.id}`)).size === refs.length, {
      message: 'References must be unique',
    }),
});
export type TSkill = z.infer<typeof ZSkill>;

export const ZCareerCategory = z.strictObject({
  id: z.enum(CAREER_CATEGORY_IDS),
  name: z.enum(PROFESSIONS),
  description: ZText(40, 400),
});
export type TCareerCategory = z.infer<typeof ZCareerCategory>;

export const ZTargetProfile = z.strictObject({
  id: z.enum(TARGET_PROFILE_IDS),
  name: ZText(3, 40),
  /** Who this profile is, in one or two sentences. */
  description: ZText(30, 300),
  /** Why the shape looks the way it does: what peaks, what is deliberately lower. */
  reasoning: ZText(150, 1200),
  /** A target for every skill id. */
  targets: z.record(ZSlug, z.number().int().min(SKILL_TARGET_MIN).max(SKILL_TARGET_MAX)),
});
export type TTargetProfile = z.infer<typeof ZTargetProfile>;

const ZSkillsFileShape = z.strictObject({
  groups: z.array(ZSkillGroup).length(SKILL_GROUP_IDS.length),
  skills: z.array(ZSkill).length(SKILL_COUNT),
  careerCategories: z.array(ZCareerCategory).length(CAREER_CATEGORY_IDS.length),
  targetProfiles: z.array(ZTargetProfile).length(TARGET_PROFILE_IDS.length),
});

export interface SkillsFileProblem {
  path: (string | number)[];
  message: string;
}

/** Cross-field rules the field schemas cannot express; an empty list means the file is sound. */
export function checkSkillsFile(file: z.infer<typeof ZSkillsFileShape>): SkillsFileProblem[] {
  const problems: SkillsFileProblem[] = [];
  const add = (path: (string | number)[], message: string) => problems.push({ path, message });

  // Groups: the spec's ids, in the spec's order, with the spec's questions word for word.
  SKILL_GROUP_IDS.forEach((id, i) => {
    const group = file.groups[i];
    if (group?.id !== id) add(['groups', i, 'id'], `Group ${i + 1} must be '${id}'`);
    else if (group.question !== SKILL_GROUP_QUESTIONS[id])
      add(['groups', i, 'question'], `The ${id} question must be '${SKILL_GROUP_QUESTIONS[id]}'`);
  });

  // Skills: unique ids derived from the name, in an existing group, listed group by group.
  const groupIds = new Set<string>(file.groups.map((g) => g.id));
  const skillIds = new Set<string>();
  let lastGroup = 0;
  file.skills.forEach((skill, i) => {
    if (skillIds.has(skill.id)) add(['skills', i, 'id'], `Duplicate skill id '${skill.id}'`);
    skillIds.add(skill.id);
    if (skill.id !== skillSlug(skill.name))
      add(['skills', i, 'id'], `The id of '${skill.name}' must be '${skillSlug(skill.name)}'`);
    if (!groupIds.has(skill.group)) add(['skills', i, 'group'], `Unknown group '${skill.group}'`);
    const order = SKILL_GROUP_IDS.indexOf(skill.group);
    if (order < lastGroup) add(['skills', i, 'group'], 'List skills group by group, in order');
    lastGroup = Math.max(lastGroup, order);
  });
  if (skillIds.size !== SKILL_COUNT)
    add(['skills'], `Expected ${SKILL_COUNT} unique skills, found ${skillIds.size}`);

  // Career categories: each once, named after its profession.
  CAREER_CATEGORY_IDS.forEach((id) => {
    const matches = file.careerCategories.filter((c) => c.id === id);
    if (matches.length !== 1)
      add(['careerCategories'], `Career category '${id}' must appear exactly once`);
    else if (skillSlug(matches[0]!.name) !== id)
      add(['careerCategories'], `Career category '${id}' has the wrong name '${matches[0]!.name}'`);
  });

  // Target profiles: each once, with one target of 2–5 for every skill and nothing else.
  TARGET_PROFILE_IDS.forEach((id) => {
    if (file.targetProfiles.filter((p) => p.id === id).length !== 1)
      add(['targetProfiles'], `Target profile '${id}' must appear exactly once`);
  });
  file.targetProfiles.forEach((profile, i) => {
    for (const skillId of skillIds) {
      const target = profile.targets[skillId];
      if (target === undefined)
        add(['targetProfiles', i, 'targets'], `'${profile.id}' has no target for '${skillId}'`);
      else if (!Number.isInteger(target) || target < SKILL_TARGET_MIN || target > SKILL_TARGET_MAX)
        add(
          ['targetProfiles', i, 'targets', skillId],
          `Targets must be whole numbers from ${SKILL_TARGET_MIN} to ${SKILL_TARGET_MAX}`,
        );
    }
    for (const key of Object.keys(profile.targets))
      if (!skillIds.has(key))
        add(
          ['targetProfiles', i, 'targets', key],
          `'${profile.id}' targets unknown skill '${key}'`,
        );
  });

  return problems;
}

/** content/skills.yaml — the skill groups, the 30 skills, career categories and target profiles. */
export const ZSkillsFile = ZSkillsFileShape.superRefine((file, ctx) => {
  for (const problem of checkSkillsFile(file))
    ctx.addIssue({ code: 'custom', message: problem.message, path: problem.path });
});
export type TSkillsFile = z.infer<typeof ZSkillsFile>;
