import {
  answeredCount,
  earlySubmit,
  optionTone,
  progressText,
  questionsLeft,
} from '../../../core/grammar/quiz-machine';
import { primaryButton, secondaryButton } from '../../ui/form';
import { AnswerOption } from '../../ui/AnswerOption';
import type { useQuizRun } from './use-quiz-run';

type Run = ReturnType<typeof useQuizRun>;

/**
 * The question being asked: progress and points, the question, its options, and below them
 * the feedback and the action buttons.
 */
export function QuizQuestion({
  run,
  question,
}: {
  run: Run;
  question: NonNullable<Run['question']>;
}) {
  const { state, view, parts, choose, questionRef } = run;
  return (
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

      <QuizFeedback view={view} explanation={question.explanation} />
      <QuizActions run={run} optionCount={question.options.length} />
    </section>
  );
}

/** Said as it appears: right or not, the feedback phrase, and the explanation. */
function QuizFeedback({ view, explanation }: { view: Run['view']; explanation: string }) {
  return (
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
          <p className="mt-2 text-slate-700 dark:text-slate-200">{explanation}</p>
        </div>
      )}
    </div>
  );
}

/** Next / Submit (with 'Submitting'), Next question when one can go on, a hint, an error. */
function QuizActions({ run, optionCount }: { run: Run; optionCount: number }) {
  const { state, view, action, label, onButton, onSubmit, actionRef } = run;
  const submitting = state.submit === 'submitting';
  const left = questionsLeft(state);
  return (
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
      {earlySubmit(state) && (
        <button type="button" className={secondaryButton} onClick={onSubmit}>
          Submit Quiz
        </button>
      )}
      {!view && (
        <p id="quiz-hint" className="text-sm text-slate-500 dark:text-slate-400">
          Choose an answer (keys 1–{optionCount}).
        </p>
      )}
      {earlySubmit(state) && (
        <p className="w-full text-sm text-slate-600 dark:text-slate-400">
          {left} {left === 1 ? 'question is' : 'questions are'} left. Submitting now scores the{' '}
          {answeredCount(state)} questions you have answered.
        </p>
      )}
      {state.error && (
        <p role="alert" className="w-full text-sm text-red-700 dark:text-red-400">
          {state.error}
        </p>
      )}
    </div>
  );
}
