import type { ContentItem, ContentKind } from '../../core/content/kinds';
import { CONTENT_KIND } from '../../core/content/kinds';
import { DEEP_DIVE_CONTENT_ID } from '../../core/teams/assignments';
import { INTERVIEW_TYPE_TITLES } from '../../core/items/interviews';
import { links, paths } from '../../core/paths';
import type { TGrammarTopic } from '../../core/content/grammar';
import type { TActivity, TInsight, TInterviewQuestion, TPrompt } from '../../core/content/practice';
import type { TWord, TWordSet } from '../../core/content/vocabulary';
import type { InterviewType } from '../../core/constants';

type Found = Omit<ContentItem, 'kind' | 'id' | 'section'>;

const byId = <T extends { id: string }>(items: readonly T[]) =>
  new Map(items.map((x) => [x.id, x]));

/**
 * `catalog.item(kind, id)` (server/content/catalog.ts): an item's title, link and premium flag, by map lookups (no
 * scans), or null when the id names nothing of that kind. One entry per kind of the table
 * in core/content/kinds.ts: a new kind fails the typecheck here until it is described.
 */
export function contentItems(catalog: {
  grammar: { topics: ReadonlyMap<string, TGrammarTopic> };
  vocabulary: {
    setById: ReadonlyMap<string, TWordSet>;
    words: ReadonlyMap<string, TWord & { set: string }>;
  };
  prompts: readonly TPrompt[];
  insights: readonly TInsight[];
  activities: readonly TActivity[];
  interviews: {
    byType: Record<InterviewType, readonly TInterviewQuestion[]>;
    questions: ReadonlyMap<string, TInterviewQuestion & { type: InterviewType }>;
  };
}): (kind: ContentKind, id: string) => ContentItem | null {
  const prompts = byId(catalog.prompts);
  const insights = byId(catalog.insights);
  const activities = byId(catalog.activities);
  const { byType, questions } = catalog.interviews;
  const find: Record<ContentKind, (id: string) => Found | null> = {
    topic: (id) => {
      const t = catalog.grammar.topics.get(id);
      return t ? { title: t.title, href: paths.grammarTopic(id), premium: false } : null;
    },
    'deep-dive': (id) =>
      id === DEEP_DIVE_CONTENT_ID
        ? { title: 'The grammar deep dive', href: paths.deepDive(1), premium: false }
        : null,
    'word-set': (id) => {
      const s = catalog.vocabulary.setById.get(id);
      return s ? { title: s.title, href: paths.wordSet(id), premium: false } : null;
    },
    word: (id) => {
      const w = catalog.vocabulary.words.get(id);
      return w ? { title: w.word, href: links.word(w.set, id), premium: false } : null;
    },
    prompt: (id) => {
      const p = prompts.get(id);
      return p ? { title: p.title, href: paths.prompt(id), premium: !!p.premium } : null;
    },
    insight: (id) => {
      const i = insights.get(id);
      return i ? { title: i.title, href: paths.insight(id), premium: !!i.premium } : null;
    },
    interview: (id) => {
      const q = questions.get(id);
      return q
        ? {
            title: q.question,
            href: links.interviewQuestion(q.type, id),
            premium: !!q.premium,
          }
        : null;
    },
    'interview-list': (id) =>
      Object.hasOwn(byType, id)
        ? {
            title: INTERVIEW_TYPE_TITLES[id as keyof typeof byType],
            href: paths.interviewType(id),
            premium: false,
          }
        : null,
    activity: (id) => {
      const a = activities.get(id);
      return a ? { title: a.title, href: links.activity(id), premium: !!a.premium } : null;
    },
  };
  return (kind, id) => {
    const found = find[kind](id);
    return found && { kind, id, section: CONTENT_KIND[kind].section, ...found };
  };
}
