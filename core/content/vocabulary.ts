import { z } from 'zod';
import { LEVELS, PROFESSIONS } from '../constants';
import { VOCABULARY_PATH, VOCABULARY_UNIT_IDS } from '../vocabulary/path';
import { ZSlug, ZText } from './common';

export const PARTS_OF_SPEECH = [
  'noun',
  'verb',
  'adjective',
  'adverb',
  'phrasal verb',
  'phrase',
] as const;

const IPA_HINT = 'ipa must be American IPA between slashes, like /ˈlɛvərɪdʒ/';
/** IPA letters (a–z and the IPA symbols for English) and ː; no tie bar (write tʃ, dʒ). */
const IPA_LETTER = '[a-zæɑɒɔəɚɝɛɜɪʊʌŋθðʃʒʧʤɹɾɡʔː]';
const IPA_WORD = `[ˈˌ]?${IPA_LETTER}+(?:[.ˈˌ]${IPA_LETTER}+)*`;
/**
 * Between slashes: words of IPA letters, ˈ or ˌ right before a syllable, dots between
 * syllables, one space between words.
 */
const IPA_SHAPE = new RegExp(`^/${IPA_WORD}(?: ${IPA_WORD})*/$`);
const IPA_VOWEL = /[aeiouæɑɒɔəɚɝɛɜɪʊʌ]/;
/** IPA the shape allows but the house convention below writes otherwise, with the fix. */
const NOT_HOUSE_IPA: Record<string, string> = {
  g: 'write ɡ (U+0261, the IPA g), not the keyboard g',
  ɹ: 'write r, not ɹ',
  ʧ: 'write tʃ, not ʧ',
  ʤ: 'write dʒ, not ʤ',
  ɒ: 'write ɑ, not ɒ',
  ɜ: 'write ɝ (stressed) or ɚ (unstressed), not ɜ',
  ɾ: 'write t or d, not the flap ɾ',
  ʔ: 'write t, not ʔ',
  ː: 'drop the length mark ː',
  '.': 'drop the syllable dots',
  c: 'write k or s, not c',
  q: 'write k, not q',
  x: 'write ks or ɡz, not x',
  y: 'write j for the y sound, not y',
};
const IPA_VOWELS = 'aeiouæɑɒɔəɚɝɛɜɪʊʌ';
/** Sequences of allowed letters that the house convention writes otherwise, with the fix. */
const NOT_HOUSE_IPA_SEQUENCES: [RegExp, string][] = [
  [
    new RegExp(`ər(?![${IPA_VOWELS}])`),
    'write ɚ for an unstressed er sound before a consonant or at the end of a word (/ˈkændɚ/); write ər only before a vowel (/ˈlɛvərɪdʒ/)',
  ],
  [new RegExp(`ɚ(?=[${IPA_VOWELS}])`), 'write ər before a vowel (/ˈlɛvərɪdʒ/), not ɚ'],
  [/[ɝɚ]r/, 'drop the r after ɝ or ɚ, which already include it (/rɪˈfɝəl/)'],
];

/** ZWord.ipa: IPA shape, then the house convention documented on the field. */
const ZIpa = z
  .string({ error: `${IPA_HINT}; add it right after word` })
  .min(3, { error: `${IPA_HINT}, 3–80 characters long`, abort: true })
  .max(80, { error: `${IPA_HINT}, 3–80 characters long`, abort: true })
  .regex(IPA_SHAPE, {
    error: `${IPA_HINT}: only IPA letters inside the slashes, ˈ or ˌ right before a syllable, one space between words`,
    abort: true,
  })
  .refine((s) => IPA_VOWEL.test(s), { error: `${IPA_HINT}; it needs at least one vowel` })
  .refine((s) => s.includes('ˈ'), {
    error: `${IPA_HINT}; mark the primary stress with ˈ before the stressed syllable`,
  })
  .superRefine((s, ctx) => {
    const fixes = [
      ...[...new Set(s)].flatMap((c) => NOT_HOUSE_IPA[c] ?? []),
      ...NOT_HOUSE_IPA_SEQUENCES.flatMap(([pattern, fix]) => (pattern.test(s) ? [fix] : [])),
    ];
    if (fixes.length > 0)
      ctx.addIssue({
        code: 'custom',
        message: `ipa must follow the house convention: ${fixes.join('; ')}`,
      });
  });

export const ZWord = z.strictObject({
  /** Unique across all sets; used in `?word=` links and progress records. */
  id: ZSlug,
  word: ZText(1, 60),
  /**
   * American English IPA between slashes, primary stress ˈ (and secondary ˌ where it belongs) right
   * before the stressed syllable, e.g. /ˈlɛvərɪdʒ/. House convention (the schema rejects the
   * symbols it replaces): /ɝ/ stressed and /ɚ/ unstressed (/ər/ before a vowel, as in /ˈlɛvərɪdʒ/,
   * and /ər/ nowhere else; no r after ɝ or ɚ);
   * /ɑ/ in father and lot, /ɔ/ in thought, call and off; /ʌ/ stressed, /ə/ unstressed; /i ɪ u ʊ eɪ
   * ɛ æ oʊ aɪ aʊ ɔɪ/; /ɪr ɛr ɑr ɔr ʊr aɪr aʊr/ before r (/aɪɚ aʊɚ/ in outlier, empower); /tʃ dʒ r
   * ɡ/ (ɡ is U+0261); no flap (write t), no length marks, no syllable dots. Weak /ɪ/ in -ic, -it,
   * -et, -ed, -es, -ing, -ive, -age; /əl ən əti/ in -al, -en, -ity. One-syllable words are marked
   * too (/ˈbʌɡ/). Several words, or the parts of a hyphenated word, are transcribed one by one with
   * spaces: ˈ on the main stress, ˌ on other stressed words, weak forms for unstressed little words
   * (/əz əv ət jɚ ðə/). The part of speech decides the stress (contrast, noun: /ˈkɑnˌtræst/).
   * Letters said as letters are spelled out (API: /ˌeɪ pi ˈaɪ/).
   */
  ipa: ZIpa,
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

const UNIT_CHOICES = VOCABULARY_PATH.map((u) => `${u.id} (${u.level})`).join(', ');

/**
 * ZWordSet.unit: the set's unit on the vocabulary path (core/vocabulary/path.ts), which gives
 * it its level; docs/content-guide.md says how to choose.
 */
const ZUnit = z.enum(VOCABULARY_UNIT_IDS, {
  error: (issue) =>
    issue.input === undefined
      ? `every word set needs a unit on the vocabulary path, which gives its level: add "unit:" with one of ${UNIT_CHOICES}`
      : `must be a unit on the vocabulary path (core/vocabulary/path.ts): one of ${UNIT_CHOICES}`,
});

/** One file per set: content/vocabulary/{id}.yaml */
export const ZWordSet = z
  .strictObject({
    id: ZSlug,
    title: ZText(3, 60),
    description: ZText(10, 300),
    professions: z.array(z.enum(PROFESSIONS)).min(1).max(3),
    /** Where the set sits on the vocabulary path; the set's level is its unit's. */
    unit: ZUnit,
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
