import { useLayoutEffect, useRef, useState } from 'react';
import { useCurrentPath } from '../../lib/navigation';
import { siteOrigin } from '../../lib/ssr-data';
import { Link, useLocation, useParams } from 'wouter';
import { DEEP_DIVE_COUNT } from '../../../core/constants';
import type { TDeepDiveQuestion } from '../../../core/content/grammar';
import { deepDiveQuestionId } from '../../../core/grammar/results';
import { DEFAULT_FAILURE, DEFAULT_PRAISE, pickPhrase } from '../../../core/grammar/quiz-machine';
import { optionParts } from '../../../core/grammar/option-diff';
import { optionTone } from '../../../core/grammar/scoring';
import { links, paths } from '../../../core/paths';
import { useAuth } from '../../lib/auth';
import { compactHidden, Page } from '../../ui/Page';
import { Skeleton } from '../../ui/Skeleton';
import { useGrammarStats } from '../../data/grammar';
import { useAnswerQuestion, useDeepDive, useFeedback } from './queries';
import { AnswerOption } from '../../ui/AnswerOption';
import { DeepDiveSummary } from './DeepDiveSummary';
import { QuestionCalendar } from './QuestionCalendar';
import { randomUnit } from './quiz-runs';
import { GoalMetBanner } from '../../ui/GoalMetBanner';
import { usePlayerKeys } from '../../ui/player/use-player-keys';
import {
  continueButton,
  FeedbackSheet,
  ItemPrompt,
  Player,
  useLeave,
} from '../../ui/player/Player';

export default function DeepDivePage() {
  const n = Number(useParams().n);
  const { data } = useDeepDive();
  const question = data?.questions.find((q) => q.id === n);
  return (
    <Page
      route="deepDive"
      title={`Deep Dive ${n}`}
      compact
      purpose={
        <span className={compactHidden}>One real-world sentence with one subtle issue.</span>
      }
    >
      {/* Keyed by n: a new question starts unanswered (spec: resets when the id changes). */}
      {question ? <DeepDiveQuestion key={n} n={n} question={question} /> : <Skeleton lines={5} />}
      {question && n === DEEP_DIVE_COUNT && <DeepDiveSummary questions={data?.questions ?? []} />}
      <QuestionCalendar current={n} />
    </Page>
  );
}

function DeepDiveQuestion({ n, question }: { n: number; question: TDeepDiveQuestion }) {
  const { user } = useAuth();
  const { data: stats } = useGrammarStats();
  const { data: feedback } = useFeedback();
  const currentPath = useCurrentPath();
  const answerQuestion = useAnswerQuestion();
  const id = deepDiveQuestionId(n);
  const earlier = stats?.choices[id];
  const [local, setLocal] = useState<{ choice: number; phrase: string } | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const chosen = local?.choice ?? earlier ?? null;
  const answered = chosen !== null;
  const correct = chosen === question.correctIndex;

  async function choose(choice: number) {
    if (answered) return; // answered once
    const isRight = choice === question.correctIndex;
    const phrase = isRight
      ? pickPhrase(feedback?.praise ?? [], randomUnit(), DEFAULT_PRAISE)
      : pickPhrase(feedback?.failure ?? [], randomUnit(), DEFAULT_FAILURE);
    setLocal({ choice, phrase });
    setSaveError(null);
    try {
      await answerQuestion(id, question, choice);
    } catch (err) {
      setSaveError((err as Error).message);
    }
  }

  const [, navigate] = useLocation();
  const [dismissed, setDismissed] = useState(false);
  const leave = {
    href: paths.grammar(),
    note: 'Each answer you gave is already kept. You can come back to any question.',
  };
  const leaving = useLeave(leave);
  const nextRef = useRef<HTMLAnchorElement>(null);
  const finishRef = useRef<HTMLButtonElement>(null);
  // The way on takes focus once the learner answers here (not for an answer given earlier).
  const answeredHere = local !== null;
  useLayoutEffect(() => {
    if (answeredHere) (nextRef.current ?? finishRef.current)?.focus({ preventScroll: true });
  }, [answeredHere]);
  usePlayerKeys({
    optionCount: question.options.length,
    answered,
    choose: (i) => void choose(i),
    onEnter: n < DEEP_DIVE_COUNT ? () => navigate(paths.deepDive(n + 1)) : undefined,
    onEscape: leaving.ask,
  });
  const parts = optionParts(question.options);

  const share = new URL('https://x.com/intent/post');
  share.searchParams.set('text', `Skillway Deep Dive ${n}: ${question.question}`);
  share.searchParams.set('url', `${siteOrigin()}${paths.deepDive(n)}`);

  return (
    <Player
      label={`Question ${n} of ${DEEP_DIVE_COUNT}`}
      labelId="dd-progress"
      position={n}
      total={DEEP_DIVE_COUNT}
      done={n - 1 + (answered ? 1 : 0)}
      leave={leave}
      onLeaveRequest={leaving.ask}
      aside={
        user ? (
          <p
            className="shrink-0 text-sm font-semibold text-slate-700 dark:text-slate-200"
            data-testid="dd-points"
          >
            Points: {stats?.pts.total ?? 0}
          </p>
        ) : null
      }
      after={
        <>
          <GoalMetBanner className="mt-4" />
          <div className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-1 text-sm">
            {!user && (
              <Link
                to={links.login(currentPath)}
                className="inline-flex min-h-11 items-center text-brand-700 underline dark:text-sky-400"
              >
                Login to save your progress
              </Link>
            )}
            <a
              href={question.discussion ?? share.toString()}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 items-center text-brand-700 underline dark:text-sky-400"
            >
              Discuss on X
            </a>
          </div>
        </>
      }
      feedback={
        answered &&
        !dismissed && (
          <FeedbackSheet
            tone={correct ? 'right' : 'wrong'}
            title={
              <>
                {local?.phrase ?? (correct ? 'Correct' : 'Incorrect')}
                <span className="sr-only">
                  {correct ? ' Your answer is correct.' : ' Your answer is not correct.'}
                </span>
              </>
            }
            correct={question.options[question.correctIndex]}
            actions={
              n < DEEP_DIVE_COUNT ? (
                <Link ref={nextRef} to={paths.deepDive(n + 1)} className={continueButton}>
                  Next
                </Link>
              ) : (
                <button
                  ref={finishRef}
                  type="button"
                  className={continueButton}
                  onClick={() => {
                    setDismissed(true);
                    requestAnimationFrame(() =>
                      document.getElementById('dd-summary-title')?.focus(),
                    );
                  }}
                >
                  See your results
                </button>
              )
            }
          >
            <p data-testid="dd-explanation-text">{question.explanation}</p>
            {saveError && (
              <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
                {saveError}
              </p>
            )}
          </FeedbackSheet>
        )
      }
    >
      <ItemPrompt id="dd-question">{question.question}</ItemPrompt>
      <ol className="mt-4 space-y-2" aria-labelledby="dd-question">
        {question.options.map((option, i) => {
          const tone = optionTone(i, chosen, question.correctIndex);
          return (
            <li key={option}>
              <AnswerOption
                option={option}
                tone={tone}
                answered={answered}
                chosen={chosen === i}
                keyHint={String(i + 1)}
                parts={parts[i]}
                onChoose={() => void choose(i)}
              />
            </li>
          );
        })}
      </ol>
      {!answered && (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-300" data-testid="dd-placeholder">
          Choose an answer (or press 1–{question.options.length}) to see why it is right or wrong.
        </p>
      )}
      {leaving.dialog}
    </Player>
  );
}
