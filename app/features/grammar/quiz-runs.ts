import type { TGrammarQuestion } from '../../../core/content/grammar';
import { EMPTY_HISTORY, pickQuizQuestions } from '../../../core/grammar/quiz-pick';
import { initQuiz, restoreQuiz, type QuizState } from '../../../core/grammar/quiz-machine';
import { readQuizHistory } from './queries';

// Where a quiz run starts: a fresh set from the topic's bank, the same first set for the
// server and the hydrating render, or a guest's finished run kept while they log in.

/** In [0, 1): picks a feedback phrase or a question set; called outside rendering. */
export function randomUnit(): number {
  return Math.random();
}

/**
 * A guest's finished run, kept for this tab while they log in to save it, so the quiz opens
 * on its results when they come back (the run itself waits in the sync store).
 */
const PENDING_KEY = 'skillway.pendingQuizRun';
interface PendingRun {
  quizId: string;
  ids: string[];
  answers: (number | null)[];
}
function readPending(quizId: string): PendingRun | null {
  try {
    const raw = window.sessionStorage.getItem(PENDING_KEY);
    const run = raw ? (JSON.parse(raw) as PendingRun) : null;
    return run?.quizId === quizId && Array.isArray(run.ids) ? run : null;
  } catch {
    return null;
  }
}
export function writePending(run: PendingRun | null) {
  try {
    if (run) window.sessionStorage.setItem(PENDING_KEY, JSON.stringify(run));
    else window.sessionStorage.removeItem(PENDING_KEY);
  } catch {
    // Storage blocked: the run is still merged on sign-in, only the results view is lost.
  }
}

export function pick(bank: readonly TGrammarQuestion[], ids: readonly string[]) {
  return ids.flatMap((id) => bank.find((q) => q.id === id) ?? []);
}

/** The first state of a quiz: a returning guest's run, else a fresh set from the bank. */
export function start(
  quizId: string,
  bank: readonly TGrammarQuestion[],
  signedIn: boolean,
): QuizState {
  const pending = readPending(quizId);
  const questions = pending && pick(bank, pending.ids);
  if (pending && questions && questions.length === pending.ids.length) {
    // Signed in since: the kept run joined the account on sign-in (app/lib/sync.ts).
    return restoreQuiz(quizId, questions, pending.answers, signedIn ? 'submitted' : 'needs-login');
  }
  return initQuiz(quizId, pick(bank, pickQuizQuestions(bank, readQuizHistory(quizId), randomUnit)));
}

/** A fresh device's first run: the same set on the server and in the hydrating render. */
export function firstRun(quizId: string, bank: readonly TGrammarQuestion[]): QuizState {
  return initQuiz(
    quizId,
    pick(
      bank,
      pickQuizQuestions(bank, EMPTY_HISTORY, () => 0),
    ),
  );
}

/** This device has asked the topic before, or kept a guest's run: it starts its own run. */
export function hasOwnRun(quizId: string): boolean {
  const history = readQuizHistory(quizId);
  return readPending(quizId) !== null || history.seen.length > 0 || history.wrong.length > 0;
}
