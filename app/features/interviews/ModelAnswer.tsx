import { useEffect, useId, useRef, useState } from 'react';
import { MODEL_ANSWER_AFTER_WORDS, type InterviewType } from '../../../core/constants';
import type {
  TInterviewQuestion,
  TModelOutline,
  TSolution,
  TStarAnswer,
} from '../../../core/content/practice';
import { secondaryButton } from '../../ui/form';

/** What each type reveals after the attempt, and its name. */
const TITLES: Record<InterviewType, string> = {
  behavioral: 'Model answer',
  'system-design': 'Model outline',
  coding: 'Solution',
};

interface Props {
  type: InterviewType;
  question: TInterviewQuestion;
  /** The learner has tried: recorded an answer, written enough notes, or said they answered aloud. */
  attempted: boolean;
  onAnsweredAloud: () => void;
}

/**
 * The question's model answer (behavioral, in STAR form), model outline (system design) or
 * solution (coding): not in the page until the learner has tried, then one press away.
 * Reading it first would turn practice into memorizing.
 */
export function ModelAnswer({ type, question, attempted, onAnsweredAloud }: Props) {
  const id = useId();
  const title = TITLES[type];
  const [open, setOpen] = useState(false);
  const [focusToggle, setFocusToggle] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);

  // "I have answered it aloud" leaves the page: keep the keyboard where the answer now is.
  useEffect(() => {
    if (focusToggle) toggle.current?.focus();
  }, [focusToggle]);

  return (
    <section
      aria-labelledby={`${id}-h`}
      className="grid min-w-0 gap-3 border-t border-slate-200 pt-6 dark:border-slate-700"
      data-testid="model-answer"
    >
      <h3 id={`${id}-h`} className="text-lg font-semibold">
        {title}
      </h3>
      {!attempted ? (
        <>
          <p className="max-w-prose text-slate-700 dark:text-slate-300">
            It opens after you try. Record your answer, write at least {MODEL_ANSWER_AFTER_WORDS}{' '}
            words under “Your answer”, or answer out loud and then press the button. Comparing after
            you have tried teaches more than reading first.
          </p>
          <button
            type="button"
            className={`${secondaryButton} justify-self-start`}
            onClick={() => {
              onAnsweredAloud();
              setOpen(true);
              setFocusToggle(true);
            }}
          >
            I have answered it aloud
          </button>
        </>
      ) : (
        <>
          {!open && (
            <p className="text-slate-700 dark:text-slate-300">
              Compare your answer with one strong way to answer this question.
            </p>
          )}
          <button
            ref={toggle}
            type="button"
            className={`${secondaryButton} justify-self-start`}
            aria-expanded={open}
            aria-controls={`${id}-body`}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? 'Hide' : 'Show'} the {title.toLowerCase()}
          </button>
          {open && (
            <div
              id={`${id}-body`}
              className="grid min-w-0 gap-4 rounded-xl bg-slate-50 p-4 leading-relaxed sm:p-5 dark:bg-slate-900"
            >
              {question.modelAnswer && <StarAnswer answer={question.modelAnswer} />}
              {question.modelOutline && <Outline outline={question.modelOutline} />}
              {question.solution && <Solution solution={question.solution} />}
            </div>
          )}
        </>
      )}
    </section>
  );
}

const part = 'font-semibold text-slate-900 dark:text-slate-100';

function StarAnswer({ answer }: { answer: TStarAnswer }) {
  const parts: [string, string | undefined][] = [
    ['Situation', answer.situation],
    ['Task', answer.task],
    ['Action', answer.action],
    ['Result', answer.result],
    ['What I learned', answer.learned],
  ];
  return (
    <>
      <p className="text-sm text-slate-600 dark:text-slate-400">{answer.speaker}</p>
      {parts.map(
        ([name, text]) =>
          text && (
            <div key={name}>
              <h4 className={part}>{name}</h4>
              <p className="mt-1 max-w-prose">{text}</p>
            </div>
          ),
      )}
    </>
  );
}

function Outline({ outline }: { outline: TModelOutline }) {
  const parts: [string, string[]][] = [
    ['Requirements', outline.requirements],
    ['Estimates', outline.estimates],
    ['Components', outline.components],
    ['Deep dive', outline.deepDive],
    ['Trade-offs', outline.tradeOffs],
  ];
  return parts.map(([name, points]) => (
    <div key={name}>
      <h4 className={part}>{name}</h4>
      <ul className="mt-1 max-w-prose list-disc space-y-1 pl-5">
        {points.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    </div>
  ));
}

function Solution({ solution }: { solution: TSolution }) {
  const codeId = useId();
  return (
    <>
      <div>
        <h4 className={part}>Approach</h4>
        <ol className="mt-1 max-w-prose list-decimal space-y-1 pl-5">
          {solution.approach.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </div>
      <div>
        <h4 className={part}>Complexity</h4>
        <dl className="mt-1 grid max-w-prose gap-1">
          <div>
            <dt className="inline font-medium">Time: </dt>
            <dd className="inline">{solution.time}</dd>
          </div>
          <div>
            <dt className="inline font-medium">Space: </dt>
            <dd className="inline">{solution.space}</dd>
          </div>
        </dl>
      </div>
      <div className="min-w-0">
        <h4 id={codeId} className={part}>
          Code sketch (TypeScript)
        </h4>
        {/* Code keeps its lines and indentation: a long line scrolls inside the block (which
            takes focus, so a keyboard can scroll it too), never the page. */}
        <pre
          aria-labelledby={codeId}
          // A region that scrolls must be reachable by keyboard (axe: scrollable-region-focusable).
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          className="mt-2 overflow-x-auto rounded-lg bg-slate-900 p-2 text-[13px] leading-snug whitespace-pre text-slate-100 sm:p-3 sm:text-sm dark:border dark:border-slate-700 dark:bg-slate-950"
        >
          <code>{solution.code.trimEnd()}</code>
        </pre>
      </div>
    </>
  );
}
