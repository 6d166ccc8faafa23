import { useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { optionTone } from '../../../core/grammar/scoring';
import { nextReviewText, type ReviewCardView } from '../../../core/review/results';
import { secondaryButton } from '../../ui/form';
import { continueButton, FeedbackSheet, ItemPrompt, Player } from '../../ui/player/Player';
import { usePlayerKeys } from '../../ui/player/use-player-keys';
import { AnswerOption } from '../../ui/AnswerOption';
import { useReviewAnswer, type ReviewOutcome } from './queries';

interface Props {
  card: ReviewCardView;
  position: number;
  total: number;
  /** Move focus to the card when it appears (every card after the first). */
  focusOnShow: boolean;
  /** The card's answer and what became of it, for the batch's summary. */
  onAnswered: (choice: number, outcome: ReviewOutcome) => void;
  onNext: () => void;
  /** Every choice, also in practice (where nothing is sent). */
  onChoose?: (choice: number) => void;
  /** A retry of a missed card: graded here with the answer the server gave, not sent. */
  practice?: { correctIndex: number; explanation: string | null };
  /** Where leaving goes; asked first. */
  leave?: { href: string; note: string };
  onLeave?: () => void;
}

/**
 * One review card: its question and options, graded by the server (which alone knows the
 * answer), then right/wrong, the explanation and when it comes back, in the player's sheet.
 * Keys 1–4 choose, Enter goes on, Escape asks to leave.
 * Offline, the answer is kept to be sent later (useReviewAnswer) and the card is marked
 * saved without a grade.
 */
export function ReviewCard({
  card,
  position,
  total,
  focusOnShow,
  onAnswered,
  onNext,
  practice,
  leave,
  onLeave,
  onChoose,
}: Props) {
  const answer = useReviewAnswer();
  const [choice, setChoice] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<ReviewOutcome | null>(null);
  const [failed, setFailed] = useState(false);
  // One id per card's answer, reused by a retry so the server applies it once.
  const reviewId = useRef<string | null>(null);
  const promptRef = useRef<HTMLHeadingElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);

  // A retry is practice: graded here from what the server said the first time, not sent.
  const result = practice
    ? choice === null
      ? null
      : {
          correct: choice === practice.correctIndex,
          correctIndex: practice.correctIndex,
          explanation: practice.explanation,
        }
    : outcome?.kind === 'graded'
      ? outcome.result
      : null;
  const shown = result ?? outcome;

  // Layout effects: focus moves in the same frame as the content it follows.
  useLayoutEffect(() => {
    if (focusOnShow) promptRef.current?.focus();
  }, [focusOnShow]);
  const answeredNow = shown !== null;
  useLayoutEffect(() => {
    if (answeredNow) nextRef.current?.focus({ preventScroll: true });
  }, [answeredNow]);

  async function send(i: number) {
    setFailed(false);
    const id = (reviewId.current ??= crypto.randomUUID());
    try {
      const sent = await answer(card.cardId, i, id);
      setOutcome(sent);
      onAnswered(i, sent);
    } catch {
      setFailed(true);
    }
  }

  function choose(i: number) {
    if (choice !== null) return; // the first choice counts
    setChoice(i);
    onChoose?.(i);
    if (!practice) void send(i);
  }

  usePlayerKeys({
    optionCount: card.options.length,
    answered: shown !== null,
    choose,
    onEnter: shown ? onNext : undefined,
    onEscape: onLeave,
  });

  const tone = (i: number) => optionTone(i, result ? choice : null, result?.correctIndex);
  const promptId = `review-prompt-${position}`;
  const label = `Card ${position + 1} of ${total}${card.isNew ? ' · new' : ''} · ${card.kind === 'word' ? 'Vocabulary' : 'Grammar'}`;

  return (
    <Player
      label={label}
      labelId={`${promptId}-progress`}
      position={position + 1}
      total={total}
      done={position + (shown ? 1 : 0)}
      leave={leave}
      onLeaveRequest={onLeave}
      testId="review-card"
      feedback={
        shown && (
          <FeedbackSheet
            tone={result ? (result.correct ? 'right' : 'wrong') : 'neutral'}
            title={
              result ? (
                <>
                  {result.correct ? 'Right' : 'Not this time'}
                  <span className="sr-only">
                    {result.correct ? ' Your answer is correct.' : ' Your answer is not correct.'}
                  </span>
                </>
              ) : outcome?.kind === 'queued' ? (
                'Saved offline — we’ll check it when you’re back online.'
              ) : (
                outcome?.kind === 'skipped' && outcome.message
              )
            }
            correct={result ? card.options[result.correctIndex] : undefined}
            titleTestId={
              result ? 'review-feedback' : outcome?.kind === 'queued' ? 'review-offline' : undefined
            }
            actions={
              <button ref={nextRef} type="button" className={continueButton} onClick={onNext}>
                {position + 1 < total ? 'Next card' : 'Finish'}
              </button>
            }
          >
            {result?.explanation && <p>{result.explanation}</p>}
            {result && outcome?.kind === 'graded' && (
              <p className="mt-2 text-sm" data-testid="review-next">
                Next review {nextReviewText(outcome.result.next.scheduledDays)}.{' '}
                <Link to={card.source.path} className="text-brand-700 underline dark:text-sky-400">
                  Study it again in {card.source.label}
                </Link>
              </p>
            )}
            {practice && (
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
                Practice: this answer does not change when the card comes back.
              </p>
            )}
          </FeedbackSheet>
        )
      }
    >
      <ItemPrompt id={promptId} promptRef={promptRef} level={2}>
        {card.prompt}
      </ItemPrompt>
      {card.detail && (
        <blockquote className="mt-2 border-l-4 border-slate-300 pl-3 text-slate-700 dark:border-slate-600 dark:text-slate-200">
          {card.detail}
        </blockquote>
      )}
      <ol className="mt-4 space-y-2" aria-labelledby={promptId}>
        {card.options.map((option, i) => (
          <li key={`${card.cardId}-${i}`}>
            <AnswerOption
              option={option}
              tone={tone(i)}
              answered={choice !== null}
              chosen={choice === i}
              keyHint={String(i + 1)}
              onChoose={() => choose(i)}
            />
          </li>
        ))}
      </ol>
      {!shown && !failed && (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">
          {choice === null
            ? `Choose an answer (keys 1–${card.options.length}).`
            : 'Checking your answer…'}
        </p>
      )}
      {failed && choice !== null && (
        <p role="alert" className="mt-4 text-sm text-red-700 dark:text-red-400">
          Your answer could not be sent. Check your connection.{' '}
          <button type="button" className={secondaryButton} onClick={() => void send(choice)}>
            Try again
          </button>
        </p>
      )}
    </Player>
  );
}
