import { describe, expect, it } from 'vitest';
import { EMPTY_HISTORY, pickQuizQuestions, recordRun, type QuizHistory } from './quiz-pick';

const bank = Array.from({ length: 20 }, (_, i) => ({ id: `q${String(i + 1).padStart(2, '0')}` }));
const ids = bank.map((q) => q.id);
const random = (seed: number) => () => {
  seed = (seed * 16807) % 2147483647;
  return (seed - 1) / 2147483646;
};

describe('pickQuizQuestions', () => {
  it('asks every question of a bank no longer than a quiz, in order', () => {
    expect(pickQuizQuestions(bank.slice(0, 8), EMPTY_HISTORY, random(1), 10)).toEqual(
      ids.slice(0, 8),
    );
  });

  it('gives a different set each run until the bank is used up, in bank order', () => {
    let history: QuizHistory = EMPTY_HISTORY;
    const first = pickQuizQuestions(bank, history, random(2), 10);
    expect(first).toHaveLength(10);
    expect(first).toEqual([...first].sort());
    history = recordRun(history, ids, first, []);
    const second = pickQuizQuestions(bank, history, random(3), 10);
    expect(second.filter((id) => first.includes(id))).toEqual([]);
    expect(new Set([...first, ...second]).size).toBe(20);
  });

  it('once the bank is used up, puts the questions answered wrongly first', () => {
    let history: QuizHistory = EMPTY_HISTORY;
    const first = pickQuizQuestions(bank, history, random(4), 10);
    history = recordRun(history, ids, first, first.slice(0, 3));
    const second = pickQuizQuestions(bank, history, random(5), 10);
    history = recordRun(history, ids, second, []);
    // A new round: the three missed in the first run come before anything else.
    const third = pickQuizQuestions(bank, history, random(6), 10);
    for (const id of first.slice(0, 3)) expect(third).toContain(id);
  });

  it('fills a run from missed questions before the ones answered right', () => {
    const history: QuizHistory = { seen: ids.slice(0, 15), wrong: ['q02', 'q07'] };
    const run = pickQuizQuestions(bank, history, random(7), 10);
    expect(run).toEqual(expect.arrayContaining(['q16', 'q17', 'q18', 'q19', 'q20', 'q02', 'q07']));
  });
});

describe('recordRun', () => {
  it('keeps the last result per question and forgets ids no longer in the bank', () => {
    const h = recordRun(
      { seen: ['q01', 'gone'], wrong: ['q01', 'gone'] },
      ids,
      ['q01', 'q02'],
      ['q02'],
    );
    expect(h).toEqual({ seen: ['q01', 'q02'], wrong: ['q02'] });
  });
});
