import { describe, expect, it } from 'vitest';
import { seeded } from '../random';
import {
  answerStep,
  sessionProgress,
  sessionResult,
  startSession,
  wordChoices,
  type Session,
} from './session';
import {
  LEARN_ROUND_WORDS,
  normalizeTyped,
  setProgress,
  studyOrder,
  testPassed,
  typedMatches,
  wordStatus,
} from './study';

const words = Array.from({ length: 16 }, (_, i) => ({
  id: `w${i}`,
  word: `word${i}`,
  partOfSpeech: i % 2 === 0 ? 'noun' : 'verb',
}));

const play = (s: Session, answers: (boolean | ((step: Session['queue'][number]) => boolean))[]) => {
  let out = s;
  for (const a of answers) {
    const step = out.queue[0];
    if (!step) break;
    out = answerStep(out, typeof a === 'function' ? a(step) : a);
  }
  return out;
};

describe('typed answers', () => {
  it('forgive case, surrounding and doubled spaces, curly apostrophes; not spelling', () => {
    expect(typedMatches('  Stakeholder ', 'stakeholder')).toBe(true);
    expect(typedMatches('follow  up', 'follow up')).toBe(true);
    expect(typedMatches('can’t', "can't")).toBe(true);
    expect(typedMatches('stakeholer', 'stakeholder')).toBe(false);
    expect(typedMatches('stakeholders', 'stakeholder')).toBe(false);
    expect(typedMatches('   ', ' ')).toBe(false);
    expect(normalizeTyped(' A\u00a0B ')).toBe('a b');
  });
});

describe('word status', () => {
  const lists = { completed: ['w1'], learning: ['w1', 'w2'] };
  it('learned beats learning; the rest are new', () => {
    expect(wordStatus(lists, 'w1')).toBe('learned');
    expect(wordStatus(lists, 'w2')).toBe('learning');
    expect(wordStatus(lists, 'w3')).toBe('new');
    expect(setProgress(lists, ['w1', 'w2', 'w3', 'w4'])).toEqual({
      learned: 1,
      learning: 1,
      new: 2,
    });
  });
  it('study order: learning, then new, then learned, each in the set order', () => {
    expect(studyOrder(words.slice(0, 5), lists).map((w) => w.id)).toEqual([
      'w2',
      'w0',
      'w3',
      'w4',
      'w1',
    ]);
  });
  it('a test passes at 80 %', () => {
    expect(testPassed(8, 10)).toBe(true);
    expect(testPassed(7, 10)).toBe(false);
    expect(testPassed(0, 0)).toBe(false);
  });
});

describe('word choices', () => {
  it('offer the word and three others of the same part of speech, each once', () => {
    const rand = seeded('x');
    for (const w of words) {
      const options = wordChoices(w, words, rand);
      expect(options).toHaveLength(4);
      expect(options).toContain(w);
      expect(new Set(options.map((o) => o.id)).size).toBe(4);
      expect(options.every((o) => o.partOfSpeech === w.partOfSpeech)).toBe(true);
    }
  });
});

describe('flashcards', () => {
  it('bring the still-learning pile back until it is empty', () => {
    let s = startSession('flashcards', words.slice(0, 3), words, seeded('f'));
    expect(s.queue.map((q) => q.wordId)).toEqual(['w0', 'w1', 'w2']);
    s = play(s, [true, false, false]);
    expect(s.queue.map((q) => q.wordId)).toEqual(['w1', 'w2']);
    s = play(s, [true, false]);
    expect(s.queue.map((q) => q.wordId)).toEqual(['w2']);
    s = play(s, [true]);
    expect(s.queue).toEqual([]);
    const r = sessionResult(s);
    expect(r.learning).toEqual(['w1', 'w2']);
    expect(r.learned).toEqual([]);
    expect(r.right).toBe(1);
    expect(r.total).toBe(3);
  });
});

describe('learn', () => {
  it('asks each word from options first, then typed; a miss comes back after two others', () => {
    let s = startSession('learn', words, words, seeded('l'));
    expect(s.queue).toHaveLength(LEARN_ROUND_WORDS * 2);
    expect(s.queue.slice(0, LEARN_ROUND_WORDS).every((q) => q.kind === 'choose-word')).toBe(true);
    expect(s.queue.slice(LEARN_ROUND_WORDS).every((q) => q.kind === 'type-word')).toBe(true);
    const missedWord = s.queue[0]!.wordId;
    s = answerStep(s, false);
    expect(s.queue[2]).toMatchObject({ kind: 'choose-word', wordId: missedWord });
    // The bar does not move for a miss, and the total does not grow.
    expect(sessionProgress(s)).toEqual({ finished: 0, planned: LEARN_ROUND_WORDS * 2 });
    s = answerStep(s, true);
    expect(sessionProgress(s)).toEqual({ finished: 1, planned: LEARN_ROUND_WORDS * 2 });
    s = play(s, Array(40).fill(true));
    expect(s.queue).toEqual([]);
    const r = sessionResult(s);
    expect(r.learning).toEqual([missedWord]);
    expect(r.learned).toHaveLength(LEARN_ROUND_WORDS - 1);
    expect(r.learned).not.toContain(missedWord);
    expect(r.right).toBe(LEARN_ROUND_WORDS - 1);
    expect(r.total).toBe(LEARN_ROUND_WORDS);
  });
});

describe('test', () => {
  it('asks each question once, mixes the kinds, and a pass marks the right answers learned', () => {
    let s = startSession('test', words, words, seeded('t'));
    expect(s.queue).toHaveLength(10);
    expect(new Set(s.queue.map((q) => q.kind))).toEqual(
      new Set(['choose-word', 'choose-definition', 'type-word']),
    );
    const wrong = s.queue[4]!.wordId;
    s = play(s, [true, true, true, true]);
    s = answerStep(s, false, 'impasse');
    s = play(s, [true, true, true, true, true]);
    const r = sessionResult(s);
    expect(r.yours).toEqual({ [wrong]: 'impasse' });
    expect([r.right, r.total]).toEqual([9, 10]);
    expect(r.passed).toBe(true);
    expect(r.learned).toHaveLength(9);
    expect(r.learning).toEqual([wrong]);
  });
  it('a fail marks nothing learned', () => {
    let s = startSession('test', words, words, seeded('t2'));
    s = play(s, [true, false, true, false, true, false, true, true, true, true]);
    const r = sessionResult(s);
    expect(r.passed).toBe(false);
    expect(r.learned).toEqual([]);
    expect(r.learning).toHaveLength(3);
  });
});
