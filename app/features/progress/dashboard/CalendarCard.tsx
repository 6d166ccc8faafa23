import { Link } from 'wouter';
import type { Dashboard } from '../../../../core/progress/dashboard';
import { paths } from '../../../../core/paths';
import { Card, FirstStep, linkClass } from './Card';
import { dayLabel, plural } from './format';

const LEVELS = [
  'bg-slate-200 dark:bg-slate-800',
  'bg-emerald-200 dark:bg-emerald-900',
  'bg-emerald-400 dark:bg-emerald-700',
  'bg-emerald-600 dark:bg-emerald-500',
  'bg-emerald-800 dark:bg-emerald-300',
];

/** 0 for a quiet day, then 1–4 by how much happened. */
export function intensity(count: number): number {
  if (count <= 0) return 0;
  if (count <= 2) return 1;
  if (count <= 5) return 2;
  if (count <= 9) return 3;
  return 4;
}

/**
 * What a day held, in the learner's words. Visits are openings of an item's page (a word,
 * prompt, insight, activity or interview question); grammar counts as answers.
 */
const held = (d: { visits: number; answers: number }) =>
  `${plural(d.answers, 'question answered', 'questions answered')}, ${plural(d.visits, 'item opened', 'items opened')}`;

export const dayText = (d: { date: string; visits: number; answers: number }) =>
  `${dayLabel(d.date)}: ${held(d)}`;

const WEEKDAY = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' });

export function CalendarCard({ calendar, today }: Pick<Dashboard, 'calendar' | 'today'>) {
  const activeDays = calendar.filter((d) => d.visits + d.answers > 0).length;
  const todayData = calendar.find((d) => d.date === today);
  // Columns are weeks of seven days ending today, so every row is one weekday.
  const rowLabels = calendar
    .slice(0, 7)
    .map((d) => WEEKDAY.format(new Date(`${d.date}T12:00:00Z`)));
  return (
    <Card title="Activity calendar">
      <p className="text-lg font-semibold" data-testid="active-days">
        Active on {plural(activeDays, 'day')} in the last 12 weeks
      </p>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Each square is a day you opened a lesson or answered a question.
      </p>
      {activeDays === 0 ? (
        <div className="mt-4">
          <FirstStep>
            <p>Each day you open a lesson or answer a question fills a square here.</p>
            <p className="mt-2">
              <Link to={paths.grammar()} className={linkClass}>
                Start your streak with a grammar lesson
              </Link>
            </p>
          </FirstStep>
        </div>
      ) : (
        <>
          <div className="mt-4 flex gap-2">
            <div
              aria-hidden="true"
              className="grid grid-rows-7 gap-1 text-[10px] text-slate-500 dark:text-slate-400"
            >
              {rowLabels.map((l, i) => (
                <span key={i} className={`flex items-center ${i % 2 === 0 ? '' : 'invisible'}`}>
                  {l}
                </span>
              ))}
            </div>
            <ol
              aria-label="Visits and answers per day, last 12 weeks"
              className="grid grid-flow-col grid-rows-7 gap-1"
            >
              {calendar.map((d) => {
                const text = `${dayText(d)}${d.date === today ? ' (today)' : ''}`;
                return (
                  <li key={d.date} className="flex">
                    <span
                      role="img"
                      aria-label={text}
                      title={text}
                      data-date={d.date}
                      className={`h-4 w-4 rounded-sm sm:h-5 sm:w-5 ${LEVELS[intensity(d.visits + d.answers)]} ${d.date === today ? 'ring-2 ring-slate-900 ring-offset-1 dark:ring-slate-100 dark:ring-offset-slate-900' : ''}`}
                    />
                  </li>
                );
              })}
            </ol>
          </div>
          <div
            aria-hidden="true"
            className="mt-2 flex items-center gap-1 text-xs text-slate-500 dark:text-slate-400"
          >
            Less
            {LEVELS.map((c) => (
              <span key={c} className={`h-3 w-3 rounded-sm ${c}`} />
            ))}
            More
          </div>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            Today: {held(todayData ?? { visits: 0, answers: 0 })}. Active on {activeDays} of the
            last {calendar.length} days.
          </p>
        </>
      )}
    </Card>
  );
}
