import { describe, expect, it } from 'vitest';
import { EMPTY_STATS } from './results';
import {
  answerLedgerPoints,
  isStrongScore,
  addAnswer,
  addAttempt,
  gradeAnswer,
  gradeAttempt,
  optionTone,
  topicScore,
} from './scoring';

const q = (correctIndex: number, tags: string[] = ['nouns', 'clarity']) => ({ correctIndex, tags });

describe('grading', () => {
  it('a right single answer earns 10 to the total and to each tag; a wrong one nothing', () => {
    expect(gradeAnswer(q(1), 1)).toEqual({
      correct: true,
      points: 10,
      byTag: { total: 10, nouns: 10, clarity: 10 },
    });
    expect(gradeAnswer(q(1), 2)).toEqual({ correct: false, points: 0, byTag: {} });
  });

  it('a quiz: 10 per correct answer, the score in percent, the wrong indexes', () => {
    const g = gradeAttempt([q(0), q(1, ['verbs']), q(2)], [0, 1, 0]);
    expect(g).toEqual({
      correct: 2,
      total: 3,
      score: 67,
      points: 20,
      byTag: { total: 20, nouns: 10, clarity: 10, verbs: 10 },
      wrong: [2],
    });
    expect(topicScore(0, 0)).toBe(0);
  });
});

describe('stats as the server derives them', () => {
  it('the first answer to a question counts; a second changes nothing', () => {
    const once = addAnswer(EMPTY_STATS, 'deep-dive-1', 1, gradeAnswer(q(1), 1));
    expect(once.pts).toEqual({ total: 10, byTag: { nouns: 10, clarity: 10 } });
    expect(once.questions).toEqual({ 'deep-dive-1': true });
    expect(addAnswer(once, 'deep-dive-1', 2, gradeAnswer(q(1), 2))).toBe(once);
  });

  it('a quiz adds its points and replaces the topic score', () => {
    const before = { ...EMPTY_STATS, topics: { nouns: 40 } };
    const after = addAttempt(before, 'nouns', gradeAttempt([q(0), q(0)], [0, 1]));
    expect(after.topics).toEqual({ nouns: 50 });
    expect(after.pts.total).toBe(10);
  });
});

describe('optionTone', () => {
  it('is neutral until answered, then green for the key and red for a wrong pick', () => {
    expect([0, 1, 2].map((i) => optionTone(i, null, 1))).toEqual(['neutral', 'neutral', 'neutral']);
    expect([0, 1, 2].map((i) => optionTone(i, 2, 1))).toEqual(['neutral', 'correct', 'wrong']);
    expect([0, 1, 2].map((i) => optionTone(i, 1, 1))).toEqual(['neutral', 'correct', 'neutral']);
  });
});

describe('isStrongScore', () => {
  it('is above the threshold, not at it: 50 % is not yet strong', () => {
    expect(isStrongScore(50)).toBe(false);
    expect(isStrongScore(51)).toBe(true);
    expect(isStrongScore(100)).toBe(true);
    expect(isStrongScore(0)).toBe(false);
  });
});

describe('answerLedgerPoints', () => {
  it('counts the first answer to a question when it is right, and nothing else', () => {
    expect(answerLedgerPoints(true, true)).toBe(10);
    expect(answerLedgerPoints(true, false)).toBe(0);
    expect(answerLedgerPoints(false, true)).toBe(0);
  });
});
