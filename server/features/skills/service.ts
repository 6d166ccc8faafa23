import { sql } from 'kysely';
import { SKILL_BASELINE } from '../../../core/constants';
import type { TSkillSource } from '../../../core/content/skills';
import type { ItemKind } from '../../../core/items/items';
import { CONTENT_KIND } from '../../../core/content/kinds';
import { SKILL_SOURCE_KIND } from '../../../core/content/skills';
import type {
  SavedSkillScore,
  SkillEvidence,
  SkillSourceLink,
  SkillsContent,
  SkillsState,
} from '../../../core/progress/skills';
import type { Catalog } from '../../content/catalog';
import type { Db } from '../../db/client';

/** The per-item kind behind each section that has completed lists (grammar has topic scores). */
const recordKind = (section: TSkillSource['section']): ItemKind | null =>
  CONTENT_KIND[SKILL_SOURCE_KIND[section]].record;

/** A builtBy reference as a title and a link. The catalog checked at start that it exists. */
function resolveSource(catalog: Catalog, ref: TSkillSource): SkillSourceLink {
  const item = catalog.item(SKILL_SOURCE_KIND[ref.section], ref.id);
  if (!item) throw new Error(`skills: unknown ${ref.section} "${ref.id}"`);
  return { ...ref, title: item.title, href: item.href };
}

/** The skills file as the client gets it; built once, since content changes only with a deploy. */
export function skillsContent(catalog: Catalog): SkillsContent | null {
  const file = catalog.skills;
  if (!file) return null;
  return {
    groups: file.groups,
    skills: file.skills.map((skill) => ({
      ...skill,
      builtBy: skill.builtBy.map((ref) => resolveSource(catalog, ref)),
    })),
    careerCategories: file.careerCategories,
    targetProfiles: file.targetProfiles,
  };
}

export function skillIds(catalog: Catalog): ReadonlySet<string> {
  return new Set(catalog.skills?.skills.map((s) => s.id) ?? []);
}

/**
 * The user's scores (baseline for every unrated skill) and what our content measured per
 * skill. Three queries whatever the number of skills: the scores, one aggregate over topic
 * scores, and the user's completed or self-reviewed item rows (read by primary-key prefix).
 */
export async function getSkills(db: Db, catalog: Catalog, userId: string): Promise<SkillsState> {
  const skills = catalog.skills?.skills ?? [];
  const [rows, grammarRow, items] = await Promise.all([
    db
      .selectFrom('skill_score')
      .select(['skill_id', 'score'])
      .where('user_id', '=', userId)
      .execute(),
    db
      .selectFrom('topic_score')
      .select((eb) => [
        eb.fn.avg<number | string | null>('score').as('average'),
        eb.fn.countAll<number | string>().as('topics'),
      ])
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('user_item')
      .select([
        'kind',
        'item_id',
        'game_score',
        sql<number>`case when completed_at is null then 0 else 1 end`.as('done'),
      ])
      .where('user_id', '=', userId)
      .where((eb) =>
        eb.or([
          eb('completed_at', 'is not', null),
          eb.and([eb('kind', '=', 'interview'), eb('game_score', 'is not', null)]),
        ]),
      )
      .execute(),
  ]);

  const stored = new Map(rows.map((r) => [r.skill_id, Number(r.score)]));
  const scores: Record<string, number> = {};
  for (const skill of skills) scores[skill.id] = stored.get(skill.id) ?? SKILL_BASELINE;
  const rated = skills.filter((s) => stored.has(s.id)).map((s) => s.id);

  const topics = Number(grammarRow?.topics ?? 0);
  const grammar = {
    average:
      topics > 0 && grammarRow?.average != null ? Math.round(Number(grammarRow.average)) : null,
    topics,
  };

  const completed = new Set<string>();
  const interviewScores = new Map<string, number>();
  const wordsDone = new Map<string, number>();
  for (const item of items) {
    if (Number(item.done) === 1) {
      completed.add(`${item.kind}/${item.item_id}`);
      if (item.kind === 'word') {
        const set = catalog.vocabulary.words.get(item.item_id)?.set;
        if (set) wordsDone.set(set, (wordsDone.get(set) ?? 0) + 1);
      }
    }
    if (item.kind === 'interview' && item.game_score !== null)
      interviewScores.set(item.item_id, Number(item.game_score));
  }

  const evidence: Record<string, SkillEvidence> = {};
  for (const skill of skills) {
    const items = skill.builtBy.filter((r) => recordKind(r.section));
    const e: SkillEvidence = {
      completed: items.filter((r) => completed.has(`${recordKind(r.section)}/${r.id}`)).length,
      of: items.length,
    };
    const sets = skill.builtBy.filter((r) => r.section === 'vocabulary');
    if (sets.length > 0)
      e.words = {
        completed: sets.reduce((n, r) => n + (wordsDone.get(r.id) ?? 0), 0),
        of: sets.reduce(
          (n, r) => n + (catalog.vocabulary.sets.find((s) => s.id === r.id)?.words.length ?? 0),
          0,
        ),
      };
    if (skill.builtBy.some((r) => r.section === 'grammar')) e.grammar = grammar;
    const interviews = skill.builtBy.filter((r) => r.section === 'interviews');
    if (interviews.length > 0) {
      const reviewed = interviews.flatMap((r) => {
        const s = interviewScores.get(r.id);
        return s === undefined ? [] : [s];
      });
      e.interviews = {
        average:
          reviewed.length > 0
            ? Math.round(reviewed.reduce((a, b) => a + b, 0) / reviewed.length)
            : null,
        scored: reviewed.length,
        of: interviews.length,
      };
    }
    evidence[skill.id] = e;
  }
  return { scores, rated, evidence };
}

/** One atomic upsert: concurrent saves each write whole rows, and the last one stands. */
export async function saveSkillScore(
  db: Db,
  userId: string,
  skillId: string,
  score: number,
): Promise<SavedSkillScore> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('skill_score')
    .values({ user_id: userId, skill_id: skillId, score, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'skill_id']).doUpdateSet({ score, updated_at: now }))
    .returning(['skill_id', 'score', 'updated_at'])
    .executeTakeFirstOrThrow();
  return { skillId: row.skill_id, score: Number(row.score), updatedAt: row.updated_at };
}
