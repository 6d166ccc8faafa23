import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import type { QuizState } from '../../../core/grammar/quiz-machine';
import { answeredCount } from '../../../core/grammar/quiz-machine';
import { formatScore, gradeAttempt, isStrongScore } from '../../../core/grammar/scoring';
import { paths } from '../../../core/paths';
import { primaryButton, secondaryButton } from '../../ui/form';
import { GoalMetBanner } from '../../ui/GoalMetBanner';
import type { WriteOutcome } from './queries';

interface Props {
  state: QuizState;
  outcome: WriteOutcome;
  loginHref: string;
  nextTopic?: { path: string; name: string };
  onRetry: (ids: string[]) => void;
  onNewSet: () => void;
}

/**
 * The end of a run: how many were right, the points and where they went, each mistake with
 * its explanation, and what to do next (retry the missed ones, a new set, the next topic).
 * A learner's run the account has is marked 'Submitted' (the spec's state after
 * 'Submitting', which the quiz's button shows while it is sent).
 */
export function QuizResults({ state, outcome, loginHref, nextTopic, onRetry, onNewSet }: Props) {
  const count = answeredCount(state);
  const asked = state.questions.slice(0, count);
  const answers = state.answers.slice(0, count);
  const graded = gradeAttempt(asked, answers);
  const missed = graded.wrong.map((i) => ({ q: asked[i]!, chosen: answers[i] }));
  const skipped = state.questions.length - count;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);

  const verdict =
    graded.score >= 80
      ? 'Strong result — this topic is in good shape.'
      : isStrongScore(graded.score)
        ? 'Good progress. Go over the mistakes below, then retry them.'
        : 'This topic needs more practice. Read the explanations below, then retry.';

  return (
    <section
      id="quiz"
      aria-labelledby="quiz-result"
      className="scroll-mt-20 rounded-2xl border border-slate-200 p-5 sm:p-6 dark:border-slate-700"
      data-testid="quiz-results"
    >
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-sky-400">
        Quiz finished
      </p>
      <h2
        id="quiz-result"
        ref={heading}
        tabIndex={-1}
        className="mt-1 scroll-mt-20 text-2xl font-bold outline-none"
      >
        {graded.correct} of {graded.total} correct · {formatScore(graded.score)}
      </h2>
      <p className="mt-2 text-slate-700 dark:text-slate-200">
        {verdict}
        {skipped > 0 &&
          ` ${skipped} ${skipped === 1 ? 'question was' : 'questions were'} left out.`}
      </p>

      <GoalMetBanner className="mt-4" />
      <div
        role="status"
        className="mt-4 grid gap-1 rounded-xl bg-slate-50 p-4 text-sm dark:bg-slate-800/60"
        data-testid="quiz-saved"
      >
        {outcome === 'saved' && (
          <>
            <p
              className="flex items-center gap-2 text-base font-semibold text-emerald-800 dark:text-emerald-300"
              data-testid="quiz-submitted"
            >
              <span
                aria-hidden="true"
                className="grid size-5 shrink-0 place-items-center rounded-full bg-emerald-600 text-xs font-bold text-white"
              >
                ✓
              </span>
              <span>Submitted</span>
            </p>
            <p>Saved: {graded.points} points added to your total.</p>
          </>
        )}
        {outcome === 'queued' && (
          <p>Kept on this device: {graded.points} points will be added when you are back online.</p>
        )}
        {outcome === 'kept' && (
          <p>
            You earned {graded.points} points. They are kept on this device —{' '}
            <Link
              to={loginHref}
              className="font-semibold text-brand-700 underline dark:text-sky-400"
            >
              Please Login
            </Link>{' '}
            or create an account to add them to your progress.
          </p>
        )}
      </div>

      <div className="mt-5 flex flex-wrap gap-3">
        {missed.length > 0 && (
          <button
            type="button"
            className={primaryButton}
            onClick={() => onRetry(missed.map((m) => m.q.id))}
          >
            Retry the {missed.length === 1 ? 'one' : missed.length} you missed
          </button>
        )}
        <button
          type="button"
          className={missed.length > 0 ? secondaryButton : primaryButton}
          onClick={onNewSet}
        >
          New set of questions
        </button>
        {nextTopic && (
          <Link to={paths.grammarTopic(nextTopic.path)} className={secondaryButton}>
            Next topic: {nextTopic.name} →
          </Link>
        )}
      </div>
      {missed.length > 0 && (
        <div className="mt-6">
          <h3 className="text-lg font-semibold">
            Your {missed.length === 1 ? 'mistake' : `${missed.length} mistakes`}
          </h3>
          <ol className="mt-3 space-y-3">
            {missed.map(({ q, chosen }) => (
              <li
                key={q.id}
                className="rounded-xl border border-slate-200 p-4 dark:border-slate-700"
              >
                <p className="font-medium">{q.question}</p>
                <p className="mt-2 text-sm">
                  <span className="font-semibold text-red-700 dark:text-red-400">
                    ✗ Your answer:
                  </span>{' '}
                  {chosen != null ? q.options[chosen] : '—'}
                </p>
                <p className="text-sm">
                  <span className="font-semibold text-emerald-700 dark:text-emerald-400">
                    ✓ Correct:
                  </span>{' '}
                  {q.options[q.correctIndex]}
                </p>
                <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{q.explanation}</p>
              </li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}
