import { describe, expect, it } from 'vitest';
import type { WritingFinding } from './findings';
import {
  errorsByTopic,
  lengthVerdict,
  readability,
  sentences,
  topicLabel,
  topicsToPractice,
  wordTarget,
} from './summary';

const finding = (over: Partial<WritingFinding>): WritingFinding => ({
  start: 0,
  end: 1,
  severity: 'error',
  message: 'm',
  suggestions: [],
  topic: null,
  lesson: null,
  ...over,
});

describe('sentences', () => {
  it('splits at end punctuation before a space, at blank lines and at the end', () => {
    const text = 'We met on Monday. Did it help? "Yes!" she said\n\nA list item\nNext';
    expect(sentences(text).map((s) => text.slice(s.start, s.end))).toEqual([
      'We met on Monday.',
      'Did it help?',
      '"Yes!"',
      'she said',
      'A list item\nNext',
    ]);
  });

  it('keeps decimals and file names inside a sentence, and counts words', () => {
    const text = 'Revenue rose 2.5% in Q4 per report.pdf today. Good';
    expect(sentences(text)).toEqual([
      { start: 0, end: 45, words: 8 },
      { start: 46, end: 50, words: 1 },
    ]);
  });

  it('finds none in an empty or blank text', () => {
    expect(sentences('')).toEqual([]);
    expect(sentences('  \n\n ')).toEqual([]);
  });
});

describe('readability', () => {
  it('averages words per sentence to one decimal and lists sentences over 25 words', () => {
    const long = `${Array.from({ length: 26 }, () => 'word').join(' ')}.`;
    const text = `Short one here. ${long} Two words.`;
    const r = readability(text);
    expect(r.sentences).toBe(3);
    expect(r.averageWords).toBe(10.3);
    expect(r.longSentences).toHaveLength(1);
    expect(text.slice(r.longSentences[0]!.start, r.longSentences[0]!.end)).toBe(long);
  });

  it('is zero for an empty draft', () => {
    expect(readability('')).toEqual({ sentences: 0, averageWords: 0, longSentences: [] });
  });

  it('does not count a sentence of exactly 25 words as long', () => {
    const text = `${Array.from({ length: 25 }, () => 'word').join(' ')}.`;
    expect(readability(text).longSentences).toEqual([]);
  });
});

describe('word target', () => {
  it("is the model answer's length to ten words, give or take a quarter", () => {
    const model = Array.from({ length: 123 }, () => 'w').join(' ');
    expect(wordTarget(model)).toEqual({ words: 120, min: 90, max: 150 });
  });

  it('says short, on target or long', () => {
    const t = { words: 120, min: 90, max: 150 };
    expect(lengthVerdict(89, t)).toBe('short');
    expect(lengthVerdict(90, t)).toBe('on-target');
    expect(lengthVerdict(150, t)).toBe('on-target');
    expect(lengthVerdict(151, t)).toBe('long');
  });
});

describe('errors by topic', () => {
  const findings = [
    finding({ topic: 'articles' }),
    finding({ topic: 'countable-uncountable-nouns' }),
    finding({ topic: null }),
    finding({ topic: 'countable-uncountable-nouns' }),
    finding({ topic: 'countable-uncountable-nouns', severity: 'suggestion' }),
    finding({ topic: 'prepositions', severity: 'suggestion' }),
  ];

  it('counts errors only, most first, slips without a topic last', () => {
    expect(errorsByTopic(findings)).toEqual([
      { topic: 'countable-uncountable-nouns', count: 2 },
      { topic: 'articles', count: 1 },
      { topic: null, count: 1 },
    ]);
  });

  it('offers practice for a topic with two errors or more, never for suggestions', () => {
    expect(topicsToPractice(findings)).toEqual(['countable-uncountable-nouns']);
    expect(topicsToPractice(findings.slice(0, 2))).toEqual([]);
  });

  it('names a topic in words', () => {
    expect(topicLabel('countable-uncountable-nouns')).toBe('Countable uncountable nouns');
  });
});
