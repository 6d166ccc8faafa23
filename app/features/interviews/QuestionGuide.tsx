import type { TInterviewQuestion } from '../../../core/content/practice';

const box = 'rounded-xl border border-slate-200 p-4 dark:border-slate-700';

interface Props {
  question: TInterviewQuestion;
  /** A coding question keeps its structure and "looking for" until the learner has tried. */
  hideUntilTried: boolean;
}

/**
 * How to answer a question: the structure, what counts and the follow-ups, plus a behavioral
 * question's outline on request. A coding question shows only its follow-ups before the
 * attempt: working out the approach is the exercise, and its steps and checks would hand it
 * over (decision 055). The model answer, outline or solution waits for the attempt too
 * (ModelAnswer).
 */
export function QuestionGuide({ question, hideUntilTried }: Props) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {hideUntilTried ? (
        <p className={`${box} text-slate-700 dark:text-slate-300`} data-testid="guide-after-try">
          Work it out loud first. How to answer and what the interviewer is looking for open once
          you have recorded an answer, written your notes or marked it answered.
        </p>
      ) : (
        <>
          <section className={box} aria-labelledby={`${question.id}-structure`}>
            <h3 id={`${question.id}-structure`} className="font-semibold">
              Answer with
            </h3>
            <ol className="mt-2 list-decimal space-y-1 pl-5">
              {question.structure.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </section>
          <section className={box} aria-labelledby={`${question.id}-looking`}>
            <h3 id={`${question.id}-looking`} className="font-semibold">
              What the interviewer is looking for
            </h3>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {question.lookingFor.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
          </section>
        </>
      )}
      <section className={box} aria-labelledby={`${question.id}-follow`}>
        <h3 id={`${question.id}-follow`} className="font-semibold">
          Follow-up questions
        </h3>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {question.followUps.map((q) => (
            <li key={q}>{q}</li>
          ))}
        </ul>
      </section>
      {question.outline && (
        <details className={box}>
          <summary className="cursor-pointer font-semibold">Show a sample outline</summary>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            Guidance for shaping your own story, not a script to learn by heart.
          </p>
          <ol className="mt-2 list-decimal space-y-1 pl-5">
            {question.outline.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </details>
      )}
    </div>
  );
}
