/** The spec's grammar structure: 10 groups holding exactly 25 topic paths. */
export interface TopicEntry {
  name: string;
  path: string;
}
export interface TopicGroup {
  name: string;
  sub: readonly TopicEntry[];
}

export const GRAMMAR_GROUPS: readonly TopicGroup[] = [
  {
    name: 'Articles',
    sub: [
      { name: 'Articles', path: 'articles' },
      { name: 'Definite and indefinite articles', path: 'definite-indefinite-articles' },
    ],
  },
  {
    name: 'Nouns',
    sub: [
      { name: 'Nouns', path: 'nouns' },
      { name: 'Proper and common nouns', path: 'proper-common-nouns' },
      { name: 'Countable and uncountable nouns', path: 'countable-uncountable-nouns' },
    ],
  },
  { name: 'Pronouns', sub: [{ name: 'Pronouns', path: 'pronouns' }] },
  {
    name: 'Verbs',
    sub: [
      { name: 'Verbs', path: 'verbs' },
      { name: 'Auxiliary verbs', path: 'auxiliary-verbs' },
      { name: 'Phrasal verbs', path: 'phrasal-verbs' },
      { name: 'Regular and irregular verbs', path: 'regular-irregular-verbs' },
      { name: 'Transitive and intransitive verbs', path: 'transitive-intransitive-verbs' },
      { name: 'The subjunctive mood', path: 'the-subjunctive-mood' },
    ],
  },
  {
    name: 'Adjectives',
    sub: [
      { name: 'Adjectives', path: 'adjectives' },
      {
        name: 'Comparative and superlative adjectives',
        path: 'comparative-superlative-adjectives',
      },
    ],
  },
  { name: 'Adverbs', sub: [{ name: 'Adverbs', path: 'adverbs' }] },
  { name: 'Conjunctions', sub: [{ name: 'Conjunctions', path: 'conjunctions' }] },
  { name: 'Tenses', sub: [{ name: 'Tenses', path: 'tenses' }] },
  {
    name: 'Clauses',
    sub: [
      { name: 'Clauses', path: 'clauses' },
      { name: 'Relative clauses', path: 'relative-clauses' },
      { name: 'Independent and dependent clauses', path: 'independent-dependent-clauses' },
    ],
  },
  {
    name: 'Others',
    sub: [
      { name: 'Active and passive voice', path: 'active-passive-voice' },
      { name: 'Conditionals', path: 'conditionals' },
      { name: 'Modifiers', path: 'modifiers' },
      { name: 'Question tags', path: 'question-tags' },
      { name: 'Direct and indirect speech', path: 'direct-indirect-speech' },
    ],
  },
];

export const GRAMMAR_TOPIC_PATHS: readonly string[] = GRAMMAR_GROUPS.flatMap((g) =>
  g.sub.map((t) => t.path),
);

const topicByPath = new Map(
  GRAMMAR_GROUPS.flatMap((g) => g.sub.map((t) => [t.path, { ...t, group: g.name }] as const)),
);

export function findGrammarTopic(path: string): (TopicEntry & { group: string }) | undefined {
  return topicByPath.get(path);
}
