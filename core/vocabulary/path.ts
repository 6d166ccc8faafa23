import type { Level } from '../constants';

/**
 * The vocabulary path: five units ordered by level, Student to Executive, as the grammar path
 * is (core/grammar/path.ts). Each word set names its unit (`unit` in content/vocabulary/*.yaml,
 * checked by ZWordSet) and takes the unit's level: the words every job uses first, then the
 * words of the teams that build products, then of customers and results, then of money and
 * deals, then of leading people. A set still holds easier and harder words, each with its own
 * level. docs/content-guide.md ("Levels, units and prerequisites") has the reasoning.
 */
export interface VocabularyUnit {
  id: string;
  title: string;
  level: Level;
  /** One line: what the unit's words let a learner do at work. */
  about: string;
}

export const VOCABULARY_PATH = [
  {
    id: 'everyday-work',
    title: 'Everyday work',
    level: 'Student',
    about: 'The words of emails, reports and meetings that every job uses from the first week.',
  },
  {
    id: 'building-products',
    title: 'Building products',
    level: 'Junior',
    about: 'The words of the teams that design, build and ship products.',
  },
  {
    id: 'customers-and-results',
    title: 'Customers and results',
    level: 'Mid-level',
    about: 'Words for reaching customers, selling and reading the numbers that show what works.',
  },
  {
    id: 'money-and-deals',
    title: 'Money and deals',
    level: 'Senior',
    about: 'Words for budgets, results and the negotiations behind contracts and offers.',
  },
  {
    id: 'leading-people',
    title: 'Leading people',
    level: 'Executive',
    about: 'Words for hiring, growing and leading people and teams.',
  },
] as const satisfies readonly VocabularyUnit[];

export type VocabularyUnitId = (typeof VOCABULARY_PATH)[number]['id'];

export const VOCABULARY_UNIT_IDS = VOCABULARY_PATH.map((u) => u.id) as [
  VocabularyUnitId,
  ...VocabularyUnitId[],
];

/** A unit by its id; undefined for an unknown one. */
export const vocabularyUnit = (id: string): VocabularyUnit | undefined =>
  VOCABULARY_PATH.find((u) => u.id === id);
