import type { TActivity } from '../../../core/content/practice';
import {
  answerText,
  defaultValue,
  type ActivityAnswers,
} from '../../../core/items/activity-answers';
import { secondaryButton } from '../../ui/form';

/** "Print": the browser's print dialog, which prints only PrintedActivity (styles.css). */
export function PrintButton() {
  return (
    <button type="button" className={secondaryButton} onClick={() => window.print()}>
      Print
    </button>
  );
}

/**
 * The finished activity as it prints: its title and outcome, then each part's label and the
 * learner's answer as plain text. The form itself would print badly (a text box shows only
 * what fits in it, controls print as controls), so the screen never shows this copy and
 * print shows nothing else.
 */
export function PrintedActivity({
  activity,
  answers,
}: {
  activity: TActivity;
  answers: ActivityAnswers;
}) {
  return (
    <section data-print-root className="hidden text-[11pt] leading-snug">
      <h1 className="text-[18pt] font-bold">{activity.title}</h1>
      <p className="mt-1">{activity.summary}</p>
      <p className="mt-1 italic">You will have: {activity.outcome}</p>
      <ol className="mt-4 grid gap-4">
        {activity.widgets.map((w) => {
          const value = answers[w.id] ?? null;
          const answered = JSON.stringify(value) !== JSON.stringify(defaultValue(w));
          return (
            <li key={w.id} className="break-inside-avoid border-t border-slate-400 pt-2">
              <h2 className="font-semibold">{w.label}</h2>
              <p className="mt-1 whitespace-pre-wrap">
                {answered ? answerText(value) : 'Not filled in.'}
              </p>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
