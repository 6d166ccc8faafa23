import { useEffect, useEffectEvent, useReducer, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { mutate } from 'swr';
import { POINTS_PER_CORRECT_ANSWER } from '../../../core/constants';
import type { TGrammarQuestion } from '../../../core/content/grammar';
import type { AttemptResult, GrammarStats } from '../../../core/grammar/api';
import {
  answerView,
  buttonAction,
  buttonLabel,
  initQuiz,
  optionTone,
  progressText,
  quizReducer,
} from '../../../core/grammar/quiz-machine';
import { paths } from '../../../core/paths';
import { ApiError, postJson } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { isQueued, recordGuest, sendOrQueue } from '../../lib/sync';
import { primaryButton } from '../../ui/form';
import { AnswerOption } from './AnswerOption';
import { EMPTY_STATS, STATS_KEY, useFeedback } from './data';

interface Props {
  quizId: string;
  questions: readonly TGrammarQuestion[];
}

/** In [0, 1): picks a feedback phrase; called from event handlers only. */
export function randomUnit(): number {
  return Math.random();
}

/** Adds a finished quiz to cached stats the way the server will, for the optimistic update. */
function withAttempt(
  stats: GrammarStats,
  quizId: string,
  questions: readonly TGrammarQuestion[],
  answers: readonly number[],
): GrammarStats {
  const byTag = { ...stats.pts.byTag };
  let correct = 0;
  questions.forEach((q, i) => {
    if (answers[i] !== q.correctIndex) return;
    correct++;
    for (const tag of q.tags) byTag[tag] = (byTag[tag] ?? 0) + POINTS_PER_CORRECT_ANSWER;
  });
  return {
    ...stats,
    pts: { total: stats.pts.total + correct * POINTS_PER_CORRECT_ANSWER, byTag },
    topics: { ...stats.topics, [quizId]: Math.round((correct / questions.length) * 100) },
  };
}

/**
 * The practice quiz (spec section 4): first choice locks, green/red with text, an
 * explanation and a feedback phrase per answer, 'Next Question' → 'Submit Quiz', and a
 * server-graded submit for signed-in users ('Please Login' for guests).
 * Keyboard: 1–4 choose, Enter moves on; focus goes to each new question.
 */
export function Quiz({ quizId, questions }: Props) {
  const [state, dispatch] = useReducer(quizReducer, undefined, () => initQuiz(quizId, questions));
  // One attempt id per run of a quiz, made at the first submit; a retry reuses it so the
  // server recognizes it (idempotent), a different quiz gets a new one.
  const attempt = useRef<{ quizId: string; id: string } | null>(null);
  // Sync: the attempt id a guest's run was kept under, and the quiz whose result waits offline.
  const keptForGuest = useRef<string | null>(null);
  const [queuedFor, setQueuedFor] = useState<string | null>(null);
  const { user } = useAuth();
  const { data: feedback } = useFeedback();
  const location = useLocation();
  const questionRef = useRef<HTMLHeadingElement>(null);
  const mounted = useRef(false);

  // A different quiz (or its questions arriving) resets the machine.
  useEffect(() => {
    dispatch({ type: 'load', quizId, questions });
  }, [quizId, questions]);

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
    if (attempt.current?.quizId !== quizId) attempt.current = { quizId, id: crypto.randomUUID() };
    const attemptId = attempt.current.id;
    const answers = state.answers.map((a) => a ?? 0);
    // Sync: the run as an op for /api/sync, with the client's own grading for display only.
    const graded = withAttempt(EMPTY_STATS, quizId, state.questions as TGrammarQuestion[], answers);
    const op = {
      opId: crypto.randomUUID(),
      type: 'attempt' as const,
      attemptId,
      topicId: quizId,
      answers,
    };
    const view = {
      score: graded.topics[quizId],
      points: graded.pts.total,
      byTag: graded.pts.byTag,
    };
    if (!user) {
      dispatch({ type: 'submit', signedIn: false });
      // Kept in this browser (once per run) and merged on sign-in.
      if (keptForGuest.current !== attemptId) {
        keptForGuest.current = attemptId;
        void recordGuest(op, view);
      }
      return;
    }
    dispatch({ type: 'submit', signedIn: true });
    try {
      await mutate<GrammarStats>(
        STATS_KEY,
        async () => {
          await sendOrQueue(user.uid, op, view, () =>
            postJson<AttemptResult>('/api/grammar/attempts', {
              attemptId,
              topicId: quizId,
              answers,
            }),
          );
          return undefined; // revalidate from the server
        },
        {
          optimisticData: (current) =>
            withAttempt(
              current ?? EMPTY_STATS,
              quizId,
              state.questions as TGrammarQuestion[],
              answers,
            ),
          rollbackOnError: true,
          populateCache: false,
          revalidate: true,
        },
      );
      dispatch({ type: 'submitted' });
    } catch (err) {
      if (isQueued(err)) {
        setQueuedFor(quizId);
        dispatch({ type: 'submitted' });
        return;
      }
      const message =
        err instanceof ApiError && err.status === 0
          ? err.message
          : 'Your result could not be saved. Please try again.';
      dispatch({ type: 'submitFailed', message });
    }
  }

  function onButton() {
    if (action === 'next') dispatch({ type: 'next' });
    else if (action === 'submit' || state.submit === 'needs-login') void submit();
  }

  // Number keys choose, Enter moves on — unless the learner is typing somewhere.
  const onKey = useEffectEvent((e: KeyboardEvent) => {
    const target = e.target as HTMLElement | null;
    if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
    if (e.metaKey || e.ctrlKey || e.altKey) return;
    const n = Number(e.key);
    if (question && Number.isInteger(n) && n >= 1 && n <= question.options.length && !view) {
      e.preventDefault();
      choose(n - 1);
    } else if (
      e.key === 'Enter' &&
      view &&
      target?.tagName !== 'BUTTON' &&
      target?.tagName !== 'A'
    ) {
      e.preventDefault();
      onButton();
    }
  });
  useEffect(() => {
    const listener = (e: KeyboardEvent) => onKey(e);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  if (!question) return null;
  const loginHref = `${paths.login()}?next=${encodeURIComponent(location.pathname)}`;

  return (
    <section
      aria-labelledby="quiz-title"
      className="rounded-2xl border border-slate-200 p-5 sm:p-6 dark:border-slate-700"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="quiz-title" className="text-xl font-semibold">
          {progressText(state)}
        </h2>
        <p
          className="text-sm font-medium text-slate-600 dark:text-slate-300"
          data-testid="quiz-score"
        >
          Score: {state.score}
        </p>
      </div>

      <h3 ref={questionRef} tabIndex={-1} className="mt-4 text-lg outline-none" id="quiz-question">
        {question.question}
      </h3>
      <ol className="mt-4 space-y-2" aria-labelledby="quiz-question">
        {question.options.map((option, i) => {
          const tone = optionTone(state, i);
          const chosen = view?.chosenIndex === i;
          return (
            <li key={`${question.id}-${i}`}>
              <AnswerOption
                option={option}
                tone={tone}
                answered={view !== null}
                chosen={chosen}
                keyHint={String(i + 1)}
                onChoose={() => choose(i)}
              />
            </li>
          );
        })}
      </ol>

      <div aria-live="polite" role="status" className="mt-4">
        {view && (
          <div className="rounded-xl bg-slate-50 p-4 dark:bg-slate-800/60">
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

      <div className="mt-5 flex flex-wrap items-center gap-4">
        <button
          ref={actionRef}
          type="button"
          className={primaryButton}
          onClick={onButton}
          disabled={action === 'none' && state.submit !== 'needs-login'}
          aria-describedby={action === 'none' && !view ? 'quiz-hint' : undefined}
        >
          {label}
        </button>
        {!view && (
          <p id="quiz-hint" className="text-sm text-slate-500 dark:text-slate-400">
            Choose an answer (keys 1–{question.options.length}).
          </p>
        )}
        {state.submit === 'needs-login' && (
          <p role="alert" className="text-sm">
            <Link
              to={loginHref}
              className="font-semibold text-brand-700 underline dark:text-sky-400"
            >
              Log in to save your result
            </Link>{' '}
            — you scored {state.score} points in this run. It is kept on this device until then.
          </p>
        )}
        {state.submit === 'submitted' && (
          <p role="status" className="text-sm font-medium text-emerald-800 dark:text-emerald-300">
            {queuedFor === quizId
              ? `Kept on this device: ${state.score} points will be added when you are back online.`
              : `Saved: ${state.score} points added to your total.`}
          </p>
        )}
        {state.error && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {state.error}
          </p>
        )}
      </div>
    </section>
  );
}
