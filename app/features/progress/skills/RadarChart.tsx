import { useId } from 'react';
import { RATING_MAX } from '../../../../core/constants';
import { labelAnchor, polar, radarPoints, toSvgPoints } from '../../../../core/progress/skills';

export interface RadarAxis {
  id: string;
  label: string;
  score: number;
  target: number;
}

interface Props {
  /** Names the chart: "Foundation". */
  title: string;
  /** The target profile's name, for the legend and the table. */
  targetName: string;
  axes: RadarAxis[];
  /** Used in test ids, so a journey can read one chart's polygons. */
  testId: string;
}

const WIDTH = 400;
const HEIGHT = 280;
const CX = WIDTH / 2;
const CY = HEIGHT / 2;
const RADIUS = 80;
const LABEL_GAP = 14;
const LINE = 14;

/** "Emotional Intelligence" → two lines; one word stays on one line. */
function labelLines(label: string): string[] {
  const words = label.split(' ');
  if (words.length < 2 || label.length <= 11) return [label];
  const half = Math.ceil(words.length / 2);
  return [words.slice(0, half).join(' '), words.slice(half).join(' ')];
}

/**
 * A hand-written SVG radar of one group: the user's scores as a filled polygon with a solid
 * outline and round markers, the target as a dashed outline with square markers, so the
 * two differ by more than color. The same numbers follow in a table for screen readers.
 */
export function RadarChart({ title, targetName, axes, testId }: Props) {
  const id = useId();
  const n = axes.length;
  const rings = Array.from({ length: RATING_MAX }, (_, i) => i + 1);
  const ring = (level: number) =>
    toSvgPoints(axes.map((_, i) => polar(i, n, (level / RATING_MAX) * RADIUS, CX, CY)));
  const scorePts = radarPoints(
    axes.map((a) => a.score),
    RATING_MAX,
    RADIUS,
    CX,
    CY,
  );
  const targetPts = radarPoints(
    axes.map((a) => a.target),
    RATING_MAX,
    RADIUS,
    CX,
    CY,
  );
  return (
    <figure
      className="rounded-xl border border-slate-200 p-3 dark:border-slate-700"
      aria-labelledby={`${id}-cap`}
    >
      <figcaption id={`${id}-cap`} className="text-base font-semibold">
        {title}
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="mt-1 h-auto w-full"
        role="img"
        aria-label={`Radar chart of your ${title} scores against the ${targetName} targets. The table below lists the same numbers.`}
      >
        {rings.map((level) => (
          <polygon
            key={level}
            points={ring(level)}
            className="fill-none stroke-slate-200 dark:stroke-slate-700"
            strokeWidth={1}
          />
        ))}
        {axes.map((a, i) => {
          const [x, y] = polar(i, n, RADIUS, CX, CY);
          return (
            <line
              key={a.id}
              x1={CX}
              y1={CY}
              x2={x}
              y2={y}
              className="stroke-slate-200 dark:stroke-slate-700"
              strokeWidth={1}
            />
          );
        })}
        <polygon
          data-testid={`${testId}-target`}
          points={toSvgPoints(targetPts)}
          className="fill-none stroke-amber-600 dark:stroke-amber-400"
          strokeWidth={2}
          strokeDasharray="6 4"
          strokeLinejoin="round"
        />
        <polygon
          data-testid={`${testId}-scores`}
          points={toSvgPoints(scorePts)}
          className="fill-brand-600/20 stroke-brand-700 dark:fill-sky-400/20 dark:stroke-sky-400"
          strokeWidth={2.5}
          strokeLinejoin="round"
        />
        {targetPts.map(([x, y], i) => (
          <rect
            key={`t-${axes[i]?.id}`}
            x={x - 3}
            y={y - 3}
            width={6}
            height={6}
            className="fill-white stroke-amber-600 dark:fill-slate-900 dark:stroke-amber-400"
            strokeWidth={1.5}
          />
        ))}
        {scorePts.map(([x, y], i) => (
          <circle
            key={`s-${axes[i]?.id}`}
            cx={x}
            cy={y}
            r={3.5}
            className="fill-brand-700 dark:fill-sky-400"
          />
        ))}
        {axes.map((a, i) => {
          const [x, y] = polar(i, n, RADIUS + LABEL_GAP, CX, CY);
          const lines = labelLines(a.label);
          const anchor = labelAnchor(i, n);
          // Labels above the chart grow upwards, those below grow downwards.
          const up = y < CY - 1;
          const firstY =
            anchor === 'middle'
              ? up
                ? y - (lines.length - 1) * LINE
                : y + LINE * 0.8
              : y + 4 - ((lines.length - 1) * LINE) / 2;
          return (
            <text
              key={a.id}
              x={x}
              y={firstY}
              textAnchor={anchor}
              className="fill-slate-700 text-[13px] dark:fill-slate-300"
            >
              {lines.map((line, j) => (
                <tspan key={line} x={x} dy={j === 0 ? 0 : LINE}>
                  {line}
                </tspan>
              ))}
            </text>
          );
        })}
      </svg>
      <div
        className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-400"
        aria-hidden="true"
      >
        <span className="inline-flex items-center gap-1.5">
          <svg width="22" height="10" viewBox="0 0 22 10">
            <line
              x1="1"
              y1="5"
              x2="21"
              y2="5"
              className="stroke-brand-700 dark:stroke-sky-400"
              strokeWidth="2.5"
            />
            <circle cx="11" cy="5" r="3" className="fill-brand-700 dark:fill-sky-400" />
          </svg>
          You
        </span>
        <span className="inline-flex items-center gap-1.5">
          <svg width="22" height="10" viewBox="0 0 22 10">
            <line
              x1="1"
              y1="5"
              x2="21"
              y2="5"
              className="stroke-amber-600 dark:stroke-amber-400"
              strokeWidth="2"
              strokeDasharray="4 3"
            />
            <rect
              x="8"
              y="2"
              width="6"
              height="6"
              className="fill-white stroke-amber-600 dark:fill-slate-900 dark:stroke-amber-400"
            />
          </svg>
          Target ({targetName})
        </span>
      </div>
      {/* sr-only on a table itself does not shrink it (tables ignore width), so wrap it. */}
      <div className="sr-only">
        <table>
          <caption>
            {title}: your scores and the {targetName} targets, out of {RATING_MAX}
          </caption>
          <thead>
            <tr>
              <th scope="col">Skill</th>
              <th scope="col">You</th>
              <th scope="col">Target</th>
            </tr>
          </thead>
          <tbody>
            {axes.map((a) => (
              <tr key={a.id}>
                <th scope="row">{a.label}</th>
                <td>{a.score}</td>
                <td>{a.target}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
