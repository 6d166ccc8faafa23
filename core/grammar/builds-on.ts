import { GRAMMAR_PATH, type PathUnit } from './path';
import { findGrammarTopic, type TopicEntry } from './topics';

/**
 * What each grammar topic builds on: the topics a learner should know before it, each earlier
 * on the path (core/grammar/path.ts), so following the path never asks for something not yet
 * taught. Only direct prerequisites are named (articles builds on nouns; countable and
 * uncountable nouns builds on articles, not on nouns again). Topics in the first unit build
 * on nothing or on the unit's earlier topics; every later topic builds on at least one.
 * docs/content-guide.md ("Levels, units and prerequisites") has the reasoning. Kept apart from
 * the path so the home page, which reads the path, does not load it.
 */
export const BUILDS_ON: Readonly<Record<string, readonly string[]>> = {
  // Building blocks (Student): the parts of speech.
  nouns: [],
  articles: ['nouns'],
  pronouns: ['nouns'],
  verbs: ['nouns', 'pronouns'],
  adjectives: ['nouns'],
  adverbs: ['verbs', 'adjectives'],
  // Everyday accuracy (Junior).
  'countable-uncountable-nouns': ['nouns', 'articles'],
  'definite-indefinite-articles': ['articles', 'countable-uncountable-nouns'],
  'proper-common-nouns': ['nouns', 'definite-indefinite-articles'],
  'regular-irregular-verbs': ['verbs'],
  tenses: ['verbs', 'regular-irregular-verbs'],
  'comparative-superlative-adjectives': ['adjectives', 'articles'],
  conjunctions: ['verbs', 'adverbs'],
  // Precise sentences (Mid-level).
  'auxiliary-verbs': ['verbs', 'tenses'],
  'transitive-intransitive-verbs': ['verbs', 'regular-irregular-verbs'],
  'phrasal-verbs': ['transitive-intransitive-verbs', 'pronouns'],
  clauses: ['verbs', 'conjunctions'],
  'independent-dependent-clauses': ['clauses', 'conjunctions'],
  'relative-clauses': ['clauses', 'pronouns'],
  'question-tags': ['auxiliary-verbs', 'pronouns'],
  // Tone and emphasis (Senior).
  'active-passive-voice': [
    'auxiliary-verbs',
    'regular-irregular-verbs',
    'transitive-intransitive-verbs',
  ],
  conditionals: ['tenses', 'auxiliary-verbs', 'independent-dependent-clauses'],
  'direct-indirect-speech': ['tenses', 'pronouns', 'clauses'],
  // Polish (Executive).
  modifiers: ['adjectives', 'adverbs', 'relative-clauses', 'active-passive-voice'],
  'the-subjunctive-mood': ['verbs', 'clauses', 'conditionals'],
};

/** The topics a topic builds on, with their names, in the order written above. */
export function buildsOn(path: string): TopicEntry[] {
  return (BUILDS_ON[path] ?? []).flatMap((p) => {
    const entry = findGrammarTopic(p);
    return entry ? [{ name: entry.name, path: p }] : [];
  });
}

/**
 * Everything wrong with the prerequisites, one line each with the fix: a topic on the path
 * without an entry, an entry for a topic not on the path, a name that is not a topic, a
 * topic named twice, one that builds on itself or on a later topic (which also rules out
 * cycles), and a topic after the first unit that builds on nothing. Empty when all is well;
 * held by core/grammar/builds-on.test.ts and printed by scripts/check-grammar-content.ts.
 */
export function buildsOnProblems(
  units: readonly PathUnit[] = GRAMMAR_PATH,
  table: Readonly<Record<string, readonly string[]>> = BUILDS_ON,
): string[] {
  const where = 'core/grammar/builds-on.ts';
  const order = units.flatMap((u) => u.topics);
  const problems: string[] = [];
  for (const path of Object.keys(table))
    if (!order.includes(path))
      problems.push(`${where}: "${path}" is not a topic on the path (core/grammar/path.ts)`);
  units.forEach((unit, u) => {
    for (const path of unit.topics) {
      const before = table[path];
      if (!before) {
        problems.push(
          `${where}: "${path}" has no entry; list the topics it builds on, each earlier on the path`,
        );
        continue;
      }
      if (u > 0 && before.length === 0)
        problems.push(
          `${where}: "${path}" builds on nothing; only a first-unit topic may, so name the earlier topics it needs`,
        );
      if (new Set(before).size !== before.length)
        problems.push(`${where}: "${path}" names a topic twice`);
      for (const p of before) {
        if (!findGrammarTopic(p))
          problems.push(`${where}: "${path}" builds on "${p}", not a topic`);
        else if (!order.includes(p) || order.indexOf(p) >= order.indexOf(path))
          problems.push(
            `${where}: "${path}" builds on "${p}", which is not before it on the path; move "${p}" earlier in core/grammar/path.ts or drop it`,
          );
      }
    }
  });
  return problems;
}
