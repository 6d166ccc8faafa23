import { describe, expect, it } from 'vitest';
import {
  answerView,
  buttonAction,
  buttonLabel,
  earlySubmit,
  initQuiz,
  questionsLeft,
  answeredCount,
  optionTone,
  pickPhrase,
  progressText,
  quizReducer,
  type QuizAction,
  type QuizQuestion,
  type QuizState,
} from './quiz-machine';

/** Question i has options A–D and correct answer (i % 4). */
function makeQuestions(count: number, prefix = 'q'): QuizQuestion[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `${prefix}-${i + 1}`,
    question: `Question ${i + 1}?`,
    options: ['A', 'B', 'C', 'D'],
    correctIndex: i % 4,
    explanation: `Because of rule ${i + 1}.`,
    tags: ['nouns'],
  }));
}

const PRAISE = ['Great', 'Nice', 'Superb'] as const;
const FAILURE = ['Oops', 'Not quite'] as const;

function answer(choice: number, random = 0): QuizAction {
  return { type: 'answer', choice, random, praise: PRAISE, failure: FAILURE };
}

function run(state: QuizState, ...actions: QuizAction[]): QuizState {
  return actions.reduce(quizReducer, state);
}

function correctOf(state: QuizState): number {
  const q = state.questions[state.current];
  if (!q) throw new Error('no current question');
  return q.correctIndex;
}

function wrongOf(state: QuizState): number {
  return (correctOf(state) + 1) % 4;
}

/** Answers each question correctly and moves on until `index` is on screen (unanswered). */
function walkTo(state: QuizState, index: number): QuizState {
  let s = state;
  while (s.current < index) s = run(s, answer(correctOf(s)), { type: 'next' });
  expect(s.current).toBe(index);
  return s;
}

/** A quiz of `count` questions, all answered correctly, on the last one. */
function readyToSubmit(count = 3): QuizState {
  const s = walkTo(initQuiz('quiz-1', makeQuestions(count)), count - 1);
  return quizReducer(s, answer(correctOf(s)));
}

describe('initQuiz', () => {
  it('starts on the first question with nothing answered', () => {
    const questions = makeQuestions(3);
    expect(initQuiz('nouns', questions)).toEqual({
      quizId: 'nouns',
      questions,
      current: 0,
      answers: [null, null, null],
      feedback: [null, null, null],
      points: 0,
      submit: 'idle',
      error: null,
    });
  });
});

describe('load and reset', () => {
  it('load with a new quiz id clears answers, feedback, points, position and submit state', () => {
    const done = run(readyToSubmit(3), { type: 'submit', signedIn: true });
    expect(done.points).toBe(30);
    const other = makeQuestions(2, 'verbs');
    const s = quizReducer(done, { type: 'load', quizId: 'verbs', questions: other });
    expect(s).toEqual(initQuiz('verbs', other));
  });

  it('load with a new quiz id resets even when the question ids match', () => {
    const questions = makeQuestions(2);
    const s = run(initQuiz('quiz-1', questions), answer(0));
    const next = quizReducer(s, { type: 'load', quizId: 'quiz-2', questions });
    expect(next).toEqual(initQuiz('quiz-2', questions));
  });

  it('load with the same id and the same question ids keeps progress (same object)', () => {
    const s = run(initQuiz('quiz-1', makeQuestions(3)), answer(0));
    const again = quizReducer(s, { type: 'load', quizId: 'quiz-1', questions: makeQuestions(3) });
    expect(again).toBe(s);
    expect(again.answers).toEqual([0, null, null]);
  });

  it('load with the same id but different questions starts over', () => {
    const empty = initQuiz('quiz-1', []);
    const questions = makeQuestions(4);
    const s = quizReducer(empty, { type: 'load', quizId: 'quiz-1', questions });
    expect(s).toEqual(initQuiz('quiz-1', questions));
    expect(s.answers).toEqual([null, null, null, null]);
  });

  it('reset starts over even for the quiz already loaded', () => {
    const questions = makeQuestions(3);
    const s = run(initQuiz('quiz-1', questions), answer(0), { type: 'next' });
    expect(s.points).toBe(10);
    const fresh = quizReducer(s, { type: 'reset', quizId: 'quiz-1', questions });
    expect(fresh).toEqual(initQuiz('quiz-1', questions));
    expect(fresh).not.toBe(s);
  });
});

describe('answer', () => {
  it('locks the first choice and records it for the current question only', () => {
    const s = run(initQuiz('quiz-1', makeQuestions(3)), answer(2));
    expect(s.answers).toEqual([2, null, null]);
    expect(s.current).toBe(0);
  });

  it('ignores a second choice on the same question (same object, points unchanged)', () => {
    const first = run(initQuiz('quiz-1', makeQuestions(3)), answer(1));
    expect(first.points).toBe(0);
    const second = quizReducer(first, answer(0));
    expect(second).toBe(first);
    expect(second.answers).toEqual([1, null, null]);
    expect(second.points).toBe(0);
  });

  it('adds 10 points for a correct answer and 0 for a wrong one', () => {
    const start = initQuiz('quiz-1', makeQuestions(3));
    const right = quizReducer(start, answer(0));
    expect(right.points).toBe(10);
    const next = quizReducer(right, { type: 'next' });
    const wrong = quizReducer(next, answer(3)); // question 2's correct index is 1
    expect(wrong.points).toBe(10);
    const third = run(wrong, { type: 'next' }, answer(2));
    expect(third.points).toBe(20);
  });

  it('picks a praise phrase by `random` when correct', () => {
    const start = initQuiz('quiz-1', makeQuestions(1));
    expect(quizReducer(start, answer(0, 0)).feedback).toEqual(['Great']);
    expect(quizReducer(start, answer(0, 0.5)).feedback).toEqual(['Nice']);
    expect(quizReducer(start, answer(0, 0.99)).feedback).toEqual(['Superb']);
  });

  it('picks a failure phrase by `random` when wrong', () => {
    const start = initQuiz('quiz-1', makeQuestions(1));
    expect(quizReducer(start, answer(1, 0.2)).feedback).toEqual(['Oops']);
    expect(quizReducer(start, answer(1, 0.7)).feedback).toEqual(['Not quite']);
  });

  it("falls back to 'Correct' and 'Incorrect' when the phrase lists are empty", () => {
    const start = initQuiz('quiz-1', makeQuestions(1));
    const bare = (choice: number): QuizAction => ({
      type: 'answer',
      choice,
      random: 0.4,
      praise: [],
      failure: [],
    });
    expect(quizReducer(start, bare(0)).feedback).toEqual(['Correct']);
    expect(quizReducer(start, bare(2)).feedback).toEqual(['Incorrect']);
  });

  it.each([
    ['negative', -1],
    ['past the last option', 4],
    ['far out of range', 99],
    ['non-integer', 1.5],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
  ])('ignores a %s choice', (_, choice) => {
    const start = initQuiz('quiz-1', makeQuestions(2));
    const s = quizReducer(start, answer(choice));
    expect(s).toBe(start);
    expect(s.answers).toEqual([null, null]);
  });

  it('respects each question’s own option count', () => {
    const questions: QuizQuestion[] = [
      {
        id: 'three',
        question: 'Pick?',
        options: ['a', 'b', 'c'],
        correctIndex: 2,
        explanation: 'x',
        tags: ['nouns'],
      },
    ];
    const start = initQuiz('quiz-1', questions);
    expect(quizReducer(start, answer(3))).toBe(start);
    expect(quizReducer(start, answer(2)).answers).toEqual([2]);
  });

  it('is ignored while submitting and after submitting', () => {
    const submitting = run(readyToSubmit(2), { type: 'submit', signedIn: true });
    expect(quizReducer(submitting, answer(0))).toBe(submitting);
    const submitted = quizReducer(submitting, { type: 'submitted' });
    expect(quizReducer(submitted, answer(0))).toBe(submitted);
  });

  it('is ignored while submitting even on an unanswered question (defensive guard)', () => {
    // The machine cannot get here (submit needs every question answered); the guard still
    // holds for a state restored or built by hand.
    const base = initQuiz('quiz-1', makeQuestions(2));
    for (const submit of ['submitting', 'submitted'] as const) {
      const s: QuizState = { ...base, submit };
      expect(quizReducer(s, answer(0))).toBe(s);
    }
  });

  it('is ignored on an empty quiz', () => {
    const start = initQuiz('empty', []);
    expect(quizReducer(start, answer(0))).toBe(start);
  });

  it('does not mutate the previous state', () => {
    const start = initQuiz('quiz-1', makeQuestions(2));
    quizReducer(start, answer(0));
    expect(start.answers).toEqual([null, null]);
    expect(start.feedback).toEqual([null, null]);
    expect(start.points).toBe(0);
  });
});

describe('next', () => {
  it('is ignored before the current question is answered', () => {
    const start = initQuiz('quiz-1', makeQuestions(5));
    const s = quizReducer(start, { type: 'next' });
    expect(s).toBe(start);
    expect(s.current).toBe(0);
  });

  it('moves to the next question once answered, right or wrong', () => {
    const start = initQuiz('quiz-1', makeQuestions(5));
    const s1 = run(start, answer(3), { type: 'next' });
    expect(s1.current).toBe(1);
    const s2 = run(s1, answer(1), { type: 'next' });
    expect(s2.current).toBe(2);
    expect(s2.answers).toEqual([3, 1, null, null, null]);
  });

  it('with two questions ahead the default goes on, and "Submit Quiz" is offered beside it', () => {
    const s = run(initQuiz('quiz-1', makeQuestions(3)), answer(0));
    expect(buttonLabel(s)).toBe('Next Question');
    expect(buttonAction(s)).toBe('next');
    expect(earlySubmit(s)).toBe(true);
    expect(questionsLeft(s)).toBe(2);
    expect(quizReducer(s, { type: 'next' }).current).toBe(1);
    const sent = quizReducer(s, { type: 'submit', signedIn: true });
    expect(sent.submit).toBe('submitting');
    expect(answeredCount(sent)).toBe(1);
  });

  it('never moves past the last question', () => {
    const last = readyToSubmit(3);
    expect(last.current).toBe(2);
    expect(quizReducer(last, { type: 'next' })).toBe(last);
  });
});

describe('buttonLabel, buttonAction and earlySubmit by position', () => {
  const N = 'Next Question';
  const S = 'Submit Quiz';
  const table: [number, string[], boolean[]][] = [
    [1, [S], [false]],
    [2, [N, S], [true, false]],
    [3, [N, N, S], [true, true, false]],
    [4, [N, N, N, S], [false, true, true, false]],
    [
      13,
      [N, N, N, N, N, N, N, N, N, N, N, N, S],
      [false, false, false, false, false, false, false, false, false, false, true, true, false],
    ],
  ];

  it.each(table)(
    'quiz of %i: the primary reads "Next Question" until the last',
    (count, labels) => {
      const start = initQuiz('quiz-1', makeQuestions(count));
      const seen = labels.map((_, i) => {
        const s = walkTo(start, i);
        // The label depends on position only, not on whether the question is answered.
        expect(buttonLabel(quizReducer(s, answer(correctOf(s))))).toBe(buttonLabel(s));
        return buttonLabel(s);
      });
      expect(seen).toEqual(labels);
    },
  );

  it.each(table)('quiz of %i: action is none, then next until the last, which submits', (count) => {
    const start = initQuiz('quiz-1', makeQuestions(count));
    const actions = Array.from({ length: count }, (_, i) => {
      const s = walkTo(start, i);
      return [buttonAction(s), buttonAction(quizReducer(s, answer(wrongOf(s))))];
    });
    const expected = Array.from({ length: count }, (_, i) => [
      'none',
      i < count - 1 ? 'next' : 'submit',
    ]);
    expect(actions).toEqual(expected);
  });

  it.each(table)(
    'quiz of %i: "Submit Quiz" is offered early with two or fewer ahead, once answered',
    (count, _labels, early) => {
      const start = initQuiz('quiz-1', makeQuestions(count));
      const seen = early.map((_, i) => {
        const s = walkTo(start, i);
        expect(earlySubmit(s)).toBe(false);
        return earlySubmit(quizReducer(s, answer(wrongOf(s))));
      });
      expect(seen).toEqual(early);
    },
  );

  it('the default action carries a 10-question quiz through every question', () => {
    let s = initQuiz('quiz-1', makeQuestions(10));
    // Answer, then do what the primary button does, until it submits.
    for (let guard = 0; guard < 20 && buttonAction(s) !== 'submit'; guard++) {
      s = quizReducer(s, answer(correctOf(s)));
      if (buttonAction(s) === 'next') s = quizReducer(s, { type: 'next' });
    }
    expect(buttonLabel(s)).toBe('Submit Quiz');
    expect(answeredCount(s)).toBe(10);
    const sent = quizReducer(s, { type: 'submit', signedIn: true });
    expect(sent.submit).toBe('submitting');
    expect(answeredCount(sent)).toBe(10);
  });

  it('empty quiz: nothing to do', () => {
    const s = initQuiz('empty', []);
    expect(buttonAction(s)).toBe('none');
    expect(earlySubmit(s)).toBe(false);
    expect(buttonLabel(s)).toBe('Submit Quiz');
  });
});

describe('submit', () => {
  it('as a guest asks to log in and submits nothing', () => {
    const ready = readyToSubmit(3);
    const s = quizReducer(ready, { type: 'submit', signedIn: false });
    expect(s.submit).toBe('needs-login');
    expect(buttonLabel(s)).toBe('Please Login');
    // Nothing in flight: a server answer arriving now is dropped.
    expect(quizReducer(s, { type: 'submitted' })).toBe(s);
    expect(quizReducer(s, { type: 'submitFailed', message: 'x' })).toBe(s);
    expect(quizReducer(s, { type: 'submit', signedIn: false })).toBe(s);
  });

  it('after logging in, the same button submits', () => {
    const guest = quizReducer(readyToSubmit(3), { type: 'submit', signedIn: false });
    expect(buttonAction(guest)).toBe('submit');
    const s = quizReducer(guest, { type: 'submit', signedIn: true });
    expect(s.submit).toBe('submitting');
    expect(buttonLabel(s)).toBe('Submitting');
  });

  it("signed in: 'Submit Quiz' → 'Submitting' → 'Submitted'", () => {
    const ready = readyToSubmit(3);
    expect(buttonLabel(ready)).toBe('Submit Quiz');
    const submitting = quizReducer(ready, { type: 'submit', signedIn: true });
    expect(submitting.submit).toBe('submitting');
    expect(buttonLabel(submitting)).toBe('Submitting');
    expect(buttonAction(submitting)).toBe('none');
    const submitted = quizReducer(submitting, { type: 'submitted' });
    expect(submitted.submit).toBe('submitted');
    expect(buttonLabel(submitted)).toBe('Submitted');
    expect(buttonAction(submitted)).toBe('none');
    expect(submitted.points).toBe(30);
  });

  it('a repeat submit while submitting or submitted does nothing', () => {
    const submitting = run(readyToSubmit(2), { type: 'submit', signedIn: true });
    expect(quizReducer(submitting, { type: 'submit', signedIn: true })).toBe(submitting);
    expect(quizReducer(submitting, { type: 'submit', signedIn: false })).toBe(submitting);
    const submitted = quizReducer(submitting, { type: 'submitted' });
    expect(quizReducer(submitted, { type: 'submit', signedIn: true })).toBe(submitted);
    expect(quizReducer(submitted, { type: 'submitted' })).toBe(submitted);
    expect(quizReducer(submitted, { type: 'submitFailed', message: 'late' })).toBe(submitted);
  });

  it("is ignored while more than two questions lie ahead (no 'Submit Quiz' offered)", () => {
    const s = run(initQuiz('quiz-1', makeQuestions(5)), answer(0));
    expect(buttonLabel(s)).toBe('Next Question');
    expect(earlySubmit(s)).toBe(false);
    expect(quizReducer(s, { type: 'submit', signedIn: true })).toBe(s);
  });

  it('the early "Submit Quiz" sends the questions answered so far', () => {
    const s = run(walkTo(initQuiz('quiz-1', makeQuestions(10)), 7), answer(0));
    expect(earlySubmit(s)).toBe(true);
    const sent = quizReducer(s, { type: 'submit', signedIn: true });
    expect(sent.submit).toBe('submitting');
    expect(answeredCount(sent)).toBe(8);
    expect(earlySubmit(sent)).toBe(false);
  });

  it('is ignored on the last question until it is answered', () => {
    const s = walkTo(initQuiz('quiz-1', makeQuestions(3)), 2);
    expect(quizReducer(s, { type: 'submit', signedIn: true })).toBe(s);
  });

  it('a failed submit keeps the error and can be retried', () => {
    const submitting = run(readyToSubmit(3), { type: 'submit', signedIn: true });
    const failed = quizReducer(submitting, { type: 'submitFailed', message: 'Network down' });
    expect(failed.submit).toBe('error');
    expect(failed.error).toBe('Network down');
    expect(failed.points).toBe(30);
    expect(buttonLabel(failed)).toBe('Submit Quiz');
    expect(buttonAction(failed)).toBe('submit');

    const retry = quizReducer(failed, { type: 'submit', signedIn: true });
    expect(retry.submit).toBe('submitting');
    expect(retry.error).toBeNull();
    expect(quizReducer(retry, { type: 'submitted' }).submit).toBe('submitted');
  });

  it('a retry after the session expired asks to log in', () => {
    const failed = run(
      readyToSubmit(2),
      { type: 'submit', signedIn: true },
      { type: 'submitFailed', message: 'Unauthenticated' },
    );
    const s = quizReducer(failed, { type: 'submit', signedIn: false });
    expect(s.submit).toBe('needs-login');
    expect(s.error).toBeNull();
  });

  it('submitted/submitFailed with nothing in flight are ignored', () => {
    const ready = readyToSubmit(2);
    expect(quizReducer(ready, { type: 'submitted' })).toBe(ready);
    expect(quizReducer(ready, { type: 'submitFailed', message: 'x' })).toBe(ready);
  });
});

describe('progressText', () => {
  it("reads 'Practice: n / total' with n 1-based", () => {
    const start = initQuiz('quiz-1', makeQuestions(13));
    expect(progressText(start)).toBe('Practice: 1 / 13');
    expect(progressText(walkTo(start, 2))).toBe('Practice: 3 / 13');
    expect(progressText(walkTo(start, 12))).toBe('Practice: 13 / 13');
  });

  it("reads 'Practice: 0 / 0' for an empty quiz", () => {
    expect(progressText(initQuiz('empty', []))).toBe('Practice: 0 / 0');
  });
});

describe('answerView and optionTone', () => {
  it('are empty/neutral before answering', () => {
    const s = initQuiz('quiz-1', makeQuestions(2));
    expect(answerView(s)).toBeNull();
    expect([0, 1, 2, 3].map((i) => optionTone(s, i))).toEqual([
      'neutral',
      'neutral',
      'neutral',
      'neutral',
    ]);
  });

  it('show the correct option green and the wrong pick red', () => {
    const start = initQuiz('quiz-1', makeQuestions(2));
    const s = run(start, answer(0), { type: 'next' }, answer(3, 0.9));
    expect(answerView(s)).toEqual({
      chosenIndex: 3,
      correctIndex: 1,
      isCorrect: false,
      feedback: 'Not quite',
    });
    expect([0, 1, 2, 3].map((i) => optionTone(s, i))).toEqual([
      'neutral',
      'correct',
      'neutral',
      'wrong',
    ]);
  });

  it('show only green when the pick is right', () => {
    const s = run(initQuiz('quiz-1', makeQuestions(2)), answer(0));
    expect([0, 1, 2, 3].map((i) => optionTone(s, i))).toEqual([
      'correct',
      'neutral',
      'neutral',
      'neutral',
    ]);
  });

  it('keep an earlier question readable by index after moving on', () => {
    const s = run(initQuiz('quiz-1', makeQuestions(2)), answer(0, 0.4), { type: 'next' });
    expect(answerView(s, 0)).toEqual({
      chosenIndex: 0,
      correctIndex: 0,
      isCorrect: true,
      feedback: 'Nice',
    });
    expect(answerView(s)).toBeNull();
  });

  it('answerView is null for an index outside the quiz', () => {
    expect(answerView(initQuiz('quiz-1', makeQuestions(2)), 5)).toBeNull();
  });
});

describe('pickPhrase', () => {
  it('maps random in [0, 1) evenly onto the list', () => {
    const list = ['a', 'b', 'c', 'd'];
    expect([0, 0.24, 0.25, 0.5, 0.74, 0.75, 0.999].map((r) => pickPhrase(list, r, 'x'))).toEqual([
      'a',
      'a',
      'b',
      'c',
      'c',
      'd',
      'd',
    ]);
  });

  it('returns the fallback for an empty list', () => {
    expect(pickPhrase([], 0.5, 'Correct')).toBe('Correct');
  });

  it('clamps random outside [0, 1) and treats non-finite as 0', () => {
    const list = ['a', 'b', 'c'];
    expect(pickPhrase(list, 1, 'x')).toBe('c');
    expect(pickPhrase(list, 7, 'x')).toBe('c');
    expect(pickPhrase(list, -0.5, 'x')).toBe('a');
    expect(pickPhrase(list, Number.NaN, 'x')).toBe('a');
  });
});
