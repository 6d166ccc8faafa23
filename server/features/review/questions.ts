import type { TWord, TWordSet } from '../../../core/content/vocabulary';
import { deepDiveQuestionId } from '../../../core/grammar/results';
import { links, paths } from '../../../core/paths';
import { WORD_OPTIONS, type ReviewKind } from '../../../core/review/results';
import type { Catalog } from '../../content/catalog';
import { seeded, shuffle } from '../../../core/random';

/** One card as asked, with what grading needs (never sent before the answer). */
export interface Askable {
  prompt: string;
  detail: string | null;
  options: string[];
  correctIndex: number;
  explanation: string;
  source: { label: string; path: string };
}

/** The example with the word (and its inflections: leveraged, leverages) taken out, or null. */
export function blankOut(example: string, word: string): string | null {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = new RegExp(`\\b${escaped}\\w*`, 'gi');
  return re.test(example) ? example.replace(re, '_____') : null;
}

/**
 * "Which word fits?" from the word's own set: the word and three others, the same part of
 * speech first so the sentence's grammar does not give the answer away.
 */
export function wordQuestion(word: TWord, set: TWordSet, seed: string): Askable {
  const rand = seeded(seed);
  const seen = new Set([word.word.toLowerCase()]);
  const others = set.words.filter((w) => {
    const key = w.word.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const same = shuffle(
    others.filter((w) => w.partOfSpeech === word.partOfSpeech),
    rand,
  );
  const rest = shuffle(
    others.filter((w) => w.partOfSpeech !== word.partOfSpeech),
    rand,
  );
  const distractors = [...same, ...rest].slice(0, WORD_OPTIONS - 1).map((w) => w.word);
  const options = shuffle([word.word, ...distractors], rand);
  const gap = blankOut(word.example, word.word);
  const useExample = gap !== null && rand() < 0.5;
  return {
    prompt: useExample ? 'Which word fits the gap?' : 'Which word fits this definition?',
    detail: useExample ? gap : word.definition,
    options,
    correctIndex: options.indexOf(word.word),
    explanation: `${word.word} (${word.partOfSpeech}): ${word.definition} For example: “${word.example}”`,
    source: { label: set.title, path: links.word(set.id, word.id) },
  };
}

export type AskFn = (kind: ReviewKind, itemId: string, seed: string) => Askable | null;

/** Looks up what a card asks; null when its content is gone. Built once per app. */
export function reviewContent(catalog: Catalog): AskFn {
  const grammar = new Map<string, Askable>();
  for (const topic of catalog.grammar.topics.values()) {
    for (const q of topic.questions) {
      grammar.set(q.id, {
        prompt: q.question,
        detail: null,
        options: q.options,
        correctIndex: q.correctIndex,
        explanation: q.explanation,
        source: { label: topic.title, path: paths.grammarTopic(topic.topic) },
      });
    }
  }
  for (const q of catalog.grammar.deepDive) {
    grammar.set(deepDiveQuestionId(q.id), {
      prompt: q.question,
      detail: null,
      options: q.options,
      correctIndex: q.correctIndex,
      explanation: q.explanation,
      source: { label: `Deep Dive ${q.id}`, path: paths.deepDive(q.id) },
    });
  }
  const sets = new Map(catalog.vocabulary.sets.map((s) => [s.id, s]));
  return (kind, itemId, seed) => {
    if (kind === 'grammar') return grammar.get(itemId) ?? null;
    const word = catalog.vocabulary.words.get(itemId);
    const set = word && sets.get(word.set);
    return word && set ? wordQuestion(word, set, seed) : null;
  };
}
