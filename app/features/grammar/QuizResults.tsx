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
  /** Sign up, then back here. */
  signUpHref: string;
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
export function QuizResults({
  state,
  outcome,
  loginHref,
  signUpHref,
  nextTopic,
  onRetry,
  onNewSet,
}: Props) {
  const count = answeredCount(state);
  const asked = state.questions.slice(0, count);
  const answers = state.answers.slice(0, count);
  const graded = gradeAttempt(asked, answers);
  const missed = graded.wrong.map((i) => ({ q: asked[i]!, chosen: answers[i] }));
  const skipped = state.questions.length - count;
  // A guest's one primary is the account card; the retry and the rest are secondary.
  const guest = outcome === 'kept';
  const lead = guest ? 'none' : missed.length > 0 ? 'retry' : nextTopic ? 'next' : 'none';

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
        lead={lead}
        actions={
          <button
            type="button"
            className={
              !guest && missed.length === 0 && !nextTopic ? primaryButton : secondaryButton
            }
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
            <p>You earned {graded.points} points. For now they are kept on this device.</p>
          )}
        </div>
        {guest && (
          <section
            aria-labelledby="quiz-account-title"
            className="mt-4 rounded-2xl border-2 border-brand-200 bg-brand-50 p-4 sm:p-5 dark:border-slate-700 dark:bg-slate-800/60"
            data-testid="quiz-account"
          >
            <h3 id="quiz-account-title" className="text-lg font-bold">
              Keep your points and get your mistakes back for review
            </h3>
            <p className="mt-1 text-slate-700 dark:text-slate-200">
              A free account adds these {graded.points} points to your progress on every device, and
              each question you missed comes back just before you would forget it.
            </p>
            <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
              <Link to={signUpHref} className={`${primaryButton} min-h-12 px-6`}>
                Create a free account
              </Link>
              <Link
                to={loginHref}
                className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline dark:text-sky-400"
              >
                Please Login
              </Link>
            </div>
          </section>
        )}
      </PlayerSummary>
    </div>
  );
}
