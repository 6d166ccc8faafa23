import {
  answeredCount,
  earlySubmit,
  optionTone,
  progressText,
  questionsLeft,
} from '../../../core/grammar/quiz-machine';
import { AnswerOption } from '../../ui/AnswerOption';
import {
  continueButton,
  FeedbackSheet,
  ItemPrompt,
  Player,
  sheetSecondary,
} from '../../ui/player/Player';
import type { useQuizRun } from './use-quiz-run';

type Run = ReturnType<typeof useQuizRun>;

/**
 * The question being asked, in the player: progress and points, the question, its options;
 * once answered, the feedback sheet with the explanation, 'Next Question' (the default) and,
 * two questions early, the deliberate 'Submit Quiz'.
 */
export function QuizQuestion({
  run,
  question,
  leave,
}: {
  run: Run;
  question: NonNullable<Run['question']>;
  leave?: { href: string; note: string; ask?: () => void };
}) {
  const { state, view, parts, choose, questionRef } = run;
  const answered = answeredCount(state);
  return (
    <Player
      id="quiz"
      label={progressText(state)}
      labelId="quiz-title"
      heading
      position={state.current + 1}
      total={state.questions.length}
      done={answered}
      leave={leave}
      onLeaveRequest={leave?.ask}
      aside={
        <p
          className="shrink-0 text-sm font-semibold text-slate-700 dark:text-slate-200"
          data-testid="quiz-score"
        >
          Points: {state.points}
        </p>
      }
      feedback={
        view && (
          <FeedbackSheet
            tone={view.isCorrect ? 'right' : 'wrong'}
            title={
              <>
                {view.feedback}
                <span className="sr-only">
                  {view.isCorrect ? ' Your answer is correct.' : ' Your answer is not correct.'}
                </span>
              </>
            }
            titleTestId="quiz-feedback"
            correct={question.options[question.correctIndex]}
            actions={<QuizActions run={run} />}
          >
            <p>{question.explanation}</p>
          </FeedbackSheet>
        )
      }
    >
      <ItemPrompt id="quiz-question" promptRef={questionRef}>
        {question.question}
      </ItemPrompt>
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
      {!view && (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">
          Choose an answer (keys 1–{question.options.length}).
        </p>
      )}
    </Player>
  );
}

/** 'Next Question' or, on the last, 'Submit Quiz' (with 'Submitting'); the early submit; an error. */
function QuizActions({ run }: { run: Run }) {
  const { state, action, label, onButton, onSubmit, actionRef } = run;
  const submitting = state.submit === 'submitting';
  const left = questionsLeft(state);
  return (
    <>
      {/* While submitting it keeps focus (aria-disabled, not disabled) and does nothing. */}
      <button
        ref={actionRef}
        type="button"
        className={`${continueButton} gap-2 aria-disabled:cursor-wait`}
        onClick={onButton}
        disabled={action === 'none' && !submitting}
        aria-disabled={submitting || undefined}
      >
        {submitting && (
          <span
            aria-hidden="true"
            className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white motion-reduce:animate-none"
          />
        )}
        {label}
      </button>
      {earlySubmit(state) && (
        <button
          type="button"
          className={sheetSecondary}
          onClick={onSubmit}
          aria-describedby="quiz-early-note"
        >
          Submit Quiz
        </button>
      )}
      {earlySubmit(state) && (
        <p id="quiz-early-note" className="w-full text-sm text-slate-700 dark:text-slate-300">
          {left} {left === 1 ? 'question is' : 'questions are'} left. Submitting now scores the{' '}
          {answeredCount(state)} questions you have answered.
        </p>
      )}
      {state.error && (
        <p role="alert" className="w-full text-sm text-red-700 dark:text-red-400">
          {state.error}
        </p>
      )}
    </>
  );
}
