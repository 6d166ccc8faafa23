import type { Level } from '../constants';
import { findGrammarTopic, GRAMMAR_TOPIC_PATHS, type TopicEntry } from './topics';

/**
 * The grammar path: the 25 topics as five units ordered by level, Student to Executive, in
 * the order a professional builds on them — parts of speech first, then the forms work
 * writing leans on, then clause structure, then tone and reported speech, then the subtle
 * structures editors catch. Every topic is in exactly one unit (checked by its test), and
 * what each topic builds on is in core/grammar/builds-on.ts (docs/content-guide.md, "Levels,
 * units and prerequisites", has the reasoning).
 */
export interface PathUnit {
  id: string;
  title: string;
  level: Level;
  /** One line: what the unit gives a learner at work. */
  about: string;
  topics: readonly string[];
}

export const GRAMMAR_PATH: readonly PathUnit[] = [
  {
    id: 'building-blocks',
    title: 'Building blocks',
    level: 'Student',
    about: 'The parts of speech every work sentence is made of.',
    topics: ['nouns', 'articles', 'pronouns', 'verbs', 'adjectives', 'adverbs'],
  },
  {
    id: 'everyday-accuracy',
    title: 'Everyday accuracy',
    level: 'Junior',
    about: 'The small choices that make emails and reports read as correct.',
    topics: [
      'countable-uncountable-nouns',
      'definite-indefinite-articles',
      'proper-common-nouns',
      'regular-irregular-verbs',
      'tenses',
      'comparative-superlative-adjectives',
      'conjunctions',
    ],
  },
  {
    id: 'precise-sentences',
    title: 'Precise sentences',
    level: 'Mid-level',
    about: 'Verbs and clauses that say exactly who did what, and when.',
    topics: [
      'auxiliary-verbs',
      'transitive-intransitive-verbs',
      'phrasal-verbs',
      'clauses',
      'independent-dependent-clauses',
      'relative-clauses',
      'question-tags',
    ],
  },
  {
    id: 'tone-and-emphasis',
    title: 'Tone and emphasis',
    level: 'Senior',
    about: 'Voice, conditions and reported speech for updates, proposals and minutes.',
    topics: ['active-passive-voice', 'conditionals', 'direct-indirect-speech'],
  },
  {
    id: 'polish',
    title: 'Polish',
    level: 'Executive',
    about: 'The structures careful editors notice in board papers and public writing.',
    topics: ['modifiers', 'the-subjunctive-mood'],
  },
];

/** The topics in path order, with their names and unit. */
export const PATH_TOPICS: readonly (TopicEntry & { unit: PathUnit })[] = GRAMMAR_PATH.flatMap(
  (unit) =>
    unit.topics.map((path) => {
      const entry = findGrammarTopic(path);
      if (!entry) throw new Error(`grammar path names an unknown topic "${path}"`);
      return { name: entry.name, path, unit };
    }),
);

/** Whether the path covers every topic exactly once (the test holds it). */
export function pathCoversAllTopics(): boolean {
  const inPath = PATH_TOPICS.map((t) => t.path);
  return (
    inPath.length === GRAMMAR_TOPIC_PATHS.length &&
    new Set(inPath).size === inPath.length &&
    GRAMMAR_TOPIC_PATHS.every((p) => inPath.includes(p))
  );
}
