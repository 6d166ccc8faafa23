import { useEffect, useId, useRef, useState } from 'react';
import { TOPIC_SCORE_THRESHOLD } from '../../../core/constants';
import { formatDayMonth } from '../../../core/dates';
import {
  ADMINS_NEVER_SEE,
  ADMINS_SEE,
  canManageTeam,
  type MemberProgress,
  type TeamDetail,
  type TeamProgress,
} from '../../../core/teams/teams';
import type { TargetProfileId } from '../../../core/content/skill-ids';
import {
  BELOW_TARGET_MEANS,
  NO_FILTERS,
  REPORT_SORTS,
  REPORT_SORT_NAMES,
  pageCount,
  type AttentionMember,
  type ReportFilters,
  type ReportSort,
  type TeamOverview,
  type TeamProgressPage,
} from '../../../core/teams/report';
import { inputClass, secondaryButton } from '../../ui/form';
import { Skeleton } from '../../ui/Skeleton';
import { progressCsvHref, useTeamOverview, useTeamProgress } from './queries';
import { cardClass, LoadFailed, Pager } from './parts';

const shortDate = (day: string) => formatDayMonth(`${day}T00:00:00Z`, 'UTC');
/** A week as a screen reader says it ("week of 14 Nov", "this week"). */
const weekName = (weeks: TeamProgress['weeks'], i: number) =>
  i === weeks.length - 1 ? 'this week' : `week of ${weeks[i] ? shortDate(weeks[i].start) : ''}`;
const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** Points per week as bars, the last one (this week) darker; the numbers are in the table. */
function WeekBars({
  values,
  weeks,
  label,
  tall = false,
}: {
  values: readonly number[];
  weeks: TeamProgress['weeks'];
  label: string;
  tall?: boolean;
}) {
  const max = Math.max(1, ...values);
  const summary = values.map((v, i) => `${weekName(weeks, i)}: ${v}`).join(', ');
  return (
    <div
      role="img"
      aria-label={`${label}: ${summary}`}
      className={`flex items-end gap-1 border-b border-slate-300 dark:border-slate-600 ${tall ? 'h-28' : 'h-8 w-20 shrink-0 sm:w-28'}`}
    >
      {values.map((v, i) => (
        <div
          key={weeks[i]?.start ?? i}
          className={`min-h-px flex-1 rounded-t ${i === values.length - 1 ? 'bg-brand-700 dark:bg-sky-400' : 'bg-brand-600/40 dark:bg-sky-700'}`}
          style={{ height: `${Math.max(2, (v / max) * 100)}%` }}
        />
      ))}
    </div>
  );
}

/**
 * A label under the bars, never wrapped: the week's first day ("14 Nov", the app's short
 * date), the last bar "This week". On phones a bar is too narrow for its date, so this week
 * and every other week from three back are labeled, each reaching over its unlabeled
 * neighbors; from tablet width every bar is.
 */
function WeekLabels({ weeks }: { weeks: TeamProgress['weeks'] }) {
  const last = weeks.length - 1;
  const onPhones = (i: number) => i === last || (last - i >= 3 && (last - i) % 2 === 1);
  return (
    <div
      aria-hidden="true"
      className="mt-1 flex gap-1 text-xs whitespace-nowrap text-slate-600 dark:text-slate-400"
      data-testid="week-labels"
    >
      {weeks.map((w, i) => (
        <span
          key={w.start}
          className={`flex min-w-0 flex-1 ${i === last ? 'justify-end font-semibold text-slate-900 sm:justify-center dark:text-slate-100' : 'justify-center'} ${onPhones(i) ? '' : 'max-sm:invisible'}`}
        >
          <span>{i === last ? 'This week' : shortDate(w.start)}</span>
        </span>
      ))}
    </div>
  );
}

function TeamChart({ weeks }: { weeks: TeamOverview['weeks'] }) {
  const totals = weeks.map((w) => w.points);
  const thisWeek = totals.at(-1) ?? 0;
  if (totals.every((t) => t === 0))
    return (
      <p className="mt-4 rounded-lg bg-slate-50 p-4 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-300">
        No points in these {weeks.length} weeks yet. Assign a first topic: members earn points with
        every right answer, and their weeks appear here.
      </p>
    );
  return (
    <figure className="mt-5">
      <figcaption className="text-sm text-slate-600 dark:text-slate-400">
        Team points per week ·{' '}
        <strong className="text-slate-900 dark:text-slate-100">{count(thisWeek)}</strong> in the
        last 7 days
      </figcaption>
      <div className="mt-2">
        <WeekBars values={totals} weeks={weeks} label="Team points per week" tall />
        <WeekLabels weeks={weeks} />
      </div>
    </figure>
  );
}

const NUMBER = new Intl.NumberFormat('en-US');
/** "5,000" */
const count = (n: number) => NUMBER.format(n);

/** One figure of the overview: a number, what it counts, and of how many. */
function Figure({ value, label, tone = '' }: { value: number; label: string; tone?: string }) {
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-2.5 dark:bg-slate-800/60">
      <dd className={`text-2xl font-bold tabular-nums ${tone}`}>{count(value)}</dd>
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
    </div>
  );
}

/** A short list of members who need a look, with how many there are in all. */
function Attention({
  title,
  total,
  members,
  detail,
  onShowAll,
}: {
  title: string;
  total: number;
  members: readonly AttentionMember[];
  detail: (m: AttentionMember) => string;
  onShowAll?: () => void;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="min-w-0">
      <h4 id={headingId} className="text-sm font-semibold">
        {title}{' '}
        <span className="font-normal text-slate-600 dark:text-slate-400">({count(total)})</span>
      </h4>
      {members.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Nobody.</p>
      ) : (
        <ul className="mt-1 text-sm">
          {members.map((m) => (
            <li key={m.userId} className="flex justify-between gap-3 py-1">
              <span className="min-w-0 break-words">{m.name}</span>
              <span className="shrink-0 text-slate-600 dark:text-slate-400">{detail(m)}</span>
            </li>
          ))}
        </ul>
      )}
      {onShowAll && total > members.length && (
        <button
          type="button"
          onClick={onShowAll}
          className="mt-1 inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline dark:text-sky-400"
        >
          Show all {count(total)}
        </button>
      )}
    </section>
  );
}

/** The team at a glance, above the member table (admins). */
function Overview({ slug, onOverdue }: { slug: string; onOverdue: () => void }) {
  const { data, error } = useTeamOverview(slug, true);
  if (!data)
    return error ? null : (
      <div className="mt-4">
        <Skeleton lines={3} />
      </div>
    );
  const late = data.needsAttention.overdue;
  const idle = data.needsAttention.inactive;
  return (
    <div className="mt-4">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Figure value={data.members} label={data.members === 1 ? 'member' : 'members'} />
        <Figure value={data.activeThisWeek} label="active in the last 7 days" />
        <Figure value={data.onTarget} label="on target" />
        <Figure
          value={late.count}
          label="with overdue work"
          tone={late.count > 0 ? 'text-red-700 dark:text-red-400' : ''}
        />
      </dl>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        {count(data.belowTarget)} below target: {BELOW_TARGET_MEANS}.
      </p>
      <TeamChart weeks={data.weeks} />
      {(late.count > 0 || idle.count > 0) && (
        <div className="mt-5 grid gap-4 sm:grid-cols-2">
          <h3 className="sr-only">Needs attention</h3>
          <Attention
            title="Overdue work"
            total={late.count}
            members={late.members}
            detail={(m) => `${m.overdue} overdue`}
            onShowAll={onOverdue}
          />
          <Attention
            title="No points in the last 7 days"
            total={idle.count}
            members={idle.members}
            detail={() => '0 points'}
          />
        </div>
      )}
    </div>
  );
}

/** A member's figures as the card and the table word them. */
function figures(m: MemberProgress) {
  return {
    points: m.pointsByWeek.at(-1) ?? 0,
    streak: plural(m.goal.streak, 'day'),
    topics:
      m.topics.average === null
        ? 'No quiz yet'
        : `${m.topics.average}% average · ${m.topics.strong} of ${m.topics.scored} above ${TOPIC_SCORE_THRESHOLD}%`,
    assignments:
      m.assignments.assigned === 0
        ? 'None assigned'
        : `${m.assignments.done} of ${m.assignments.assigned} done`,
    skills: !m.skills
      ? null
      : m.skills.rated === 0
        ? 'Not rated yet'
        : `${m.skills.atTarget} of ${m.skills.of} at target`,
    target: m.skills ? `Target role: ${m.skills.target.name}` : null,
    gap: m.skills?.biggestGap
      ? `Biggest gap: ${m.skills.biggestGap.skill} (${m.skills.biggestGap.score} of ${m.skills.biggestGap.target})`
      : null,
  };
}

function Overdue({ n }: { n: number }) {
  if (n === 0) return null;
  return (
    <>
      {' · '}
      <span className="font-semibold whitespace-nowrap text-red-700 dark:text-red-400">
        {n} overdue
      </span>
    </>
  );
}

/** One member as a card (phones), the same figures as a table row. */
function MemberCard({ m, progress }: { m: MemberProgress; progress: TeamProgress }) {
  const f = figures(m);
  return (
    <li className="py-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium break-words">{m.name}</p>
          <p className="truncate text-sm text-slate-600 dark:text-slate-400" title={m.email}>
            {m.email}
          </p>
        </div>
        <WeekBars
          values={m.pointsByWeek}
          weeks={progress.weeks}
          label={`${m.name}’s points per week`}
        />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <div>
          <dt className="text-slate-600 dark:text-slate-400">Points, last 7 days</dt>
          <dd className="font-semibold">{f.points}</dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-400">Goal streak</dt>
          <dd className="font-semibold">{f.streak}</dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-400">Grammar topics</dt>
          <dd>{f.topics}</dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-400">Assignments</dt>
          <dd>
            <span className="whitespace-nowrap">{f.assignments}</span>
            <Overdue n={m.assignments.overdue} />
          </dd>
        </div>
        {f.skills && (
          <div className="col-span-2">
            <dt className="text-slate-600 dark:text-slate-400">Skills</dt>
            <dd>
              {f.skills}
              {f.gap && <span className="block text-slate-600 dark:text-slate-400">{f.gap}</span>}
              <span className="block text-slate-600 dark:text-slate-400">{f.target}</span>
            </dd>
          </div>
        )}
      </dl>
    </li>
  );
}

function ProgressTable({ progress }: { progress: TeamProgress }) {
  const skills = progress.members.some((m) => m.skills);
  const th = 'px-3 py-2 text-left text-sm font-semibold';
  const td = 'px-3 py-3 align-top text-sm';
  return (
    <table className="mt-4 hidden w-full border-collapse md:table">
      <caption className="sr-only">Progress by member</caption>
      <thead className="border-b border-slate-300 dark:border-slate-600">
        <tr>
          <th scope="col" className={th}>
            Member
          </th>
          <th scope="col" className={th}>
            Points per week
          </th>
          <th scope="col" className={`${th} text-right`}>
            Last 7 days
          </th>
          <th scope="col" className={th}>
            Goal streak
          </th>
          <th scope="col" className={th}>
            Grammar topics
          </th>
          <th scope="col" className={th}>
            Assignments
          </th>
          {skills && (
            <th scope="col" className={th}>
              Skills
            </th>
          )}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
        {progress.members.map((m) => {
          const f = figures(m);
          return (
            <tr key={m.userId}>
              <th scope="row" className={`${td} text-left font-normal`}>
                <span className="block font-medium break-words">{m.name}</span>
                <span
                  className="block max-w-[16rem] truncate xl:max-w-[20rem] text-slate-600 dark:text-slate-400"
                  title={m.email}
                >
                  {m.email}
                </span>
              </th>
              <td className={td}>
                <WeekBars
                  values={m.pointsByWeek}
                  weeks={progress.weeks}
                  label={`${m.name}’s points per week`}
                />
              </td>
              <td className={`${td} text-right font-semibold tabular-nums`}>{f.points}</td>
              <td className={td}>{f.streak}</td>
              <td className={td}>{f.topics}</td>
              <td className={td}>
                <span className="whitespace-nowrap">
                  {f.assignments}
                  <Overdue n={m.assignments.overdue} />
                </span>
              </td>
              {skills && (
                <td className={td}>
                  <span className="block whitespace-nowrap">{f.skills}</span>
                  {f.gap && (
                    <span className="block text-slate-600 dark:text-slate-400">{f.gap}</span>
                  )}
                  <span className="block whitespace-nowrap text-slate-600 dark:text-slate-400">
                    {f.target}
                  </span>
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Admins may measure everyone against one profile; by default each member's own. */
function TargetPicker({
  progress,
  onChange,
}: {
  progress: TeamProgress;
  onChange: (id: TargetProfileId | null) => void;
}) {
  const id = useId();
  if (progress.targets.length === 0) return null;
  return (
    <div className="w-full sm:w-auto">
      <label htmlFor={id} className="text-sm font-medium">
        Skills measured against
      </label>
      <select
        id={id}
        value={progress.target ?? ''}
        className={`${inputClass} mt-1 py-1.5 sm:w-auto`}
        onChange={(e) =>
          onChange(progress.targets.find((t) => t.id === e.target.value)?.id ?? null)
        }
      >
        <option value="">Their own target role</option>
        {progress.targets.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name} for everyone
          </option>
        ))}
      </select>
    </div>
  );
}

const chip =
  'min-h-11 rounded-full border border-slate-300 px-2.5 py-1 text-sm font-medium aria-pressed:border-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white dark:border-slate-600 dark:aria-pressed:border-sky-400 dark:aria-pressed:bg-sky-400 dark:aria-pressed:text-slate-950';

/** Search, filters and sort over the member table; the search waits for a pause in typing. */
function ReportControls({
  filters,
  onChange,
}: {
  filters: ReportFilters;
  onChange: (next: ReportFilters) => void;
}) {
  const id = useId();
  const [typed, setTyped] = useState(filters.q);
  useEffect(() => {
    if (typed.trim() === filters.q) return;
    const timer = setTimeout(() => onChange({ ...filters, q: typed.trim() }), 300);
    return () => clearTimeout(timer);
  }, [typed, filters, onChange]);
  return (
    <search className="mt-3 grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <div className="min-w-0">
        <label htmlFor={`${id}-q`} className="text-sm font-medium">
          Search members
        </label>
        <input
          id={`${id}-q`}
          type="search"
          placeholder="Name or email address"
          maxLength={100}
          className={inputClass}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
      </div>
      <div className="min-w-0">
        <label htmlFor={`${id}-sort`} className="text-sm font-medium">
          Sort by
        </label>
        <select
          id={`${id}-sort`}
          className={inputClass}
          value={filters.sort}
          onChange={(e) => onChange({ ...filters, sort: e.target.value as ReportSort })}
        >
          {REPORT_SORTS.map((s) => (
            <option key={s} value={s}>
              {REPORT_SORT_NAMES[s]}
            </option>
          ))}
        </select>
      </div>
      <div
        role="group"
        aria-labelledby={`${id}-only`}
        className="flex flex-wrap items-center gap-2 sm:col-span-2"
      >
        <span id={`${id}-only`} className="text-sm font-medium max-sm:w-full">
          Show only:
        </span>
        <button
          type="button"
          className={chip}
          aria-pressed={filters.overdue}
          onClick={() => onChange({ ...filters, overdue: !filters.overdue })}
        >
          Overdue work
        </button>
        <button
          type="button"
          className={chip}
          aria-pressed={filters.below}
          title={`Below target: ${BELOW_TARGET_MEANS}`}
          onClick={() => onChange({ ...filters, below: !filters.below })}
        >
          Below target
        </button>
      </div>
    </search>
  );
}

/** "Members 51–100 of 5,000", or what the filters found. */
function shownText(data: TeamProgressPage, filtered: boolean): string {
  const noun = filtered ? 'matching members' : 'members';
  if (data.total === 0) return filtered ? 'No member matches these filters.' : 'No members.';
  const first = (data.page - 1) * data.size + 1;
  const last = first + data.members.length - 1;
  if (data.members.length === 0) return `No members on this page of ${count(data.total)}.`;
  return data.total <= data.size
    ? `${count(data.total)} ${data.total === 1 ? noun.replace('members', 'member') : noun}`
    : `${count(first)}–${count(last)} of ${count(data.total)} ${noun}`;
}

/**
 * The page's column is 64rem; on large screens the admins' report reaches out to 80rem (never
 * past the window's edges), centered on the column, so the member table's cells stay on one line.
 */
const WIDE_ON_LARGE_SCREENS = 'xl:mx-[calc((100%_-_min(80rem,100vw_-_4rem))/2)]';

/**
 * The team progress report. Admins see the team at a glance (from aggregates), then the
 * members a page at a time, searched, filtered and sorted by the server, and the CSV; a
 * member sees their own row, under exactly what the admins see.
 */
export function TeamProgressSection({ team }: { team: TeamDetail }) {
  const headingId = useId();
  const manager = canManageTeam(team.myRole);
  const [target, setTarget] = useState<TargetProfileId | null>(null);
  const [filters, setFilters] = useState<ReportFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  // Clearing the filters starts the controls afresh, the search box's typed text with them.
  const [cleared, setCleared] = useState(0);
  const tableTop = useRef<HTMLParagraphElement>(null);
  const { data, error, isValidating, mutate } = useTeamProgress(team.slug, target, page, filters);
  const filtered = filters.q !== '' || filters.overdue || filters.below;
  const refilter = (next: ReportFilters) => {
    setFilters(next);
    setPage(1);
  };
  const turn = (next: number) => {
    setPage(next);
    // The new page starts at the top of the table, where the count is read out.
    tableTop.current?.scrollIntoView({ block: 'start' });
    tableTop.current?.focus({ preventScroll: true });
  };
  return (
    <section
      aria-labelledby={headingId}
      className={`${cardClass} ${manager ? WIDE_ON_LARGE_SCREENS : ''}`}
      id="progress"
    >
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold">
            {manager ? 'Progress' : 'What the team’s admins see about you'}
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {manager
              ? `The last ${data?.weeks.length ?? 8} weeks, member by member. Members were told when they joined that admins see these figures; their writing, recordings and doodles stay private.`
              : `Exactly this: ${ADMINS_SEE}. Never ${ADMINS_NEVER_SEE}.`}
          </p>
        </div>
        {data && manager && (
          <div className="flex flex-wrap items-end gap-3">
            <TargetPicker progress={data} onChange={setTarget} />
            <a href={progressCsvHref(team.slug, data.target)} download className={secondaryButton}>
              Download CSV
            </a>
          </div>
        )}
      </div>
      {manager && (
        <Overview
          slug={team.slug}
          onOverdue={() => {
            refilter({ ...filters, overdue: true });
            tableTop.current?.scrollIntoView({ block: 'start' });
          }}
        />
      )}
      {manager && (
        <h3 className="mt-8 border-t border-slate-200 pt-5 text-base font-semibold dark:border-slate-700">
          Member progress
        </h3>
      )}
      {manager && <ReportControls key={cleared} filters={filters} onChange={refilter} />}
      {!data ? (
        error ? (
          <div className="mt-4">
            <LoadFailed error={error} busy={isValidating} retry={() => void mutate()} />
          </div>
        ) : (
          <div className="mt-4">
            <Skeleton lines={4} />
          </div>
        )
      ) : (
        <>
          {manager && (
            <p
              ref={tableTop}
              tabIndex={-1}
              role="status"
              className="mt-4 scroll-mt-20 text-sm font-medium text-slate-700 outline-none dark:text-slate-300"
            >
              {shownText(data, filtered)}
            </p>
          )}
          {manager && filtered && data.total === 0 && (
            <button
              type="button"
              className={`${secondaryButton} mt-3`}
              onClick={() => {
                refilter({ ...filters, q: '', overdue: false, below: false });
                setCleared((n) => n + 1);
              }}
            >
              Clear search and filters
            </button>
          )}
          {/* Admins' table from tablet width; cards on phones, and for a member's own row. */}
          {manager && data.members.length > 0 && <ProgressTable progress={data} />}
          <ul
            className={`mt-2 divide-y divide-slate-200 dark:divide-slate-700 ${manager ? 'md:hidden' : ''}`}
          >
            {data.members.map((m) => (
              <MemberCard key={m.userId} m={m} progress={data} />
            ))}
          </ul>
          {manager && (
            <Pager
              label="Report pages"
              page={data.page}
              pages={pageCount(data.total, data.size)}
              onPage={turn}
            />
          )}
        </>
      )}
    </section>
  );
}
