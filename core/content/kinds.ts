import type { ItemKind } from '../items/items';

/**
 * The one table of content kinds: what a learner can be sent to by an id. For each kind,
 * the section it belongs to, what one is called, and what it takes part in. The server's
 * `catalog.item(kind, id)` (server/content/catalog.ts) gives an item's title, link and
 * premium flag from it; assignments, the dashboard's next items and the skills profile's
 * sources all resolve through that one lookup. Each table here is a `Record` over the
 * kinds, so a new kind fails the typecheck until every place says what it does with it.
 */
export const CONTENT_KINDS = [
  'topic',
  'deep-dive',
  'word-set',
  'word',
  'prompt',
  'insight',
  'interview',
  'interview-list',
  'activity',
] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** The app's sections: a menu entry each, with its own colour. */
export type SectionId =
  'grammar' | 'vocabulary' | 'prompts' | 'insights' | 'interviews' | 'activities';

export interface ContentKindDef {
  section: SectionId;
  /** What one is called in forms, lists and the team report's CSV. */
  name: string;
  /** A team's owners and admins may assign it (core/teams/assignments.ts). */
  assignable: boolean;
  /** The per-item record kind (plans, completion, visits: core/items/items.ts), when it has one. */
  record: ItemKind | null;
  /** Its pages are public: server-rendered, in the sitemap, for search engines. */
  indexable: boolean;
}

export const CONTENT_KIND = {
  topic: {
    section: 'grammar',
    name: 'Grammar topic',
    assignable: true,
    record: null,
    indexable: true,
  },
  'deep-dive': {
    section: 'grammar',
    name: 'Deep dive',
    assignable: true,
    record: null,
    indexable: true,
  },
  'word-set': {
    section: 'vocabulary',
    name: 'Word set',
    assignable: true,
    record: null,
    indexable: true,
  },
  word: {
    section: 'vocabulary',
    name: 'Word',
    assignable: false,
    record: 'word',
    indexable: false,
  },
  prompt: {
    section: 'prompts',
    name: 'Prompt',
    assignable: true,
    record: 'prompt',
    indexable: true,
  },
  insight: {
    section: 'insights',
    name: 'Insight',
    assignable: true,
    record: 'insight',
    indexable: true,
  },
  interview: {
    section: 'interviews',
    name: 'Interview question',
    assignable: false,
    record: 'interview',
    indexable: false,
  },
  'interview-list': {
    section: 'interviews',
    name: 'Interview questions',
    assignable: true,
    record: null,
    indexable: true,
  },
  activity: {
    section: 'activities',
    name: 'Activity',
    assignable: true,
    record: 'activity',
    indexable: true,
  },
} as const satisfies Record<ContentKind, ContentKindDef>;

/** The kinds a team may assign, derived from the table. */
export type AssignableKind = {
  [K in ContentKind]: (typeof CONTENT_KIND)[K]['assignable'] extends true ? K : never;
}[ContentKind];

/** One item of content as pages and lists show it: what it is called and where it opens. */
export interface ContentItem {
  kind: ContentKind;
  id: string;
  title: string;
  href: string;
  section: SectionId;
  /** Marked premium in content/ (whether that locks it depends on the server). */
  premium: boolean;
}
