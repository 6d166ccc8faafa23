import { Link } from 'wouter';
import { weeklyTotals, type Dashboard } from '../../../../core/progress/dashboard';
import { paths } from '../../../../core/paths';
import { tagLabel } from '../../../../core/progress/tags';
import { Card, FirstStep, linkClass } from './Card';
import { dayLabel, plural } from './format';

const W = 240;
const H = 96;
const SLOT = W / 12;

/** Points per week as hand-drawn bars; the table below says the same in text. */
function WeeklyChart({ weeks }: { weeks: ReturnType<typeof weeklyTotals> }) {
  const max = Math.max(...weeks.map((w) => w.points), 0);
  const total = weeks.reduce((s, w) => s + w.points, 0);
  const best = weeks.reduce<(typeof weeks)[number] | null>(
    (b, w) => (b === null || w.points > b.points ? w : b),
    null,
  );
  const first = weeks[0];
  const last = weeks.at(-1);
  const summary =
    total === 0
      ? 'No points in the last 12 weeks.'
      : `${plural(total, 'point')} in the last 12 weeks; best week ${dayLabel(best?.start ?? '')} – ${dayLabel(best?.end ?? '')}: ${plural(best?.points ?? 0, 'point')}.`;
  return (
    <figure className="mt-4">
      <figcaption className="text-sm font-semibold">Points per week</figcaption>
      <svg
        viewBox={`0 0 ${W} ${H + 2}`}
        className="mt-2 h-28 w-full text-brand-600 dark:text-sky-500"
        role="img"
        aria-label={summary}
        preserveAspectRatio="none"
      >
        <line
          x1="0"
          x2={W}
          y1={H + 1}
          y2={H + 1}
          className="stroke-slate-300 dark:stroke-slate-600"
          strokeWidth="1"
        />
        {weeks.map((w, i) => {
          const h = max === 0 ? 0 : Math.max((w.points / max) * H, w.points > 0 ? 2 : 0);
          return (
            <rect
              key={w.start}
              x={i * SLOT + 3}
              y={H - h}
              width={SLOT - 6}
              height={h}
              rx="2"
              fill="currentColor"
            >
              <title>{`${dayLabel(w.start)} – ${dayLabel(w.end)}: ${plural(w.points, 'point')}`}</title>
            </rect>
          );
        })}
      </svg>
      <div
        aria-hidden="true"
        className="flex justify-between text-xs text-slate-500 dark:text-slate-400"
      >
        <span>{first ? dayLabel(first.start) : ''}</span>
        <span>{last ? dayLabel(last.end) : ''}</span>
      </div>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{summary}</p>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-medium">Show points per week as a table</summary>
        <table className="mt-2 w-full text-left">
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              <th scope="col" className="py-1 font-semibold">
                Week
              </th>
              <th scope="col" className="py-1 text-right font-semibold">
                Points
              </th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((w) => (
              <tr key={w.start} className="border-b border-slate-100 dark:border-slate-800">
                <td className="py-1">
                  {dayLabel(w.start)} – {dayLabel(w.end)}
                </td>
                <td className="py-1 text-right tabular-nums">{w.points}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

export function PointsCard({ points }: { points: Dashboard['points'] }) {
  const tags = Object.entries(points.byTag)
    .map(([tag, n]) => [tagLabel(tag), n] as const)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return (
    <Card title="Points">
      {points.total === 0 ? (
        <FirstStep>
          <p>
            You earn 10 points for each grammar question you get right, in the deep dive or in a
            quiz.
          </p>
          <p className="mt-2">
            <Link to={paths.deepDive(1)} className={linkClass}>
              Answer your first grammar question
            </Link>
          </p>
        </FirstStep>
      ) : (
        <>
          <p>
            <span className="text-4xl font-bold tabular-nums" data-testid="points-total">
              {points.total}
            </span>{' '}
            <span className="text-slate-600 dark:text-slate-400">points in total</span>
          </p>
          {tags.length > 0 && (
            <>
              <h4 className="mt-4 text-sm font-semibold">By skill and topic</h4>
              <ul className="mt-1 flex flex-wrap gap-2" aria-label="Points by skill and topic">
                {tags.map(([label, n]) => (
                  <li
                    key={label}
                    className="rounded-full bg-slate-100 px-3 py-1 text-sm dark:bg-slate-800"
                  >
                    {label}: <span className="font-semibold tabular-nums">{n}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
          <WeeklyChart weeks={weeklyTotals(points.byDay)} />
        </>
      )}
    </Card>
  );
}
