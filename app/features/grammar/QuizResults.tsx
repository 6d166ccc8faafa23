import { Link } from 'wouter';
import type { QuizState } from '../../../core/grammar/quiz-machine';
import { answeredCount } from '../../../core/grammar/quiz-machine';
import { formatScore, gradeAttempt, isStrongScore } from '../../../core/grammar/scoring';
import { paths } from '../../../core/paths';
import { primaryButton, secondaryButton } from '../../ui/form';
import { GoalMetBanner } from '../../ui/GoalMetBanner';
import { PlayerSummary } from '../../ui/player/PlayerSummary';
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

  const verdict =
    graded.score >= 80
      ? 'Strong result — this topic is in good shape.'
      : isStrongScore(graded.score)
        ? 'Good progress. Go over the mistakes below, then retry them.'
        : 'This topic needs more practice. Read the explanations below, then retry.';

  return (
    <div id="quiz" className="scroll-mt-20">
      <PlayerSummary
        eyebrow="Quiz finished"
        right={graded.correct}
        total={graded.total}
        detail={` · ${formatScore(graded.score)}`}
        verdict={
          <>
            {verdict}
            {skipped > 0 &&
              ` ${skipped} ${skipped === 1 ? 'question was' : 'questions were'} left out.`}
          </>
        }
        missed={missed.map(({ q, chosen }) => ({
          key: q.id,
          prompt: q.question,
          yours: chosen != null ? (q.options[chosen] ?? null) : null,
          correct: q.options[q.correctIndex] ?? '',
          explanation: q.explanation,
        }))}
        onRetry={() => onRetry(missed.map((m) => m.q.id))}
        actions={
          <button
            type="button"
            className={missed.length > 0 ? secondaryButton : primaryButton}
            onClick={onNewSet}
          >
            New set of questions
          </button>
        }
        next={
          nextTopic && {
            href: paths.grammarTopic(nextTopic.path),
            label: `Next topic: ${nextTopic.name} →`,
          }
        }
        testId="quiz-results"
      >
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
            <p>
              Kept on this device: {graded.points} points will be added when you are back online.
            </p>
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
      </PlayerSummary>
    </div>
  );
}
