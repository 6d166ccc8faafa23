import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { optionTone } from '../../../core/grammar/scoring';
import { nextReviewText, type ReviewCardView } from '../../../core/review/results';
import { primaryButton, secondaryButton } from '../../ui/form';
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
}

/**
 * One review card: its question and options, graded by the server (which alone knows the
 * answer), then right/wrong, the explanation and when it comes back. Keys 1–4 choose.
 * Offline, the answer is kept to be sent later (useReviewAnswer) and the card is marked
 * saved without a grade.
 */
export function ReviewCard({ card, position, total, focusOnShow, onAnswered, onNext }: Props) {
  const answer = useReviewAnswer();
  const [choice, setChoice] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<ReviewOutcome | null>(null);
  const [failed, setFailed] = useState(false);
  // One id per card's answer, reused by a retry so the server applies it once.
  const reviewId = useRef<string | null>(null);
  const promptRef = useRef<HTMLHeadingElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);

  // Layout effects: focus moves in the same frame as the content it follows.
  useLayoutEffect(() => {
    if (focusOnShow) promptRef.current?.focus();
  }, [focusOnShow]);
  useLayoutEffect(() => {
    if (outcome) nextRef.current?.focus();
  }, [outcome]);

  async function send(i: number) {
    setFailed(false);
    const id = (reviewId.current ??= crypto.randomUUID());
    try {
      const result = await answer(card.cardId, i, id);
      setOutcome(result);
      onAnswered(i, result);
    } catch {
      setFailed(true);
    }
  }

  function choose(i: number) {
    if (choice !== null) return; // the first choice counts
    setChoice(i);
    void send(i);
  }

  const onKey = useEffectEvent((e: KeyboardEvent) => {
    const target = e.target as HTMLElement | null;
    if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
    if (e.metaKey || e.ctrlKey || e.altKey) return;
    const n = Number(e.key);
    if (Number.isInteger(n) && n >= 1 && n <= card.options.length && choice === null) {
      e.preventDefault();
      choose(n - 1);
    }
  });
  useEffect(() => {
    const listener = (e: KeyboardEvent) => onKey(e);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  const result = outcome?.kind === 'graded' ? outcome.result : null;
  const tone = (i: number) => optionTone(i, result ? choice : null, result?.correctIndex);
  const promptId = `review-prompt-${position}`;

  return (
    <section
      aria-labelledby={promptId}
      className="rounded-2xl border border-slate-200 p-5 sm:p-6 dark:border-slate-700"
      data-testid="review-card"
    >
      <p className="text-sm font-medium text-slate-600 dark:text-slate-300">
        Card {position + 1} of {total}
        {card.isNew && ' · new'} · {card.kind === 'word' ? 'Vocabulary' : 'Grammar'}
      </p>
      <h2 ref={promptRef} id={promptId} tabIndex={-1} className="mt-2 text-lg outline-none">
        {card.prompt}
      </h2>
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

      <div aria-live="polite" role="status" className="mt-4">
        {result && (
          <div className="rounded-xl bg-slate-50 p-4 dark:bg-slate-800/60">
            <p className="font-semibold" data-testid="review-feedback">
              {result.correct ? '✓ Right' : '✗ Not this time'}
              <span className="sr-only">
                {result.correct ? ' Your answer is correct.' : ' Your answer is not correct.'}
              </span>
            </p>
            {result.explanation && (
              <p className="mt-2 text-slate-700 dark:text-slate-200">{result.explanation}</p>
            )}
            <p className="mt-2 text-sm" data-testid="review-next">
              Next review {nextReviewText(result.next.scheduledDays)}.{' '}
              <Link to={card.source.path} className="text-brand-700 underline dark:text-sky-400">
                Study it again in {card.source.label}
              </Link>
            </p>
          </div>
        )}
        {outcome?.kind === 'skipped' && <p className="text-sm">{outcome.message}</p>}
        {outcome?.kind === 'queued' && (
          <p className="font-semibold" data-testid="review-offline">
            Saved offline — we’ll check it when you’re back online.
          </p>
        )}
      </div>

      <div className="mt-5 flex flex-wrap items-center gap-4">
        {outcome ? (
          <button ref={nextRef} type="button" className={primaryButton} onClick={onNext}>
            {position + 1 < total ? 'Next card' : 'Finish'}
          </button>
        ) : (
          !failed && (
            <p className="text-sm text-slate-500 dark:text-slate-400">
              {choice === null
                ? `Choose an answer (keys 1–${card.options.length}).`
                : 'Checking your answer…'}
            </p>
          )
        )}
        {failed && choice !== null && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            Your answer could not be sent. Check your connection.{' '}
            <button type="button" className={secondaryButton} onClick={() => void send(choice)}>
              Try again
            </button>
          </p>
        )}
      </div>
    </section>
  );
}
