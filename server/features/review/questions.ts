import type { TWord, TWordSet } from '../../../core/content/vocabulary';
import { deepDiveQuestionId } from '../../../core/grammar/results';
import { links, paths } from '../../../core/paths';
import { seeded } from '../../../core/random';
import { namesPositions, shuffleOptions } from '../../../core/review/ask';
import { WORD_OPTIONS, type AnswerMode, type ReviewKind } from '../../../core/review/results';
import { wordChoices } from '../../../core/vocabulary/session';
import type { Catalog } from '../../content/catalog';

/** One card as asked, with what grading needs (never sent before the answer). */
export type Askable = {
  prompt: string;
  detail: string | null;
  /** The right answer in words: the word, or the right option's text. */
  answer: string;
  explanation: string;
  source: { label: string; path: string };
} & (
  | { mode: 'choice'; options: string[]; correctIndex: number }
  /** Typed recall: graded against `answer` (core/vocabulary/study.ts `typedMatches`). */
  | { mode: 'typed' }
);

/** The example with the word (and its inflections: leveraged, leverages) taken out, or null. */
export function blankOut(example: string, word: string): string | null {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = new RegExp(`\\b${escaped}\\w*`, 'gi');
  return re.test(example) ? example.replace(re, '_____') : null;
}

/**
 * A word card. Recognition: "Which word fits?" from the word's own set — the word and three
 * others, the same part of speech first so the sentence's grammar does not give the answer
 * away — with the definition or the example gapped. Recall: the word typed from its
 * definition (never from the gapped example alone, which can fit more than one word when
 * there are no options to rule the others out).
 */
export function wordQuestion(word: TWord, set: TWordSet, seed: string, mode: AnswerMode): Askable {
  const common = {
    answer: word.word,
    explanation: `${word.word} (${word.partOfSpeech}): ${word.definition} For example: “${word.example}”`,
    source: { label: set.title, path: links.word(set.id, word.id) },
  };
  if (mode === 'typed')
    return {
      ...common,
      mode,
      prompt: 'Type the word for this meaning',
      detail: word.definition,
    };
  const rand = seeded(seed);
  const options = wordChoices(word, set.words, rand, WORD_OPTIONS).map((w) => w.word);
  const gap = blankOut(word.example, word.word);
  const useExample = gap !== null && rand() < 0.5;
  return {
    ...common,
    mode,
    prompt: useExample ? 'Which word fits the gap?' : 'Which word fits this definition?',
    detail: useExample ? gap : word.definition,
    options,
    correctIndex: options.indexOf(word.word),
  };
}

/**
 * What a card asks this round: its kind and item, the round's seed (the card's id and due
 * time) and how it is answered (core/review/ask.ts). Null when its content is gone.
 */
export type AskFn = (
  kind: ReviewKind,
  itemId: string,
  seed: string,
  mode: AnswerMode,
) => Askable | null;

interface GrammarQuestion {
  prompt: string;
  options: string[];
  correctIndex: number;
  explanation: string;
  source: { label: string; path: string };
}

/**
 * A grammar card: its question with the options shuffled for the round, so a learner
 * recalls the rule rather than the place. A question whose explanation names options by
 * place ("The first option…") keeps its written order, or the explanation would point at
 * the wrong one.
 */
function grammarQuestion(q: GrammarQuestion, seed: string): Askable {
  const { options, correctIndex } = namesPositions(q.explanation)
    ? q
    : shuffleOptions(q.options, q.correctIndex, seed);
  return {
    mode: 'choice',
    prompt: q.prompt,
    detail: null,
    options,
    correctIndex,
    answer: q.options[q.correctIndex] ?? '',
    explanation: q.explanation,
    source: q.source,
  };
}

/** Looks up what a card asks; null when its content is gone. Built once per app. */
export function reviewContent(catalog: Catalog): AskFn {
  const grammar = new Map<string, GrammarQuestion>();
  for (const topic of catalog.grammar.topics.values()) {
    for (const q of topic.questions) {
      grammar.set(q.id, {
        prompt: q.question,
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
      options: q.options,
      correctIndex: q.correctIndex,
      explanation: q.explanation,
      source: { label: `Deep Dive ${q.id}`, path: paths.deepDive(q.id) },
    });
  }
  const sets = new Map(catalog.vocabulary.sets.map((s) => [s.id, s]));
  return (kind, itemId, seed, mode) => {
    if (kind === 'grammar') {
      const q = grammar.get(itemId);
      return q ? grammarQuestion(q, seed) : null;
    }
    const word = catalog.vocabulary.words.get(itemId);
    const set = word && sets.get(word.set);
    return word && set ? wordQuestion(word, set, seed, mode) : null;
  };
}
