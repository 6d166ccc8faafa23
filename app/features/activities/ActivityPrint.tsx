import type { TActivity, TWidget } from '../../../core/content/practice';
import {
  answerText,
  defaultValue,
  filledRows,
  type ActivityAnswers,
  type WidgetValue,
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

const NOT_FILLED = 'Not filled in.';

/**
 * A table answer on paper: a real table under the widget's column names, one row per row
 * the learner wrote in (blank rows left out). Fixed column widths and wrapping anywhere keep
 * every column on the page, even at a phone's print width.
 */
function PrintedTable({ columns, rows }: { columns: string[]; rows: Record<string, string>[] }) {
  // Narrow paper: smaller type and padding first, so words wrap whole; a word still too long
  // for its column breaks with a hyphen rather than running off the page.
  const cell =
    'border border-black px-1.5 py-1 text-left align-top hyphens-auto [overflow-wrap:anywhere] max-sm:px-1';
  return (
    <table className="mt-1 w-full table-fixed border-collapse text-[10pt] leading-snug max-sm:text-[9pt]">
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col" className={`${cell} font-semibold`}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={i} className="break-inside-avoid">
            {columns.map((column) => (
              <td key={column} className={`${cell} whitespace-pre-wrap`}>
                {row[column] ?? ''}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One part's answer as it prints. */
function PrintedAnswer({ widget, value }: { widget: TWidget; value: WidgetValue }) {
  if (widget.type === 'table') {
    const rows = filledRows(Array.isArray(value) ? (value as Record<string, string>[]) : []);
    return rows.length > 0 ? (
      <PrintedTable columns={widget.columns} rows={rows} />
    ) : (
      <p className="mt-1">{NOT_FILLED}</p>
    );
  }
  const answered = JSON.stringify(value) !== JSON.stringify(defaultValue(widget));
  return <p className="mt-1 whitespace-pre-wrap">{answered ? answerText(value) : NOT_FILLED}</p>;
}

/**
 * The finished activity as it prints: its title and outcome, then each part's label and the
 * learner's answer as plain text, a table as a table. The form itself would print badly (a
 * text box shows only what fits in it, controls print as controls), so the screen never
 * shows this copy and print shows nothing else.
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
        {activity.widgets.map((w) => (
          <li key={w.id} className="break-inside-avoid border-t border-slate-400 pt-2">
            <h2 className="font-semibold">{w.label}</h2>
            <PrintedAnswer widget={w} value={answers[w.id] ?? null} />
          </li>
        ))}
      </ol>
    </section>
  );
}
