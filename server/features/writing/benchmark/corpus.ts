import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { GRAMMAR_TOPIC_PATHS } from '../../../../core/grammar/topics';

const ZErrorSentence = z
  .strictObject({
    text: z.string().min(3).max(400),
    flag: z.string().min(1).max(120),
    topic: z.enum(GRAMMAR_TOPIC_PATHS as [string, ...string[]]).nullable(),
  })
  .refine((s) => s.text.includes(s.flag), { message: 'flag must be part of text' });

/** server/features/writing/benchmark/corpus.yaml: seeded errors and correct sentences. */
export const ZCorpus = z.strictObject({
  errors: z.array(ZErrorSentence).min(1),
  correct: z.array(z.string().min(3).max(400)).min(1),
});
export type TCorpus = z.infer<typeof ZCorpus>;

export const CORPUS_FILE = join(import.meta.dirname, 'corpus.yaml');

export function loadCorpus(file = CORPUS_FILE): TCorpus {
  return ZCorpus.parse(parse(readFileSync(file, 'utf8')));
}
