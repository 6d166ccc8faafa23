import { useId, useState } from 'react';
import { Link } from 'wouter';
import { links, paths } from '../../../core/paths';
import { countWords } from '../../../core/text';
import type { WritingFinding } from '../../../core/writing/findings';
import {
  LONG_SENTENCE_WORDS,
  PRACTICE_AFTER_ERRORS,
  errorsByTopic,
  lengthVerdict,
  readability,
  topicLabel,
  topicsToPractice,
  type WordTarget,
} from '../../../core/writing/summary';
import { practiceTopic, useTopicTitles } from '../../data/writing';
import { ApiError } from '../../lib/http-client';
import { useCurrentPath } from '../../lib/navigation';
import { secondaryButton } from '../form';
import type { CheckState } from './use-writing-check';

const VERDICT = {
  short: { text: 'Short of the target', tone: 'text-amber-700 dark:text-amber-300' },
  'on-target': { text: 'On target', tone: 'text-emerald-700 dark:text-emerald-400' },
  long: { text: 'Longer than the target', tone: 'text-amber-700 dark:text-amber-300' },
} as const;

const figure = 'rounded-xl bg-slate-50 p-3 dark:bg-slate-800/60';
const figureLabel =
  'text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400';

/**
 * A draft at a glance (decision 053): its length against the target, readability, and its
 * errors by topic, with "Practice this" for a topic it gets wrong PRACTICE_AFTER_ERRORS times.
 */
export function DraftSummary({
  text,
  findings,
  target,
  signedIn,
  checked,
  state,
}: {
  text: string;
  findings: readonly WritingFinding[];
  /** The current text's findings are in (not a check still to come, running or failed). */
  checked: boolean;
  state: CheckState;
  /** The prompt's target length; none for a text without one. */
  target?: WordTarget;
  signedIn: boolean;
}) {
  const id = useId();
  const titles = useTopicTitles();
  const words = countWords(text);
  const read = readability(text);
  const byTopic = errorsByTopic(findings);
  const practice = new Set(topicsToPractice(findings));
  const name = (topic: string | null) =>
    topic === null ? 'Spelling and usage' : (titles[topic] ?? topicLabel(topic));
  if (words === 0) return null;
  const verdict = target && VERDICT[lengthVerdict(words, target)];
  return (
    <section
      aria-labelledby={`${id}-h`}
      data-testid="draft-summary"
      className="mt-4 rounded-2xl border border-slate-200 p-4 sm:p-5 dark:border-slate-700"
    >
      <h3 id={`${id}-h`} className="text-lg font-semibold">
        Your draft at a glance
      </h3>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2">
        <div className={figure} data-testid="summary-length">
          <dt className={figureLabel}>Length</dt>
          <dd className="mt-1">
            <span className="text-2xl font-semibold tabular-nums">{words}</span>
            {target ? (
              <span className="text-slate-600 dark:text-slate-300">
                {' '}
                of about {target.words} words
              </span>
            ) : (
              <span className="text-slate-600 dark:text-slate-300"> words</span>
            )}
            {target && verdict && (
              <>
                <LengthBar words={words} target={target} />
                <span className={`mt-1 block text-sm font-medium ${verdict.tone}`}>
                  {verdict.text} ({target.min}–{target.max} words)
                </span>
              </>
            )}
          </dd>
        </div>
        <div className={figure} data-testid="summary-readability">
          <dt className={figureLabel}>Readability</dt>
          <dd className="mt-1">
            <span className="text-2xl font-semibold tabular-nums">{read.averageWords}</span>
            <span className="text-slate-600 dark:text-slate-300"> words a sentence</span>
            <span className="mt-1 block text-sm text-slate-600 dark:text-slate-300">
              {read.sentences} {read.sentences === 1 ? 'sentence' : 'sentences'}
              {read.longSentences.length > 0
                ? `, ${read.longSentences.length} over ${LONG_SENTENCE_WORDS} words: try splitting ${
                    read.longSentences.length === 1 ? 'it' : 'them'
                  }`
                : `, none over ${LONG_SENTENCE_WORDS} words`}
            </span>
          </dd>
        </div>
      </dl>
      <h4 className="mt-4 font-semibold">Errors by topic</h4>
      {byTopic.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300" data-testid="summary-topics">
          {checked
            ? 'No errors found so far.'
            : state === 'offline'
              ? 'Not checked yet: your draft is checked when you’re back online.'
              : state === 'error' || state === 'busy'
                ? 'Not checked yet: the check will run again when you next edit.'
                : 'Checking…'}
        </p>
      ) : (
        <ul className="mt-2 grid gap-2" data-testid="summary-topics">
          {byTopic.map((t) => (
            <li
              key={t.topic ?? ''}
              className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-200 px-3 py-2 dark:border-slate-700"
            >
              <span>
                {t.topic ? (
                  <Link
                    to={paths.grammarTopic(t.topic)}
                    className="font-medium text-brand-700 hover:underline dark:text-sky-400"
                  >
                    {name(t.topic)}
                  </Link>
                ) : (
                  <span className="font-medium">{name(t.topic)}</span>
                )}
                <span className="text-slate-600 dark:text-slate-300">
                  {' '}
                  · {t.count} {t.count === 1 ? 'error' : 'errors'}
                </span>
              </span>
              {t.topic && practice.has(t.topic) && (
                <PracticeThis topic={t.topic} title={name(t.topic)} signedIn={signedIn} />
              )}
            </li>
          ))}
        </ul>
      )}
      {byTopic.some((t) => t.topic !== null && !practice.has(t.topic)) && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          A topic with {PRACTICE_AFTER_ERRORS} or more errors in your draft gets “Practice this”,
          which adds its questions to your review.
        </p>
      )}
    </section>
  );
}

/** The draft's length on a bar, with the target's range shaded. */
function LengthBar({ words, target }: { words: number; target: WordTarget }) {
  const scale = target.max * 1.25;
  const pct = (n: number) => `${Math.min(100, (n / scale) * 100)}%`;
  return (
    <span
      aria-hidden="true"
      className="relative mt-2 block h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
    >
      <span
        className="absolute inset-y-0 bg-emerald-200 dark:bg-emerald-900"
        style={{ left: pct(target.min), width: `calc(${pct(target.max)} - ${pct(target.min)})` }}
      />
      <span
        className="absolute inset-y-0 left-0 rounded-full bg-brand-600 dark:bg-sky-400"
        style={{ width: pct(words) }}
      />
    </span>
  );
}

type PracticeState =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'done'; added: number; waiting: number }
  | { kind: 'error'; message: string };

/** "Practice this": the topic's questions into review; a guest is told an account keeps review. */
function PracticeThis({
  topic,
  title,
  signedIn,
}: {
  topic: string;
  title: string;
  signedIn: boolean;
}) {
  const [state, setState] = useState<PracticeState>({ kind: 'idle' });
  const here = useCurrentPath();
  const [guestNote, setGuestNote] = useState(false);
  const press = async () => {
    if (!signedIn) {
      setGuestNote(true);
      return;
    }
    setState({ kind: 'sending' });
    try {
      setState({ kind: 'done', ...(await practiceTopic(topic)) });
    } catch (err) {
      setState({
        kind: 'error',
        message:
          err instanceof ApiError ? err.message : 'That did not work. Check your connection.',
      });
    }
  };
  return (
    <div className="grid gap-1 text-sm sm:justify-items-end sm:text-right" aria-live="polite">
      {state.kind === 'done' ? (
        <p>
          {state.added > 0
            ? `Added ${state.added} ${state.added === 1 ? 'question' : 'questions'} to your review.`
            : `${state.waiting} ${state.waiting === 1 ? 'question is' : 'questions are'} already waiting in your review.`}{' '}
          <Link
            to={paths.review()}
            className="font-semibold text-brand-700 underline dark:text-sky-400"
          >
            Go to review
          </Link>
        </p>
      ) : (
        <button
          type="button"
          className={`${secondaryButton} px-3 py-1.5 text-sm`}
          onClick={press}
          disabled={state.kind === 'sending'}
          aria-label={`Practice this: ${title}`}
        >
          {state.kind === 'sending' ? 'Adding…' : 'Practice this'}
        </button>
      )}
      {state.kind === 'error' && (
        <p className="text-red-700 dark:text-red-400" role="alert">
          {state.message}
        </p>
      )}
      {guestNote && (
        <p className="max-w-xs text-slate-600 dark:text-slate-300">
          Review lives in your account.{' '}
          <Link
            to={links.signUp(here)}
            className="font-semibold text-brand-700 underline dark:text-sky-400"
          >
            Create a free account
          </Link>{' '}
          to practice your own mistakes.
        </p>
      )}
    </div>
  );
}
