import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { z } from 'zod';
import type { ContentSummary } from '../../core/content/summary';
import { deepDiveByTopic } from '../../core/grammar/mastery';
import {
  ZDeepDive,
  ZFeedback,
  ZGrammarTopic,
  type TDeepDiveQuestion,
  type TGrammarTopic,
} from '../../core/content/grammar';
import {
  ZActivity,
  ZInsight,
  ZInterviewSet,
  ZPrompt,
  type TActivity,
  type TInsight,
  type TInterviewQuestion,
  type TPrompt,
} from '../../core/content/practice';
import { ZSkillsFile, type TSkillSource, type TSkillsFile } from '../../core/content/skills';
import { ZJobNames, ZWordSet, type TWord, type TWordSet } from '../../core/content/vocabulary';
import { INTERVIEW_TYPES, type InterviewType } from '../../core/constants';
import type { ContentItem, ContentKind } from '../../core/content/kinds';
import type { ItemKind } from '../../core/items/items';
import { contentItems } from './content-items';
import type { ContentIds } from '../../core/paths';

/** Everything in content/, parsed and validated once at start. */
export interface Catalog {
  grammar: {
    topics: Map<string, TGrammarTopic>;
    deepDive: TDeepDiveQuestion[];
    feedback: z.infer<typeof ZFeedback> | null;
  };
  /** Real job titles for the profile's job-title autocomplete. */
  jobNames: string[];
  vocabulary: {
    sets: TWordSet[];
    setById: Map<string, TWordSet>;
    words: Map<string, TWord & { set: string }>;
  };
  prompts: TPrompt[];
  insights: TInsight[];
  /** Questions per interview type, and every question by id with its type. */
  interviews: {
    byType: Record<InterviewType, TInterviewQuestion[]>;
    questions: Map<string, TInterviewQuestion & { type: InterviewType }>;
  };
  activities: TActivity[];
  /** content/skills.yaml, when present; every builtBy reference names a live item. */
  skills: TSkillsFile | null;
  /** Ids of live items per kind, for the per-item records (unknown ids are 404). */
  itemIds: Record<ItemKind, ReadonlySet<string>>;
  /** Items marked premium: only premium users may open them (the server enforces it). */
  premiumIds: Record<ItemKind, ReadonlySet<string>>;
  ids: ContentIds;
  summary: ContentSummary;
  /** An item of any kind by id: its title, link, section and premium flag (content-items.ts). */
  item: (kind: ContentKind, id: string) => ContentItem | null;
}

export class ContentError extends Error {
  override name = 'ContentError';
}

function readYaml<T>(file: string, schema: z.ZodType<T>): T {
  let data: unknown;
  try {
    data = parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new ContentError(`${file}: not valid YAML: ${(err as Error).message}`);
  }
  const result = schema.safeParse(data);
  if (!result.success) {
    const issues = result.error.issues
      .slice(0, 10)
      .map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ContentError(`${file} does not match its schema:\n${issues.join('\n')}`);
  }
  return result.data;
}

function yamlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => join(dir, f));
}

const premiumOf = (items: readonly { id: string; premium?: boolean }[]) =>
  new Set(items.filter((x) => x.premium).map((x) => x.id));

/** One item a file, named after its id (`{id}.yaml`), so ids are unique within a folder. */
function readItems<T extends { id: string }>(dir: string, schema: z.ZodType<T>): T[] {
  return yamlFiles(dir).map((file) => {
    const item = readYaml(file, schema);
    if (!file.endsWith(`/${item.id}.yaml`))
      throw new ContentError(`${file}: file name must match its id "${item.id}"`);
    return item;
  });
}

/**
 * Loads and validates content. A section without files counts 0; an invalid file stops
 * start-up with the file and field named, so broken content never goes live.
 */
export function loadCatalog(contentDir: string): Catalog {
  const topics = new Map<string, TGrammarTopic>();
  const questionIds = new Set<string>();
  for (const file of yamlFiles(join(contentDir, 'grammar', 'topics'))) {
    const topic = readYaml(file, ZGrammarTopic);
    if (!file.endsWith(`/${topic.topic}.yaml`)) {
      throw new ContentError(`${file}: file name must match its topic "${topic.topic}"`);
    }
    for (const q of topic.questions) {
      if (questionIds.has(q.id)) throw new ContentError(`${file}: duplicate question id ${q.id}`);
      questionIds.add(q.id);
    }
    topics.set(topic.topic, topic);
  }
  const deepDiveFile = join(contentDir, 'grammar', 'deep-dive.yaml');
  const deepDive = existsSync(deepDiveFile) ? readYaml(deepDiveFile, ZDeepDive).questions : [];
  const feedbackFile = join(contentDir, 'grammar', 'feedback.yaml');
  const feedback = existsSync(feedbackFile) ? readYaml(feedbackFile, ZFeedback) : null;

  const grammarQuestions = [...topics.values()].reduce((n, t) => n + t.questions.length, 0);
  const sets: TWordSet[] = [];
  const words = new Map<string, TWord & { set: string }>();
  for (const file of yamlFiles(join(contentDir, 'vocabulary'))) {
    const set = readYaml(file, ZWordSet);
    if (!file.endsWith(`/${set.id}.yaml`))
      throw new ContentError(`${file}: file name must match its id "${set.id}"`);
    for (const w of set.words) {
      if (words.has(w.id))
        throw new ContentError(
          `${file}: word id ${w.id} is also used in set ${words.get(w.id)?.set}`,
        );
      words.set(w.id, { ...w, set: set.id });
    }
    sets.push(set);
  }

  const prompts = readItems(join(contentDir, 'prompts'), ZPrompt);
  const insights = readItems(join(contentDir, 'insights'), ZInsight);
  const activities = readItems(join(contentDir, 'activities'), ZActivity);
  const byType = { behavioral: [], 'system-design': [], coding: [] } as Record<
    InterviewType,
    TInterviewQuestion[]
  >;
  const interviewQuestions = new Map<string, TInterviewQuestion & { type: InterviewType }>();
  for (const type of INTERVIEW_TYPES) {
    const file = join(contentDir, 'interviews', `${type}.yaml`);
    if (!existsSync(file)) continue;
    const set = readYaml(file, ZInterviewSet);
    if (set.type !== type) throw new ContentError(`${file}: its type must be "${type}"`);
    for (const q of set.questions) {
      if (interviewQuestions.has(q.id))
        throw new ContentError(`${file}: duplicate interview question id ${q.id}`);
      interviewQuestions.set(q.id, { ...q, type });
    }
    byType[type] = set.questions;
  }

  const jobsFile = join(contentDir, 'jobs', 'job-names.yaml');
  const jobNames = existsSync(jobsFile) ? readYaml(jobsFile, ZJobNames).jobs : [];

  const skillsFile = join(contentDir, 'skills.yaml');
  const skills = existsSync(skillsFile) ? readYaml(skillsFile, ZSkillsFile) : null;
  if (skills) {
    const live: Record<TSkillSource['section'], ReadonlySet<string>> = {
      prompts: new Set(prompts.map((x) => x.id)),
      insights: new Set(insights.map((x) => x.id)),
      activities: new Set(activities.map((x) => x.id)),
      interviews: new Set(interviewQuestions.keys()),
      grammar: new Set(topics.keys()),
      vocabulary: new Set(sets.map((x) => x.id)),
    };
    for (const skill of skills.skills)
      for (const ref of skill.builtBy)
        if (!live[ref.section].has(ref.id))
          throw new ContentError(
            `${skillsFile}: skill "${skill.id}" is built by ${ref.section} "${ref.id}", which does not exist`,
          );
  }
  const catalog: Omit<Catalog, 'item'> = {
    grammar: { topics, deepDive, feedback },
    jobNames,
    vocabulary: { sets, setById: new Map(sets.map((s) => [s.id, s])), words },
    prompts,
    insights,
    interviews: { byType, questions: interviewQuestions },
    activities,
    skills,
    itemIds: {
      word: new Set(words.keys()),
      prompt: new Set(prompts.map((x) => x.id)),
      activity: new Set(activities.map((x) => x.id)),
      interview: new Set(interviewQuestions.keys()),
      insight: new Set(insights.map((x) => x.id)),
    },
    premiumIds: {
      word: new Set(),
      prompt: premiumOf(prompts),
      activity: premiumOf(activities),
      interview: premiumOf([...interviewQuestions.values()]),
      insight: premiumOf(insights),
    },
    ids: {
      wordSets: new Set(sets.map((x) => x.id)),
      prompts: new Set(prompts.map((x) => x.id)),
      insights: new Set(insights.map((x) => x.id)),
    },
    summary: {
      grammarTopics: topics.size,
      grammarQuestions,
      deepDiveQuestions: deepDive.length,
      deepDiveTopics: Object.fromEntries(deepDiveByTopic(deepDive)),
      wordSets: sets.length,
      words: words.size,
      prompts: prompts.length,
      insights: insights.length,
      interviewQuestions: {
        behavioral: byType.behavioral.length,
        'system-design': byType['system-design'].length,
        coding: byType.coding.length,
      },
      activities: activities.length,
      skills: skills?.skills.length ?? 0,
    },
  };
  return { ...catalog, item: contentItems(catalog) };
}
