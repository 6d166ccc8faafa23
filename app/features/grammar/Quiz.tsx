import { memo, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { TGrammarQuestion } from '../../../core/content/grammar';
import { optionParts } from '../../../core/grammar/option-diff';
import { EMPTY_HISTORY, pickQuizQuestions } from '../../../core/grammar/quiz-pick';
import {
  answerView,
  answeredCount,
  buttonAction,
  buttonLabel,
  canGoOn,
  initQuiz,
  optionTone,
  progressText,
  questionsLeft,
  quizReducer,
  restoreQuiz,
  type QuizState,
} from '../../../core/grammar/quiz-machine';
import { gradeAttempt } from '../../../core/grammar/scoring';
import { paths } from '../../../core/paths';
import { useAuth } from '../../lib/auth';
import { useCurrentPath } from '../../lib/navigation';
import { useHydrated } from '../../lib/ssr-data';
import { primaryButton, secondaryButton } from '../../ui/form';
import { AnswerOption } from './AnswerOption';
import {
  readQuizHistory,
  saveQuizRun,
  useFeedback,
  useSubmitAttempt,
  type WriteOutcome,
} from './api';
import { QuizResults } from './QuizResults';
import { useAnswerKeys } from './use-answer-keys';

interface Props {
  quizId: string;
  /** The topic's whole bank; each run asks a rotating set of it (core/grammar/quiz-pick.ts). */
  questions: readonly TGrammarQuestion[];
  /** Where "Next topic" leads after a run. */
  nextTopic?: { path: string; name: string };
}

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
function writePending(run: PendingRun | null) {
  try {
    if (run) window.sessionStorage.setItem(PENDING_KEY, JSON.stringify(run));
    else window.sessionStorage.removeItem(PENDING_KEY);
  } catch {
    // Storage blocked: the run is still merged on sign-in, only the results view is lost.
  }
}

function pick(bank: readonly TGrammarQuestion[], ids: readonly string[]) {
  return ids.flatMap((id) => bank.find((q) => q.id === id) ?? []);
}

/** The first state of a quiz: a returning guest's run, else a fresh set from the bank. */
function start(quizId: string, bank: readonly TGrammarQuestion[], signedIn: boolean): QuizState {
  const pending = readPending(quizId);
  const questions = pending && pick(bank, pending.ids);
  if (pending && questions && questions.length === pending.ids.length) {
    // Signed in since: the kept run joined the account on sign-in (app/lib/sync.ts).
    return restoreQuiz(quizId, questions, pending.answers, signedIn ? 'submitted' : 'needs-login');
  }
  return initQuiz(quizId, pick(bank, pickQuizQuestions(bank, readQuizHistory(quizId), randomUnit)));
}

/** A fresh device's first run: the same set on the server and in the hydrating render. */
function firstRun(quizId: string, bank: readonly TGrammarQuestion[]): QuizState {
  return initQuiz(
    quizId,
    pick(
      bank,
      pickQuizQuestions(bank, EMPTY_HISTORY, () => 0),
    ),
  );
}

/** This device has asked the topic before, or kept a guest's run: it starts its own run. */
function hasOwnRun(quizId: string): boolean {
  const history = readQuizHistory(quizId);
  return readPending(quizId) !== null || history.seen.length > 0 || history.wrong.length > 0;
}

/**
 * The quiz. Server-rendered (and while hydrating) it shows a fresh device's first run; once
 * hydrated, a device with its own history or a kept run starts that run instead.
 */
export function Quiz(props: Props) {
  const hydrated = useHydrated();
  const [fromServer] = useState(!hydrated);
  // Decided once, when hydration ends: a run finished later must not restart the quiz.
  const own = useMemo(
    () => hydrated && fromServer && hasOwnRun(props.quizId),
    [hydrated, fromServer, props.quizId],
  );
  return <QuizRun key={own ? 'own' : 'first'} {...props} firstRun={fromServer && !own} />;
}

// Memoized: the render that ends hydration (useHydrated) is synchronous, and for a device
// with no run of its own it changes nothing below, so the whole quiz is not drawn again.
const QuizRun = memo(QuizRunBody);

/**
 * The practice quiz (spec section 4): first choice locks, green/red with text, an
 * explanation and a feedback phrase per answer, 'Next Question' → 'Submit Quiz', and a
 * server-graded submit for signed-in users — the button reads 'Submitting' and takes no
 * second submit, then the results say 'Submitted' ('Please Login' for guests).
 * Keyboard: 1–4 choose, Enter moves on; focus goes to each new question. Keyed by topic
 * (GrammarTopicPage), so another topic starts a new run.
 */
function QuizRunBody({
  quizId,
  questions: bank,
  nextTopic,
  firstRun: first,
}: Props & { firstRun: boolean }) {
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
  const currentPath = useCurrentPath();
  const questionRef = useRef<HTMLHeadingElement>(null);
  const mounted = useRef(false);

  // Move focus to each new question (not on first render, which would scroll past the lesson).
  const currentIndex = state.current;
  useEffect(() => {
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    questionRef.current?.focus();
  }, [currentIndex, state.quizId]);

  const question = state.questions[state.current];
  const view = answerView(state);
  // Once answered, the action button takes focus so Enter (or Space) moves on; the
  // feedback and explanation are announced by the live region below.
  const actionRef = useRef<HTMLButtonElement>(null);
  const answeredNow = view !== null;
  useEffect(() => {
    if (answeredNow) actionRef.current?.focus();
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
  useAnswerKeys({
    optionCount: question?.options.length ?? 0,
    answered: view !== null,
    choose,
    onEnter: sent ? undefined : onButton,
  });
  const parts = question ? optionParts(question.options) : [];

  if (!question) return null;
  const loginHref = `${paths.login()}?next=${encodeURIComponent(currentPath)}`;
  const finished = state.submit === 'submitted' || state.submit === 'needs-login';
  const left = questionsLeft(state);
  const submitting = state.submit === 'submitting';

  // Said politely on both sides of the switch to the results (one node, kept by React):
  // 'Submitting' while the run is sent, 'Submitted' once the account has it.
  const announce = (
    <p role="status" aria-live="polite" className="sr-only" data-testid="quiz-submit-status">
      {submitting
        ? 'Submitting'
        : state.submit === 'submitted' && outcome !== 'queued'
          ? 'Submitted'
          : ''}
    </p>
  );

  if (finished) {
    return (
      <>
        <QuizResults
          state={state}
          outcome={state.submit === 'needs-login' ? 'kept' : (outcome ?? 'saved')}
          loginHref={loginHref}
          nextTopic={nextTopic}
          onRetry={(ids) => newRun(ids)}
          onNewSet={() => newRun(null)}
        />
        {announce}
      </>
    );
  }

  return (
    <>
      <section
        id="quiz"
        aria-labelledby="quiz-title"
        className="scroll-mt-20 rounded-2xl border border-slate-200 p-5 sm:p-6 dark:border-slate-700"
      >
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="quiz-title" className="text-xl font-semibold">
            {progressText(state)}
          </h2>
          <p
            className="text-sm font-medium text-slate-600 dark:text-slate-300"
            data-testid="quiz-score"
          >
            Points: {state.points}
          </p>
        </div>

        <h3
          ref={questionRef}
          tabIndex={-1}
          className="mt-4 scroll-mt-20 text-lg outline-none"
          id="quiz-question"
        >
          {question.question}
        </h3>
        <ol className="mt-4 space-y-2" aria-labelledby="quiz-question">
          {question.options.map((option, i) => (
            <li key={`${question.id}-${i}`}>
              <AnswerOption
                option={option}
                tone={optionTone(state, i)}
                answered={view !== null}
                chosen={view?.chosenIndex === i}
                keyHint={String(i + 1)}
                parts={parts[i]}
                onChoose={() => choose(i)}
              />
            </li>
          ))}
        </ol>

        <div aria-live="polite" role="status" className="mt-4">
          {view && (
            <div
              className={`rounded-xl p-4 ${view.isCorrect ? 'bg-emerald-50 dark:bg-emerald-950/50' : 'bg-slate-50 dark:bg-slate-800/60'}`}
            >
              <p className="font-semibold" data-testid="quiz-feedback">
                {view.feedback}
                <span className="sr-only">
                  {view.isCorrect ? ' Your answer is correct.' : ' Your answer is not correct.'}
                </span>
              </p>
              <p className="mt-2 text-slate-700 dark:text-slate-200">{question.explanation}</p>
            </div>
          )}
        </div>

        <div className="mt-5 flex flex-wrap items-center gap-3">
          {/* While submitting it keeps focus (aria-disabled, not disabled) and does nothing. */}
          <button
            ref={actionRef}
            type="button"
            className={`${primaryButton} gap-2 aria-disabled:cursor-wait`}
            onClick={onButton}
            disabled={action === 'none' && !submitting}
            aria-disabled={submitting || undefined}
            aria-describedby={action === 'none' && !view ? 'quiz-hint' : undefined}
          >
            {submitting && (
              <span
                aria-hidden="true"
                className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white motion-reduce:animate-none"
              />
            )}
            {label}
          </button>
          {action === 'submit' && canGoOn(state) && (
            <button
              type="button"
              className={secondaryButton}
              onClick={() => dispatch({ type: 'next' })}
            >
              Next question · {left} left
            </button>
          )}
          {!view && (
            <p id="quiz-hint" className="text-sm text-slate-500 dark:text-slate-400">
              Choose an answer (keys 1–{question.options.length}).
            </p>
          )}
          {action === 'submit' && canGoOn(state) && (
            <p className="w-full text-sm text-slate-600 dark:text-slate-400">
              Submitting now scores the {answeredCount(state)} questions you have answered.
            </p>
          )}
          {state.error && (
            <p role="alert" className="w-full text-sm text-red-700 dark:text-red-400">
              {state.error}
            </p>
          )}
        </div>
      </section>
      {announce}
    </>
  );
}
