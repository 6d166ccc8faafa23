/**
 * The grammar quiz as a pure state machine (spec sections 4, 5, 8 and 9). React holds it
 * with `useReducer(quizReducer, …)`; everything the page shows — option colors, feedback
 * phrase, running points, button label and what the button does — is read through the
 * selectors below, so the page has no quiz rules of its own.
 *
 * Randomness stays outside: an `answer` action carries `random` (a number in [0, 1), from
 * `Math.random()` at the call site) together with the phrase lists, and the reducer picks
 * the phrase with `pickPhrase`. Same state plus same action always gives the same result.
 *
 * The server round trip stays outside too: `submit` only moves to `submitting`; the page
 * sends the request and dispatches `submitted` or `submitFailed` with the outcome.
 */
import { POINTS_PER_CORRECT_ANSWER } from '../constants';
import { optionTone as toneOf, type OptionTone } from './scoring';

export type { OptionTone };

/** Structurally a subset of `TGrammarQuestion`, so topic questions can be passed as they are. */
export interface QuizQuestion {
  id: string;
  question: string;
  options: readonly string[];
  correctIndex: number;
  explanation: string;
  tags: readonly string[];
}

export type SubmitStatus = 'idle' | 'needs-login' | 'submitting' | 'submitted' | 'error';

export interface QuizState {
  quizId: string;
  questions: readonly QuizQuestion[];
  /** 0-based index of the question on screen. */
  current: number;
  /** The locked choice per question, or null while unanswered. */
  answers: readonly (number | null)[];
  /** The phrase picked when the question was answered, or null while unanswered. */
  feedback: readonly (string | null)[];
  /** Points earned in this run so far (POINTS_PER_CORRECT_ANSWER per correct answer). */
  points: number;
  submit: SubmitStatus;
  /** Message of the last failed submit; cleared when the user tries again. */
  error: string | null;
}

export type QuizAction =
  /**
   * Start this quiz unless it is already the one loaded: same id and the same question ids
   * in the same order. Safe to dispatch again after every fetch or revalidation.
   */
  | { type: 'load'; quizId: string; questions: readonly QuizQuestion[] }
  /** Start this quiz from scratch, even when it is the one loaded. */
  | { type: 'reset'; quizId: string; questions: readonly QuizQuestion[] }
  | {
      type: 'answer';
      choice: number;
      /** In [0, 1); picks the feedback phrase. */
      random: number;
      praise: readonly string[];
      failure: readonly string[];
    }
  | { type: 'next' }
  | { type: 'submit'; signedIn: boolean }
  | { type: 'submitted' }
  | { type: 'submitFailed'; message: string };

export type ButtonLabel =
  'Next Question' | 'Submit Quiz' | 'Please Login' | 'Submitting' | 'Submitted';

export type ButtonAction = 'next' | 'submit' | 'none';

export interface AnswerView {
  chosenIndex: number;
  correctIndex: number;
  isCorrect: boolean;
  feedback: string;
}

/** The spec's fallbacks when a phrase list is empty. */
export const DEFAULT_PRAISE = 'Correct';
export const DEFAULT_FAILURE = 'Incorrect';

/** 'Submit Quiz' is offered (as the secondary choice) once this many questions or fewer lie ahead. */
export const SUBMIT_LABEL_REMAINING = 2;

export function initQuiz(quizId: string, questions: readonly QuizQuestion[]): QuizState {
  return {
    quizId,
    questions,
    current: 0,
    answers: questions.map(() => null),
    feedback: questions.map(() => null),
    points: 0,
    submit: 'idle',
    error: null,
  };
}

/**
 * A run brought back after a page change (a guest who logged in to save it): the answers
 * given, each with the default phrase, on the last answered question, with `submit` as given.
 */
export function restoreQuiz(
  quizId: string,
  questions: readonly QuizQuestion[],
  answers: readonly (number | null)[],
  submit: SubmitStatus,
): QuizState {
  const start = initQuiz(quizId, questions);
  const given = questions.map((_, i) => answers[i] ?? null);
  const answered = given.filter((a) => a != null).length;
  return {
    ...start,
    answers: given,
    feedback: given.map((a, i) =>
      a == null ? null : a === questions[i]?.correctIndex ? DEFAULT_PRAISE : DEFAULT_FAILURE,
    ),
    current: Math.max(0, answered - 1),
    points:
      given.filter((a, i) => a != null && a === questions[i]?.correctIndex).length *
      POINTS_PER_CORRECT_ANSWER,
    submit,
  };
}

/**
 * `list[floor(random × length)]`, or `fallback` when the list is empty. A `random` outside
 * [0, 1) (or not finite) is clamped rather than trusted, so the result is always a phrase.
 */
export function pickPhrase(list: readonly string[], random: number, fallback: string): string {
  if (list.length === 0) return fallback;
  const r = Number.isFinite(random) ? random : 0;
  const i = Math.min(list.length - 1, Math.max(0, Math.floor(r * list.length)));
  return list[i] ?? fallback;
}

/**
 * Every action that does not apply to the current state returns `state` itself, so a
 * caller (or React) can tell "ignored" by reference.
 */
export function quizReducer(state: QuizState, action: QuizAction): QuizState {
  switch (action.type) {
    case 'load':
      return action.quizId === state.quizId && sameQuestions(state.questions, action.questions)
        ? state
        : initQuiz(action.quizId, action.questions);
    case 'reset':
      return initQuiz(action.quizId, action.questions);
    case 'answer':
      return answer(state, action);
    case 'next':
      return canGoOn(state) ? { ...state, current: state.current + 1 } : state;
    case 'submit':
      if (!canSubmit(state)) return state;
      if (!action.signedIn) {
        return state.submit === 'needs-login'
          ? state
          : { ...state, submit: 'needs-login', error: null };
      }
      return { ...state, submit: 'submitting', error: null };
    case 'submitted':
      // Only an answer to a request in flight counts; a stale one is dropped.
      return state.submit === 'submitting' ? { ...state, submit: 'submitted' } : state;
    case 'submitFailed':
      return state.submit === 'submitting'
        ? { ...state, submit: 'error', error: action.message }
        : state;
  }
}

// By id, not reference: a refetch brings equal questions in new objects and must not wipe
// the learner's answers, while a quiz initialised empty before its questions arrived must
// still pick them up.
function sameQuestions(a: readonly QuizQuestion[], b: readonly QuizQuestion[]): boolean {
  return a.length === b.length && a.every((q, i) => q.id === b[i]?.id);
}

function answer(state: QuizState, action: Extract<QuizAction, { type: 'answer' }>): QuizState {
  if (state.submit === 'submitting' || state.submit === 'submitted') return state;
  const question = state.questions[state.current];
  if (!question || state.answers[state.current] !== null) return state;
  const { choice } = action;
  if (!Number.isInteger(choice) || choice < 0 || choice >= question.options.length) return state;

  const correct = choice === question.correctIndex;
  const phrase = correct
    ? pickPhrase(action.praise, action.random, DEFAULT_PRAISE)
    : pickPhrase(action.failure, action.random, DEFAULT_FAILURE);
  return {
    ...state,
    answers: state.answers.map((a, i) => (i === state.current ? choice : a)),
    feedback: state.feedback.map((f, i) => (i === state.current ? phrase : f)),
    points: state.points + (correct ? POINTS_PER_CORRECT_ANSWER : 0),
  };
}

/**
 * What the primary button (the default action: primary style, focus, Enter) does. Nothing
 * until the question on screen is answered; then 'next' while any question lies ahead, so
 * the default always carries the learner through every question; 'submit' on the last one
 * (and from 'needs-login' and 'error', to send again). Ending early is `earlySubmit`'s
 * separate, deliberate button.
 */
export function buttonAction(state: QuizState): ButtonAction {
  if (state.submit === 'submitting' || state.submit === 'submitted') return 'none';
  if (state.answers[state.current] == null) return 'none';
  if (state.submit === 'needs-login') return 'submit';
  return questionsLeft(state) > 0 ? 'next' : 'submit';
}

/**
 * Whether the secondary 'Submit Quiz' is offered beside 'Next Question': the spec's two
 * questions early (`SUBMIT_LABEL_REMAINING`), once the question on screen is answered. It
 * submits the questions answered so far; it is never the default.
 */
export function earlySubmit(state: QuizState): boolean {
  const left = questionsLeft(state);
  return (
    (state.submit === 'idle' || state.submit === 'error') &&
    state.answers[state.current] != null &&
    left > 0 &&
    left <= SUBMIT_LABEL_REMAINING
  );
}

/** Whether a submit applies now: the primary button's on the last question, or the early one. */
export function canSubmit(state: QuizState): boolean {
  return buttonAction(state) === 'submit' || earlySubmit(state);
}

/** Questions after the one on screen. */
export function questionsLeft(state: QuizState): number {
  return Math.max(0, state.questions.length - 1 - state.current);
}

/** Whether the learner may move on to the next question (answered, not the last, not sent). */
export function canGoOn(state: QuizState): boolean {
  return (
    (state.submit === 'idle' || state.submit === 'error') &&
    state.answers[state.current] != null &&
    questionsLeft(state) > 0
  );
}

/** Questions answered so far: a submit sends these (the first `answeredCount` questions). */
export function answeredCount(state: QuizState): number {
  const i = state.answers.findIndex((a) => a == null);
  return i === -1 ? state.answers.length : i;
}

/**
 * The primary button's label: 'Next Question' while questions lie ahead, 'Submit Quiz' on
 * the last, then the submit's state. (The early 'Submit Quiz' is `earlySubmit`.)
 */
export function buttonLabel(state: QuizState): ButtonLabel {
  switch (state.submit) {
    case 'needs-login':
      return 'Please Login';
    case 'submitting':
      return 'Submitting';
    case 'submitted':
      return 'Submitted';
    case 'idle':
    case 'error':
      return questionsLeft(state) > 0 ? 'Next Question' : 'Submit Quiz';
  }
}

/** 'Practice: n / total' with n 1-based; an empty quiz reads 'Practice: 0 / 0'. */
export function progressText(state: QuizState): string {
  const total = state.questions.length;
  return `Practice: ${Math.min(state.current + 1, total)} / ${total}`;
}

/** The answered question at `index` (default: the one on screen), or null while unanswered. */
export function answerView(state: QuizState, index = state.current): AnswerView | null {
  const question = state.questions[index];
  const chosen = state.answers[index];
  if (!question || chosen == null) return null;
  return {
    chosenIndex: chosen,
    correctIndex: question.correctIndex,
    isCorrect: chosen === question.correctIndex,
    feedback: state.feedback[index] ?? '',
  };
}

/** Color of one option of the question on screen: green for the right one, red for a wrong pick. */
export function optionTone(state: QuizState, optionIndex: number): OptionTone {
  const view = answerView(state);
  return toneOf(optionIndex, view?.chosenIndex, view?.correctIndex);
}
