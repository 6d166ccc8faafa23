import { z } from 'zod';
import { LEVELS, PROFESSIONS } from '../constants';
import { ZSlug, ZText } from './common';

export const PARTS_OF_SPEECH = [
  'noun',
  'verb',
  'adjective',
  'adverb',
  'phrasal verb',
  'phrase',
] as const;

export const ZWord = z.strictObject({
  /** Unique across all sets; used in `?word=` links and progress records. */
  id: ZSlug,
  word: ZText(1, 60),
  partOfSpeech: z.enum(PARTS_OF_SPEECH),
  /** A definition a learner understands without a dictionary. */
  definition: ZText(10, 300),
  /** A sentence someone would really write at work. */
  example: ZText(10, 300),
  /** 2–4 near-synonyms, each with the nuance that separates it from the word. */
  synonyms: z
    .array(z.strictObject({ word: ZText(1, 60), nuance: ZText(5, 200) }))
    .min(2)
    .max(4),
  /** A usage note or common confusion (affect/effect). */
  usage: ZText(10, 400),
  level: z.enum(LEVELS),
  professions: z.array(z.enum(PROFESSIONS)).min(1).max(3),
  /** One line: what to draw to remember it. */
  doodle: ZText(5, 160),
});
export type TWord = z.infer<typeof ZWord>;

export const MIN_WORDS_PER_SET = 15;

/** One file per set: content/vocabulary/{id}.yaml */
export const ZWordSet = z
  .strictObject({
    id: ZSlug,
    title: ZText(3, 60),
    description: ZText(10, 300),
    professions: z.array(z.enum(PROFESSIONS)).min(1).max(3),
    words: z.array(ZWord).min(MIN_WORDS_PER_SET),
  })
  .refine((s) => new Set(s.words.map((w) => w.id)).size === s.words.length, {
    message: 'Word ids must be unique within a set',
    path: ['words'],
  });
export type TWordSet = z.infer<typeof ZWordSet>;

export const MIN_JOB_NAMES = 300;

/** content/jobs/job-names.yaml: real job titles for the profile's job autocomplete. */
export const ZJobNames = z.strictObject({
  jobs: z
    .array(ZText(2, 80))
    .min(MIN_JOB_NAMES)
    .refine(
      (j) => new Set(j.map((x) => x.toLowerCase())).size === j.length,
      'Job names must be unique',
    ),
});
