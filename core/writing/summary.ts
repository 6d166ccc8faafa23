/**
 * A draft's figures, as the writing summary shows them (decision 053): errors by topic, words
 * against a target, and readability. One rule for the client that shows them and the tests
 * that pin them.
 */
import { countWords } from '../text';
import type { WritingFinding } from './findings';

/** A sentence longer than this many words is hard to follow at work (plain-language guides say 20–25). */
export const LONG_SENTENCE_WORDS = 25;
/**
 * "Practice this" appears for a topic once the draft has this many errors of it: one slip
 * can be a typo, two of the same kind are a pattern worth reviewing.
 */
export const PRACTICE_AFTER_ERRORS = 2;
/** Questions "Practice this" puts into review for a topic at once (POST /api/review/practice). */
export const PRACTICE_CARDS_MAX = 5;
/** A draft within this share of the target length either way is on target. */
export const TARGET_SLACK = 0.25;

export interface Sentence {
  start: number;
  end: number;
  words: number;
}

/**
 * The sentences of a text: runs ended by `.`, `!` or `?` (with any closing quote or bracket)
 * before a space, or by a blank line or the end. Abbreviations such as "e.g." split a
 * sentence early; for figures that average over a draft that is close enough.
 */
export function sentences(text: string): Sentence[] {
  const out: Sentence[] = [];
  const re = /[^\s][\s\S]*?(?:[.!?]+["')\]”’]*(?=\s|$)|(?=\n\s*\n)|$)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    const words = countWords(m[0]);
    if (words > 0) out.push({ start: m.index, end: m.index + m[0].length, words });
  }
  return out;
}

export interface Readability {
  sentences: number;
  /** Words per sentence, to one decimal; 0 for an empty text. */
  averageWords: number;
  /** Sentences over LONG_SENTENCE_WORDS words. */
  longSentences: Sentence[];
}

export function readability(text: string): Readability {
  const all = sentences(text);
  const words = all.reduce((n, s) => n + s.words, 0);
  return {
    sentences: all.length,
    averageWords: all.length ? Math.round((words / all.length) * 10) / 10 : 0,
    longSentences: all.filter((s) => s.words > LONG_SENTENCE_WORDS),
  };
}

export interface WordTarget {
  /** The model answer's length, rounded to ten words. */
  words: number;
  min: number;
  max: number;
}

/**
 * A prompt's target length: its model answer is written to the brief's length (the content
 * schema says so), so the target is that length, give or take TARGET_SLACK.
 */
export function wordTarget(modelAnswer: string): WordTarget {
  const words = Math.max(10, Math.round(countWords(modelAnswer) / 10) * 10);
  return {
    words,
    min: Math.round((words * (1 - TARGET_SLACK)) / 5) * 5,
    max: Math.round((words * (1 + TARGET_SLACK)) / 5) * 5,
  };
}

export type LengthVerdict = 'short' | 'on-target' | 'long';

export function lengthVerdict(words: number, target: WordTarget): LengthVerdict {
  if (words < target.min) return 'short';
  return words > target.max ? 'long' : 'on-target';
}

export interface TopicCount {
  /** The grammar topic, or null for spelling and usage slips no lesson covers. */
  topic: string | null;
  count: number;
}

/** Errors (not suggestions) per topic, most first; slips without a topic last. */
export function errorsByTopic(findings: readonly WritingFinding[]): TopicCount[] {
  const counts = new Map<string | null, number>();
  for (const f of findings)
    if (f.severity === 'error') counts.set(f.topic, (counts.get(f.topic) ?? 0) + 1);
  return [...counts]
    .map(([topic, count]) => ({ topic, count }))
    .sort(
      (a, b) =>
        Number(a.topic === null) - Number(b.topic === null) ||
        b.count - a.count ||
        (a.topic ?? '').localeCompare(b.topic ?? ''),
    );
}

/** Topics the learner keeps getting wrong in this draft: PRACTICE_AFTER_ERRORS errors or more. */
export function topicsToPractice(findings: readonly WritingFinding[]): string[] {
  return errorsByTopic(findings)
    .filter((t): t is { topic: string; count: number } => t.topic !== null)
    .filter((t) => t.count >= PRACTICE_AFTER_ERRORS)
    .map((t) => t.topic);
}

/** A topic path as words: "countable-uncountable-nouns" → "Countable uncountable nouns". */
export function topicLabel(topic: string): string {
  const words = topic.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
