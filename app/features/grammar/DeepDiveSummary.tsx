import { useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { DEEP_DIVE_COUNT } from '../../../core/constants';
import type { TDeepDiveQuestion } from '../../../core/content/grammar';
import { deepDiveQuestionId } from '../../../core/grammar/results';
import { optionParts } from '../../../core/grammar/option-diff';
import { optionTone } from '../../../core/grammar/scoring';
import { paths } from '../../../core/paths';
import { secondaryButton } from '../../ui/form';
import { sessionVerdict } from '../../ui/SessionSummary';
import { useGrammarStats } from '../../data/grammar';
import { AnswerOption } from '../../ui/AnswerOption';
import { continueButton, FeedbackSheet, ItemPrompt, Player } from '../../ui/player/Player';
import { PlayerSummary } from '../../ui/player/PlayerSummary';
import { usePlayerKeys } from '../../ui/player/use-player-keys';

const NEXT = { href: paths.grammar(), label: 'Next: a grammar topic quiz →' };

/**
 * The end of the deep dive, once its last question is answered: how many were right, each
 * missed question with the right answer, its explanation and a link to it, a retry of the
 * missed ones (practice: the first answer is the one that counts), and the next step.
 */
export function DeepDiveSummary({ questions }: { questions: readonly TDeepDiveQuestion[] }) {
  const { data: stats } = useGrammarStats();
  const [retry, setRetry] = useState<TDeepDiveQuestion[] | null>(null);
  const last = stats?.choices[deepDiveQuestionId(DEEP_DIVE_COUNT)];
  if (!stats || last === undefined) return null;

  const chosen = (q: TDeepDiveQuestion) => stats.choices[deepDiveQuestionId(q.id)];
  const answered = questions.filter((q) => chosen(q) !== undefined);
  const missed = answered.filter((q) => chosen(q) !== q.correctIndex);
  const right = answered.length - missed.length;
  const skipped = questions.filter((q) => chosen(q) === undefined);

  if (retry)
    return (
      <div className="mt-10">
        <RetryRun questions={retry} onDone={() => setRetry(null)} />
      </div>
    );
  return (
    <div className="mt-10">
      <PlayerSummary
        eyebrow="Deep dive finished"
        right={right}
        total={answered.length}
        verdict={
          <>
            {sessionVerdict(right, answered.length)}
            {skipped.length > 0 &&
              ` ${skipped.length} of the ${DEEP_DIVE_COUNT} ${skipped.length === 1 ? 'question is' : 'questions are'} still unanswered.`}
          </>
        }
        missed={missed.map((q) => ({
          key: String(q.id),
          prompt: q.question,
          yours: q.options[chosen(q) ?? -1] ?? null,
          correct: q.options[q.correctIndex] ?? '',
          explanation: q.explanation,
          link: { to: paths.deepDive(q.id), label: `Go to question ${q.id}` },
        }))}
        onRetry={() => setRetry(missed)}
        actions={
          skipped[0] && (
            <Link to={paths.deepDive(skipped[0].id)} className={secondaryButton}>
              Answer question {skipped[0].id}
            </Link>
          )
        }
        next={NEXT}
        testId="dd-summary"
        focus={false}
      />
    </div>
  );
}

/** The missed questions once more, one at a time in the player, graded here only (practice). */
function RetryRun({
  questions,
  onDone,
}: {
  questions: readonly TDeepDiveQuestion[];
  onDone: () => void;
}) {
  const [index, setIndex] = useState(0);
  const [choices, setChoices] = useState<number[]>([]);
  const promptRef = useRef<HTMLHeadingElement>(null);
  const continueRef = useRef<HTMLButtonElement>(null);
  const q = questions[index];
  const choice = choices[index];
  const answered = choice !== undefined;
  useLayoutEffect(() => {
    (answered ? continueRef.current : promptRef.current)?.focus({ preventScroll: true });
  }, [answered, index]);
  const choose = (i: number) => {
    if (!answered) setChoices((c) => [...c, i]);
  };
  usePlayerKeys({
    optionCount: q?.options.length ?? 0,
    answered,
    choose,
    onEnter: () => setIndex((i) => i + 1),
  });

  if (!q) {
    const right = questions.filter((x, i) => choices[i] === x.correctIndex).length;
    return (
      <PlayerSummary
        eyebrow="Retry finished"
        right={right}
        total={questions.length}
        missed={[]}
        actions={
          <button type="button" className={secondaryButton} onClick={onDone}>
            Back to your results
          </button>
        }
        next={NEXT}
        testId="dd-retry-summary"
      >
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          Retries are practice: your first answer to each question is the one that counts.
        </p>
      </PlayerSummary>
    );
  }
  const parts = optionParts(q.options);
  const isRight = choice === q.correctIndex;
  return (
    <Player
      label={`Retry ${index + 1} of ${questions.length}: question ${q.id}`}
      labelId="dd-retry-progress"
      position={index + 1}
      total={questions.length}
      done={choices.length}
      testId="dd-retry"
      feedback={
        answered && (
          <FeedbackSheet
            tone={isRight ? 'right' : 'wrong'}
            title={isRight ? 'Right' : 'Not this time'}
            correct={q.options[q.correctIndex]}
            actions={
              <button
                ref={continueRef}
                type="button"
                className={continueButton}
                onClick={() => setIndex(index + 1)}
              >
                {index + 1 < questions.length ? 'Next question' : 'See how you did'}
              </button>
            }
          >
            <p>{q.explanation}</p>
          </FeedbackSheet>
        )
      }
    >
      <ItemPrompt id="dd-retry-question" promptRef={promptRef}>
        {q.question}
      </ItemPrompt>
      <ol className="mt-4 space-y-2" aria-labelledby="dd-retry-question">
        {q.options.map((option, i) => (
          <li key={option}>
            <AnswerOption
              option={option}
              tone={optionTone(i, answered ? choice : null, q.correctIndex)}
              answered={answered}
              chosen={choice === i}
              keyHint={String(i + 1)}
              parts={parts[i]}
              onChoose={() => choose(i)}
            />
          </li>
        ))}
      </ol>
    </Player>
  );
}
