import { useState } from 'react';
import { Link } from 'wouter';
import { DEEP_DIVE_COUNT } from '../../../core/constants';
import type { TDeepDiveQuestion } from '../../../core/content/grammar';
import { deepDiveQuestionId } from '../../../core/grammar/results';
import { optionParts } from '../../../core/grammar/option-diff';
import { optionTone } from '../../../core/grammar/scoring';
import { paths } from '../../../core/paths';
import { primaryButton, secondaryButton } from '../../ui/form';
import {
  MissedList,
  SessionSummary,
  SummaryActions,
  sessionVerdict,
} from '../../ui/SessionSummary';
import { useGrammarStats } from '../../data/grammar';
import { AnswerOption } from '../../ui/AnswerOption';

/**
 * The end of the deep dive, once its last question is answered: how many were right, each
 * missed question with the right answer, its explanation and a link to it, a retry of the
 * missed ones (practice: the first answer is the one that counts), and the next step.
 */
export function DeepDiveSummary({ questions }: { questions: readonly TDeepDiveQuestion[] }) {
  const { data: stats } = useGrammarStats();
  const [retry, setRetry] = useState<TDeepDiveQuestion[] | null>(null);
  // Focus the summary when the last answer brings it, not when it is there on arrival.
  const [sawOpen, setSawOpen] = useState(false);
  const last = stats?.choices[deepDiveQuestionId(DEEP_DIVE_COUNT)];
  if (stats && last === undefined && !sawOpen) setSawOpen(true);
  if (!stats || last === undefined) return null;

  const chosen = (q: TDeepDiveQuestion) => stats.choices[deepDiveQuestionId(q.id)];
  const answered = questions.filter((q) => chosen(q) !== undefined);
  const missed = answered.filter((q) => chosen(q) !== q.correctIndex);
  const right = answered.length - missed.length;
  const skipped = questions.filter((q) => chosen(q) === undefined);

  if (retry) return <RetryRun questions={retry} onDone={() => setRetry(null)} />;
  return (
    <SessionSummary
      eyebrow="Deep dive finished"
      title={`${right} of ${answered.length} right`}
      verdict={
        <>
          {sessionVerdict(right, answered.length)}
          {skipped.length > 0 &&
            ` ${skipped.length} of the ${DEEP_DIVE_COUNT} ${skipped.length === 1 ? 'question is' : 'questions are'} still unanswered.`}
        </>
      }
      testId="dd-summary"
      focus={sawOpen}
      className="mt-10"
    >
      <SummaryActions>
        {missed.length > 0 && (
          <button type="button" className={primaryButton} onClick={() => setRetry(missed)}>
            Retry the {missed.length === 1 ? 'one' : missed.length} you missed
          </button>
        )}
        {skipped[0] && (
          <Link to={paths.deepDive(skipped[0].id)} className={secondaryButton}>
            Answer question {skipped[0].id}
          </Link>
        )}
        <Link
          to={paths.grammar()}
          className={missed.length > 0 || skipped[0] ? secondaryButton : primaryButton}
        >
          Next: a grammar topic quiz →
        </Link>
      </SummaryActions>
      <MissedList
        items={missed.map((q) => ({
          key: String(q.id),
          prompt: q.question,
          yours: q.options[chosen(q) ?? -1] ?? null,
          correct: q.options[q.correctIndex] ?? '',
          explanation: q.explanation,
          link: { to: paths.deepDive(q.id), label: `Go to question ${q.id}` },
        }))}
      />
    </SessionSummary>
  );
}

/** The missed questions once more, one at a time, graded here only (practice). */
function RetryRun({
  questions,
  onDone,
}: {
  questions: readonly TDeepDiveQuestion[];
  onDone: () => void;
}) {
  const [index, setIndex] = useState(0);
  const [choices, setChoices] = useState<number[]>([]);
  const q = questions[index];
  if (!q) {
    const right = questions.filter((x, i) => choices[i] === x.correctIndex).length;
    return (
      <SessionSummary
        eyebrow="Retry finished"
        title={`${right} of ${questions.length} right this time`}
        verdict={sessionVerdict(right, questions.length)}
        testId="dd-retry-summary"
        className="mt-10"
      >
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          Retries are practice: your first answer to each question is the one that counts.
        </p>
        <SummaryActions>
          <button type="button" className={secondaryButton} onClick={onDone}>
            Back to your results
          </button>
          <Link to={paths.grammar()} className={primaryButton}>
            Next: a grammar topic quiz →
          </Link>
        </SummaryActions>
      </SessionSummary>
    );
  }
  const choice = choices[index];
  const answered = choice !== undefined;
  const parts = optionParts(q.options);
  return (
    <SessionSummary
      eyebrow={`Retry ${index + 1} of ${questions.length}`}
      title={`Question ${q.id}`}
      testId="dd-retry"
      className="mt-10"
    >
      <p className="mt-3 text-lg" id="dd-retry-question">
        {q.question}
      </p>
      <ol className="mt-4 space-y-2" aria-labelledby="dd-retry-question">
        {q.options.map((option, i) => (
          <li key={option}>
            <AnswerOption
              option={option}
              tone={optionTone(i, answered ? choice : null, q.correctIndex)}
              answered={answered}
              chosen={choice === i}
              parts={parts[i]}
              onChoose={() => {
                if (!answered) setChoices((c) => [...c, i]);
              }}
            />
          </li>
        ))}
      </ol>
      <div aria-live="polite">
        {answered && (
          <p className="mt-4 rounded-xl bg-slate-50 p-4 text-slate-700 dark:bg-slate-800/60 dark:text-slate-200">
            {q.explanation}
          </p>
        )}
      </div>
      {answered && (
        <SummaryActions>
          <button type="button" className={primaryButton} onClick={() => setIndex(index + 1)}>
            {index + 1 < questions.length ? 'Next question' : 'See how you did'}
          </button>
        </SummaryActions>
      )}
    </SessionSummary>
  );
}
