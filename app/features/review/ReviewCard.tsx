import { lazy, Suspense, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { optionParts } from '../../../core/grammar/option-diff';
import { optionTone } from '../../../core/grammar/scoring';
import {
  nextReviewText,
  parseCardId,
  type ReviewCardView,
  type ReviewResponse,
} from '../../../core/review/results';
import { typedMatches } from '../../../core/vocabulary/study';
import { secondaryButton } from '../../ui/form';
import { continueButton, FeedbackSheet, ItemPrompt, Player } from '../../ui/player/Player';
import { TypedAnswer } from '../../ui/player/TypedAnswer';
import { usePlayerKeys } from '../../ui/player/use-player-keys';
import { AnswerOption } from '../../ui/AnswerOption';
import { useReviewAnswer, type ReviewOutcome } from './queries';

// The learner's drawing of a word: its own chunk, loaded only when a word card shows.
const ReviewDoodle = lazy(() => import('./ReviewDoodle'));

/** What a retry grades with: what the server said the first time. */
interface Practice {
  correctIndex: number | null;
  /** The right answer in words (the word, for a typed card). */
  answer: string | null;
  explanation: string | null;
}

interface Props {
  card: ReviewCardView;
  position: number;
  total: number;
  /** Move focus to the card when it appears (every card after the first). */
  focusOnShow: boolean;
  /** The card's answer and what became of it, for the batch's summary. */
  onAnswered: (given: ReviewResponse, outcome: ReviewOutcome) => void;
  onNext: () => void;
  /** Every answer, also in practice (where nothing is sent). */
  onChoose?: (given: ReviewResponse) => void;
  /** A retry of a missed card: graded here with the answer the server gave, not sent. */
  practice?: Practice;
  /** Where leaving goes; asked first. */
  leave?: { href: string; note: string };
  onLeave?: () => void;
}

/** The right option on a multiple-choice card, or the word on a typed one. */
const answerText = (
  card: ReviewCardView,
  r: { correctIndex: number | null; answer?: string | null },
): string =>
  r.answer ??
  (card.answer === 'choice' && r.correctIndex !== null ? (card.options[r.correctIndex] ?? '') : '');

/**
 * One review card, graded by the server (which alone knows the answer), then right/wrong,
 * the explanation and when it comes back, in the player's sheet. A multiple-choice card:
 * keys 1–4 choose. A typed card: the word in a text field, Enter checks. Then Enter goes
 * on, Escape asks to leave. Offline, the answer is kept to be sent later (useReviewAnswer)
 * and the card is marked saved without a grade.
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
  const [given, setGiven] = useState<ReviewResponse | null>(null);
  const [outcome, setOutcome] = useState<ReviewOutcome | null>(null);
  const [failed, setFailed] = useState(false);
  const [draft, setDraft] = useState('');
  // One id per card's answer, reused by a retry so the server applies it once.
  const reviewId = useRef<string | null>(null);
  const promptRef = useRef<HTMLHeadingElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const typedCard = card.answer === 'typed';
  const options = card.answer === 'choice' ? card.options : [];
  const choice = given && 'choiceIndex' in given ? given.choiceIndex : null;
  const typed = given && 'typed' in given ? given.typed : null;

  // A retry is practice: graded here from what the server said the first time, not sent.
  const result = practice
    ? given === null
      ? null
      : {
          correct:
            'typed' in given
              ? typedMatches(given.typed, practice.answer ?? '')
              : given.choiceIndex === practice.correctIndex,
          correctIndex: practice.correctIndex,
          answer: practice.answer,
          explanation: practice.explanation,
        }
    : outcome?.kind === 'graded'
      ? outcome.result
      : null;
  const shown = result ?? outcome;

  // Layout effects: focus moves in the same frame as the content it follows. A typed card
  // puts it in the field (named by its label, described by the prompt), ready to type.
  useLayoutEffect(() => {
    if (typedCard) inputRef.current?.focus({ preventScroll: true });
    else if (focusOnShow) promptRef.current?.focus();
  }, [focusOnShow, typedCard]);
  const answeredNow = shown !== null;
  // On a phone the sheet is fixed over the screen's lower part: what was typed scrolls above
  // it (the field's scroll margin is the sheet's most), as an on-screen keyboard's does.
  useLayoutEffect(() => {
    if (!answeredNow) return;
    nextRef.current?.focus({ preventScroll: true });
    if (typedCard) inputRef.current?.scrollIntoView({ block: 'nearest' });
  }, [answeredNow, typedCard]);

  async function send(response: ReviewResponse) {
    setFailed(false);
    const id = (reviewId.current ??= crypto.randomUUID());
    try {
      const sent = await answer(card.cardId, response, id);
      setOutcome(sent);
      onAnswered(response, sent);
    } catch {
      setFailed(true);
    }
  }

  function give(response: ReviewResponse) {
    if (given !== null) return; // the first answer counts
    setGiven(response);
    onChoose?.(response);
    if (!practice) void send(response);
  }

  function check(e: FormEvent) {
    e.preventDefault();
    if (draft.trim() === '') return;
    give({ typed: draft });
  }

  usePlayerKeys({
    optionCount: options.length,
    answered: shown !== null,
    choose: (i) => give({ choiceIndex: i }),
    onEnter: shown ? onNext : undefined,
    onEscape: onLeave,
  });

  const tone = (i: number) => optionTone(i, result ? choice : null, result?.correctIndex);
  const parts = optionParts(options);
  const promptId = `review-prompt-${position}`;
  const detailId = `${promptId}-detail`;
  const inputId = `${promptId}-typed`;
  const label = `Card ${position + 1} of ${total}${card.isNew ? ' · new' : ''} · ${card.kind === 'word' ? 'Vocabulary' : 'Grammar'}`;
  const wordId = card.kind === 'word' ? (parseCardId(card.cardId)?.itemId ?? null) : null;
  const right = result ? answerText(card, result) : '';

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
            // A typed miss says the word and what was typed instead (below).
            correct={result && !typedCard ? right : undefined}
            titleTestId={
              result ? 'review-feedback' : outcome?.kind === 'queued' ? 'review-offline' : undefined
            }
            actions={
              <button ref={nextRef} type="button" className={continueButton} onClick={onNext}>
                {position + 1 < total ? 'Next card' : 'Finish'}
              </button>
            }
          >
            {result && typedCard && !result.correct && (
              <p
                className="mb-2 font-semibold text-slate-900 dark:text-white"
                data-testid="review-typed-correction"
              >
                The word is <span className="font-bold">‘{right}’</span> — you typed ‘{typed}’.
              </p>
            )}
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
      <div className="mt-2 flex items-start gap-4">
        {card.detail && (
          <blockquote
            id={detailId}
            className="max-w-prose min-w-0 flex-1 border-l-4 border-slate-300 pl-3 text-slate-700 sm:flex-initial dark:border-slate-600 dark:text-slate-200"
          >
            {card.detail}
          </blockquote>
        )}
        {wordId && (
          <Suspense fallback={null}>
            <ReviewDoodle wordId={wordId} word={result ? right : null} />
          </Suspense>
        )}
      </div>
      {typedCard ? (
        <TypedAnswer
          inputId={inputId}
          inputRef={inputRef}
          describedBy={card.detail ? `${promptId} ${detailId}` : promptId}
          value={typed ?? draft}
          onChange={setDraft}
          onSubmit={check}
          onEscape={onLeave}
          locked={given !== null}
          verdict={result ? (result.correct ? 'right' : 'wrong') : null}
        />
      ) : (
        <ol className="mt-4 space-y-2" aria-labelledby={promptId}>
          {options.map((option, i) => (
            <li key={`${card.cardId}-${i}`}>
              <AnswerOption
                option={option}
                tone={tone(i)}
                answered={choice !== null}
                chosen={choice === i}
                keyHint={String(i + 1)}
                parts={parts[i]}
                onChoose={() => give({ choiceIndex: i })}
              />
            </li>
          ))}
        </ol>
      )}
      {!shown && !failed && (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">
          {given !== null
            ? 'Checking your answer…'
            : typedCard
              ? 'Type the word, then press Enter to check.'
              : `Choose an answer (keys 1–${options.length}).`}
        </p>
      )}
      {failed && given !== null && (
        <p role="alert" className="mt-4 text-sm text-red-700 dark:text-red-400">
          Your answer could not be sent. Check your connection.{' '}
          <button type="button" className={secondaryButton} onClick={() => void send(given)}>
            Try again
          </button>
        </p>
      )}
    </Player>
  );
}
