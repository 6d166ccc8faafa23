import { useEffect, useReducer, useRef, useState } from 'react';
import type { TGrammarQuestion } from '../../../core/content/grammar';
import { optionParts } from '../../../core/grammar/option-diff';
import { pickQuizQuestions } from '../../../core/grammar/quiz-pick';
import {
  answerView,
  answeredCount,
  buttonAction,
  buttonLabel,
  canSubmit,
  quizReducer,
} from '../../../core/grammar/quiz-machine';
import { gradeAttempt } from '../../../core/grammar/scoring';
import { useAuth } from '../../lib/auth';
import {
  readQuizHistory,
  saveQuizRun,
  useFeedback,
  useSubmitAttempt,
  type WriteOutcome,
} from './queries';
import { firstRun, pick, randomUnit, start, writePending } from './quiz-runs';
import { usePlayerKeys } from '../../ui/player/use-player-keys';

/**
 * One quiz run as a state machine (core's quizReducer): choosing (keys 1–4 too), moving on
 * (Enter), a submit sent once with one attempt id per run, a new run, and focus on each new
 * question and, once answered, on the action button.
 */
export function useQuizRun({
  quizId,
  bank,
  first,
  onEscape,
}: {
  quizId: string;
  bank: readonly TGrammarQuestion[];
  first: boolean;
  /** Escape: ask to leave the player. */
  onEscape?: () => void;
}) {
  const { user } = useAuth();
  const [state, dispatch] = useReducer(quizReducer, undefined, () =>
    first ? firstRun(quizId, bank) : start(quizId, bank, user !== null),
  );
  // One attempt id per run, made at the first submit; a retry reuses it so the server
  // recognises it (idempotent), a new run gets a new one.
  const attempt = useRef<{ run: readonly unknown[]; id: string } | null>(null);
  // Set while a submit is in flight: a second one (a double click, Enter) sends nothing.
  const sending = useRef(false);
  const [outcome, setOutcome] = useState<WriteOutcome | null>(null);
  const submitAttempt = useSubmitAttempt();
  const { data: feedback } = useFeedback();
  const questionRef = useRef<HTMLHeadingElement>(null);
  const mounted = useRef(false);

  // Move focus to each new question (not on first render: the page's heading comes first).
  const currentIndex = state.current;
  useEffect(() => {
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    const prompt = questionRef.current;
    prompt?.focus({ preventScroll: true });
    // The item's top in view (after a long explanation the page may have been scrolled).
    if (prompt && prompt.getBoundingClientRect().top < 0)
      prompt.scrollIntoView({ block: 'center' });
  }, [currentIndex, state.quizId]);

  const question = state.questions[state.current];
  const view = answerView(state);
  // Once answered, the action button takes focus so Enter (or Space) moves on; the
  // feedback and explanation are announced by the live region below.
  const actionRef = useRef<HTMLButtonElement>(null);
  const answeredNow = view !== null;
  useEffect(() => {
    if (answeredNow) actionRef.current?.focus({ preventScroll: true });
  }, [answeredNow, currentIndex]);
  const action = buttonAction(state);
  const label = buttonLabel(state);

  function choose(choice: number) {
    dispatch({
      type: 'answer',
      choice,
      random: randomUnit(),
      praise: feedback?.praise ?? [],
      failure: feedback?.failure ?? [],
    });
  }

  async function submit() {
    if (sending.current) return;
    const count = answeredCount(state);
    const asked = state.questions.slice(0, count) as TGrammarQuestion[];
    const answers = state.answers.slice(0, count) as number[];
    if (attempt.current?.run !== state.questions)
      attempt.current = { run: state.questions, id: crypto.randomUUID() };
    const run = { attemptId: attempt.current.id, topicId: quizId, questions: asked, answers };
    const graded = gradeAttempt(asked, answers);
    const signedIn = user !== null;
    dispatch({ type: 'submit', signedIn });
    sending.current = true;
    try {
      const result = await submitAttempt(run);
      setOutcome(result);
      saveQuizRun(
        quizId,
        bank.map((q) => q.id),
        asked.map((q) => q.id),
        graded.wrong.map((i) => asked[i]!.id),
      );
      if (signedIn) dispatch({ type: 'submitted' });
      else writePending({ quizId, ids: state.questions.map((q) => q.id), answers });
    } catch (err) {
      if (signedIn) dispatch({ type: 'submitFailed', message: (err as Error).message });
    } finally {
      sending.current = false;
    }
  }

  /** The secondary 'Submit Quiz', offered two questions early (earlySubmit). */
  function onSubmit() {
    if (canSubmit(state)) void submit();
  }

  function onButton() {
    if (action === 'next') dispatch({ type: 'next' });
    else if (action === 'submit') void submit();
  }

  /** A new run: the questions missed in this one, or a fresh set from the bank. */
  function newRun(ids: readonly string[] | null) {
    writePending(null);
    setOutcome(null);
    attempt.current = null;
    const chosen = ids ?? pickQuizQuestions(bank, readQuizHistory(quizId), randomUnit);
    dispatch({ type: 'reset', quizId, questions: pick(bank, chosen) });
    questionRef.current?.scrollIntoView({ block: 'start' });
  }

  // Sent or being sent ('Submitting', 'Submitted', a guest's 'Please Login'): Enter, also on
  // the results, does not submit again.
  const sent = state.submit !== 'idle' && state.submit !== 'error';
  usePlayerKeys({
    optionCount: question?.options.length ?? 0,
    answered: view !== null,
    choose,
    onEnter: sent ? undefined : onButton,
    onEscape: sent ? undefined : onEscape,
  });
  const parts = question ? optionParts(question.options) : [];

  return {
    state,
    dispatch,
    outcome,
    question,
    view,
    action,
    label,
    parts,
    choose,
    onButton,
    onSubmit,
    newRun,
    questionRef,
    actionRef,
  };
}
