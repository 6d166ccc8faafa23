import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { INTERVIEW_TYPES } from '../../core/constants';
import { checkSkillsFile, type TSkillsFile, ZSkillsFile } from '../../core/content/skills';

const root = join(import.meta.dirname, '..', '..', 'content');

function loadSkills(): TSkillsFile {
  const result = ZSkillsFile.safeParse(parse(readFileSync(join(root, 'skills.yaml'), 'utf8')));
  if (!result.success)
    throw new Error(
      result.error.issues.map((i) => `skills.yaml: ${i.path.join('.')}: ${i.message}`).join('\n'),
    );
  return result.data;
}

// The spec's wording (section 3), copied here on purpose so the test does not trust the schema.
const SPEC_GROUPS = [
  {
    id: 'foundation',
    question: 'Can you build, create or improve something?',
    skills: [
      'Critical Thinking',
      'Tech Skills',
      'Design Principles',
      'Data Literacy',
      'Economics',
      'Culture',
    ],
  },
  {
    id: 'innovation',
    question: 'Can you think of new ideas and solve problems?',
    skills: [
      'Creativity',
      'Design Thinking',
      'Trend Analysis',
      'User Research',
      'Product Development',
      'Entrepreneurship',
    ],
  },
  {
    id: 'execution',
    question: 'Can you get things done and achieve results?',
    skills: ['Strategy', 'Operations', 'Management', 'Marketing', 'Sales', 'Finance', 'Networking'],
  },
  {
    id: 'communication',
    question: 'Can you engage others?',
    skills: [
      'Active Listening',
      'Presentation',
      'Negotiation',
      'Public Speaking',
      'Digital Communication',
      'Content Creation',
    ],
  },
  {
    id: 'evolution',
    question: 'Can you continue to learn and grow?',
    skills: ['Growth Mindset', 'Leadership', 'Ethics', 'Self-Care', 'Emotional Intelligence'],
  },
];

/** Ids that exist in content/, read straight from the folders. */
function existingIds(): Record<string, Set<string>> {
  const fileIds = (folder: string) =>
    new Set(
      readdirSync(join(root, folder))
        .filter((f) => f.endsWith('.yaml'))
        .map((f) => f.slice(0, -'.yaml'.length)),
    );
  const interviews = new Set<string>();
  for (const type of INTERVIEW_TYPES) {
    const set = parse(readFileSync(join(root, 'interviews', `${type}.yaml`), 'utf8')) as {
      questions: { id: string }[];
    };
    for (const q of set.questions) interviews.add(q.id);
  }
  return {
    prompts: fileIds('prompts'),
    insights: fileIds('insights'),
    activities: fileIds('activities'),
    interviews,
    grammar: fileIds(join('grammar', 'topics')),
    vocabulary: fileIds('vocabulary'),
  };
}

describe('skills content', () => {
  const file = loadSkills();

  it("has the spec's five groups with the spec's questions, in order", () => {
    expect(file.groups.map((g) => ({ id: g.id, question: g.question }))).toEqual(
      SPEC_GROUPS.map(({ id, question }) => ({ id, question })),
    );
  });

  it("has the spec's 30 skills, spelled and grouped as in the spec", () => {
    expect(file.skills).toHaveLength(30);
    for (const group of SPEC_GROUPS)
      expect(
        file.skills.filter((s) => s.group === group.id).map((s) => s.name),
        group.id,
      ).toEqual(group.skills);
    expect(file.skills.map((s) => s.name)).toEqual(SPEC_GROUPS.flatMap((g) => g.skills));
    expect(new Set(file.skills.map((s) => s.id)).size).toBe(30);
  });

  it('describes every skill in one line and anchors levels 1, 3 and 5', () => {
    for (const skill of file.skills) {
      expect(skill.description.length, skill.id).toBeLessThanOrEqual(140);
      expect(skill.description, skill.id).not.toContain('\n');
      expect(Object.keys(skill.levels).sort(), skill.id).toEqual(['1', '3', '5']);
      const levels = [skill.levels[1], skill.levels[3], skill.levels[5]];
      expect(new Set(levels).size, skill.id).toBe(3);
    }
  });

  it('has the three career categories', () => {
    expect(file.careerCategories.map((c) => c.name)).toEqual(['Creative', 'Tech', 'Business']);
  });

  it('has five target profiles that target all 30 skills with 2 to 5', () => {
    expect(file.targetProfiles.map((p) => p.name)).toEqual([
      'Entrepreneurial',
      'Creative',
      'Tech',
      'Business',
      'Impact',
    ]);
    const skillIds = file.skills.map((s) => s.id).sort();
    for (const profile of file.targetProfiles) {
      expect(Object.keys(profile.targets).sort(), profile.id).toEqual(skillIds);
      const values = Object.values(profile.targets);
      for (const v of values)
        expect(Number.isInteger(v) && v >= 2 && v <= 5, profile.id).toBe(true);
      // A shape, not a wish list: some peaks, some deliberate lows, and rest is never optional.
      expect(values.filter((v) => v === 5).length, profile.id).toBeGreaterThanOrEqual(2);
      expect(values.filter((v) => v === 5).length, profile.id).toBeLessThanOrEqual(6);
      expect(values.filter((v) => v === 2).length, profile.id).toBeGreaterThanOrEqual(2);
      expect(profile.targets['self-care'], profile.id).toBeGreaterThanOrEqual(3);
    }
  });

  it('builds every skill from at least two existing items across sections', () => {
    const ids = existingIds();
    const missing: string[] = [];
    const sectionsUsed = new Set<string>();
    for (const skill of file.skills) {
      expect(skill.builtBy.length, skill.id).toBeGreaterThanOrEqual(2);
      expect(new Set(skill.builtBy.map((r) => r.section)).size, skill.id).toBeGreaterThanOrEqual(2);
      for (const ref of skill.builtBy) {
        sectionsUsed.add(ref.section);
        if (!ids[ref.section]?.has(ref.id)) missing.push(`${skill.id} → ${ref.section}/${ref.id}`);
      }
    }
    expect(missing).toEqual([]);
    expect([...sectionsUsed].sort()).toEqual(Object.keys(ids).sort());
  });

  it('reports broken files through checkSkillsFile', () => {
    expect(checkSkillsFile(file)).toEqual([]);
    const broken = structuredClone(file);
    broken.groups[3]!.question = 'Can you talk to people?';
    broken.skills[1]!.id = broken.skills[0]!.id;
    delete broken.targetProfiles[0]!.targets.ethics;
    const messages = checkSkillsFile(broken).map((p) => p.message);
    expect(messages.some((m) => m.includes('communication question'))).toBe(true);
    expect(messages.some((m) => m.includes('Duplicate skill id'))).toBe(true);
    expect(messages.some((m) => m.includes("no target for 'ethics'"))).toBe(true);
    expect(ZSkillsFile.safeParse(broken).success).toBe(false);
  });
});

// Keep the folder check honest: the sections the references point at are really there.
it('reads references from folders that exist', () => {
  for (const folder of ['prompts', 'insights', 'activities', 'interviews', 'vocabulary'])
    expect(existsSync(join(root, folder)), folder).toBe(true);
  expect(existsSync(join(root, 'grammar', 'topics'))).toBe(true);
});
