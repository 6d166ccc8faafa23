import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { isOverdue } from '../../../core/teams/assignments';
import { TOPIC_SCORE_THRESHOLD } from '../../../core/constants';
import type { DayKey } from '../../../core/dates';
import { isStrongScore } from '../../../core/grammar/scoring';
import { daysEnding, weeklyTotals, zoneDayKey } from '../../../core/progress/dashboard';
import { DAILY_GOAL_OPTIONS, DEFAULT_DAILY_GOAL, goalProgress } from '../../../core/progress/goal';
import { gaps } from '../../../core/progress/skills';
import {
  TARGET_PROFILE_IDS,
  targetForProfession,
  type TargetProfileId,
} from '../../../core/content/skill-ids';
import { dayBounds } from '../../../core/review/schedule';
import type { TTeamReportQuery } from '../../../core/requests';
import {
  ATTENTION_LIST,
  REPORT_PAGE_SIZE,
  TARGET_DAYS,
  type AttentionMember,
  type ReportFilters,
  type TeamOverview,
  type TeamProgressPage,
} from '../../../core/teams/report';
import {
  PROGRESS_WEEKS,
  canManageTeam,
  type MemberProgress,
  type TeamProgress,
  type TeamRole,
} from '../../../core/teams/teams';
import type { SessionUser } from '../../auth/session';
import type { Catalog } from '../../content/catalog';
import type { Db } from '../../db/client';
import { bucketDay, bucketKey, savedGoal } from '../dashboard/service';
import {
  matchesSearch,
  overdueCountSql,
  statusesFor,
  teamAssignmentRows,
  type ResolvedRow,
} from './assignments';
import { requireManager, requireMembership, type Membership } from './access';

const DAYS = PROGRESS_WEEKS * 7;
const DAY_MS = 24 * 3600 * 1000;

/** A member as the report lists them, before their figures are read. */
interface Person {
  userId: string;
  name: string;
  email: string;
  role: string;
  id: string;
}

/** What every page of one report shares: the reader's days, the team's assignments. */
interface ReportWindow {
  team: Membership;
  timeZone: string;
  now: Date;
  today: DayKey;
  days: DayKey[];
  /** The instant the last 7 days began in the zone (ISO), for "points, last 7 days". */
  weekStart: string;
  assignments: ResolvedRow[];
  chosen: TargetProfileId | undefined;
}

async function reportWindow(
  db: Db,
  catalog: Catalog,
  team: Membership,
  timeZone: string,
  targetId: TargetProfileId | undefined,
  now: Date,
): Promise<ReportWindow> {
  const today = zoneDayKey(now, timeZone);
  // The zone's midnight six days back: each step takes the day before the last start.
  let start = dayBounds(now, timeZone).start;
  for (let i = 1; i < TARGET_DAYS; i++)
    start = dayBounds(new Date(start.getTime() - 1), timeZone).start;
  return {
    team,
    timeZone,
    now,
    today,
    days: daysEnding(today, DAYS),
    weekStart: start.toISOString(),
    assignments: await teamAssignmentRows(db, catalog, team.teamId),
    chosen: targetId,
  };
}

const member = sql.ref<string>('m.userId');

/** Whether any of the team's assignments is past its due date (else nobody is overdue). */
const anyPastDue = (w: ReportWindow) =>
  w.assignments.some((r) => isOverdue(r.row.due_on, 'not-started', w.today));

/**
 * A member's points in the last 7 days: their activity buckets since the zone's midnight six
 * days back (a day starts on a bucket's start), a range of activity_bucket's key.
 */
const weekPointsSql = (w: ReportWindow): RawBuilder<number> =>
  sql<number>`(select coalesce(sum(ab.points), 0) from activity_bucket ab where ab.user_id = ${member} and ab.bucket >= ${bucketKey(new Date(w.weekStart))})`;

/** A member's saved daily goal (savedGoal's rule: one of the options, else the default). */
const dailyGoalSql: RawBuilder<number> = sql<number>`(case (select pf.value from profile_field pf where pf.user_id = ${member} and pf.field = 'dailyGoal') ${sql.join(
  DAILY_GOAL_OPTIONS.map((g) => sql`when ${JSON.stringify(g)} then ${sql.lit(g)}`),
  sql` `,
)} else ${sql.lit(DEFAULT_DAILY_GOAL)} end)`;

/** isBelowTarget (core/teams/report.ts) as SQL. */
const belowTargetSql = (w: ReportWindow): Expression<SqlBool> =>
  sql<SqlBool>`${weekPointsSql(w)} < ${dailyGoalSql} * ${sql.lit(TARGET_DAYS)}`;

/** A member's mean topic score, null before any quiz. */
const topicAverageSql: RawBuilder<number | null> = sql<
  number | null
>`(select avg(ts.score) from topic_score ts where ts.user_id = ${member})`;

/**
 * The team's members matching the filters, as one query the page, the count, the overview
 * and the CSV each finish: filtering happens in the database, with per-member index
 * lookups (activity_bucket, profile_field, topic_score and the assignment facts).
 */
function members(
  db: Db,
  catalog: Catalog,
  w: ReportWindow,
  f: Partial<ReportFilters> & { inactive?: boolean },
) {
  return db
    .selectFrom('member as m')
    .innerJoin('user as u', 'u.id', 'm.userId')
    .where('m.organizationId', '=', w.team.teamId)
    .$if(!!f.q, (q) => q.where(matchesSearch(f.q!)))
    .$if(!!f.overdue, (q) =>
      q.where(sql<SqlBool>`${overdueCountSql(catalog, w.assignments, member, w.today)} > 0`),
    )
    .$if(!!f.below, (q) => q.where(belowTargetSql(w)))
    .$if(!!f.inactive, (q) => q.where(sql<SqlBool>`${weekPointsSql(w)} = 0`));
}

const PERSON = ['m.userId', 'u.name', 'u.email', 'm.role', 'm.id'] as const;

/** The report's heading figures: the zone's days, its weeks and the target profiles. */
function heading(catalog: Catalog, w: ReportWindow): Omit<TeamProgress, 'members'> {
  return {
    timeZone: w.timeZone,
    today: w.today,
    weeks: weeklyTotals(w.days.map((date) => ({ date, points: 0 }))).map(({ start, end }) => ({
      start,
      end,
    })),
    targets: (catalog.skills?.targetProfiles ?? []).map((p) => ({ id: p.id, name: p.name })),
    target: w.chosen ?? null,
  };
}

/**
 * The team progress report, a page at a time: per member, exactly what
 * core/teams/teams.ts ADMINS_SEE names and nothing else. Admins get the page of members the
 * sort and filters select, with the total; a member gets their own row (so they see what
 * their admins see), whatever they ask. A fixed number of statements whatever the team's
 * size, and only the page's members' records are read.
 */
export async function teamProgress(
  db: Db,
  catalog: Catalog,
  user: SessionUser,
  slug: string,
  query: Pick<TTeamReportQuery, 'tz' | 'target'> & Partial<TTeamReportQuery>,
  now = new Date(),
): Promise<TeamProgressPage> {
  const me = await requireMembership(db, slug, user.id);
  const w = await reportWindow(db, catalog, me, query.tz, query.target, now);
  const size = query.size ?? REPORT_PAGE_SIZE;
  const page = query.page ?? 1;
  if (!canManageTeam(me.role)) {
    const own = await members(db, catalog, w, {})
      .select(PERSON)
      .where('m.userId', '=', user.id)
      .execute();
    return {
      ...heading(catalog, w),
      members: await rowsFor(db, catalog, w, own),
      total: own.length,
      page: 1,
      size,
    };
  }
  const filtered = members(db, catalog, w, query);
  const sort = query.sort ?? 'name';
  // The page and the total in one statement: the filters run once per member.
  const people = await filtered
    .select([...PERSON, sql<number | string>`count(*) over ()`.as('total')])
    .$if(sort === 'points', (q) => q.orderBy(weekPointsSql(w), 'desc'))
    // Scores are 0–100: members without a quiz (-1) come last, one subquery per member.
    .$if(sort === 'topics', (q) => q.orderBy(sql`coalesce(${topicAverageSql}, -1)`, 'desc'))
    // Without a due date passed, every count is 0 (and a constant is no sort key).
    .$if(sort === 'overdue' && anyPastDue(w), (q) =>
      q.orderBy(overdueCountSql(catalog, w.assignments, member, w.today), 'desc'),
    )
    .orderBy('u.name')
    .orderBy('m.id')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  // Past the last page no row carries the total: count it alone.
  const total =
    people[0] !== undefined
      ? Number(people[0].total)
      : page === 1
        ? 0
        : Number(
            (
              await filtered
                .select((eb) => eb.fn.countAll<number | string>().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          );
  return {
    ...heading(catalog, w),
    members: await rowsFor(db, catalog, w, people),
    total,
    page,
    size,
  };
}

/**
 * Each of `people`'s full row: their points per week and goal streak (from the window's
 * point buckets), topic scores, skills and assignment statuses. Statements read only
 * these members' rows, and each figure is grouped by member once (Maps, no search per
 * member), so a page of 50 costs the same in a team of 5 or 5,000.
 */
async function rowsFor(
  db: Db,
  catalog: Catalog,
  w: ReportWindow,
  people: readonly Person[],
): Promise<MemberProgress[]> {
  if (people.length === 0) return [];
  const ids = people.map((p) => p.userId);
  // A day before the first day in any zone, so every bucket of the window is read.
  const since = bucketKey(new Date(w.now.getTime() - (DAYS + 2) * DAY_MS));
  const profiles = new Map((catalog.skills?.targetProfiles ?? []).map((p) => [p.id, p]));
  // An admin's choice measures everyone against one profile; by default each their own.
  const chosen = w.chosen === undefined ? undefined : profiles.get(w.chosen);
  const [buckets, goals, topics, skills, assignments, own] = await Promise.all([
    // Points per 15-minute bucket, kept as they are earned (migration 0019).
    db
      .selectFrom('activity_bucket')
      .select(['user_id', 'bucket', 'points as n'])
      .where('user_id', 'in', ids)
      .where('bucket', '>=', since)
      .execute(),
    db
      .selectFrom('profile_field')
      .select(['user_id', 'value'])
      .where('user_id', 'in', ids)
      .where('field', '=', 'dailyGoal')
      .execute(),
    db.selectFrom('topic_score').select(['user_id', 'score']).where('user_id', 'in', ids).execute(),
    catalog.skills
      ? db
          .selectFrom('skill_score')
          .select(['user_id', 'skill_id', 'score'])
          .where('user_id', 'in', ids)
          .execute()
      : [],
    statusesFor(db, catalog, w.assignments, ids),
    catalog.skills && !chosen ? memberTargets(db, ids) : new Map<string, TargetProfileId>(),
  ]);

  const { days, today } = w;
  const dayIndex = new Map(days.map((d, i) => [d, i]));
  const points = new Map(ids.map((id) => [id, days.map(() => 0)]));
  const dayOf = bucketDay(w.timeZone);
  for (const b of buckets) {
    const i = dayIndex.get(dayOf(b.bucket));
    const row = points.get(b.user_id);
    if (i !== undefined && row) row[i]! += Number(b.n ?? 0);
  }
  const goalOf = new Map(goals.map((g) => [g.user_id, g.value]));
  const scoresOf = groupBy(topics, (t) => t.user_id);
  const ratingsOf = groupBy(skills, (s) => s.user_id);

  const skillNames = new Map((catalog.skills?.skills ?? []).map((s) => [s.id, s.name]));
  const skillOrder = (catalog.skills?.skills ?? []).map((s) => s.id);

  return people.map((p) => {
    const byDay = days.map((date, i) => ({ date, points: points.get(p.userId)?.[i] ?? 0 }));
    const goal = goalProgress(byDay, savedGoal(goalOf.get(p.userId)));
    const scores = (scoresOf.get(p.userId) ?? []).map((t) => Number(t.score));
    const mine = assignments.get(p.userId) ?? [];
    let skillReport: MemberProgress['skills'] = null;
    const target = chosen ?? profiles.get(own.get(p.userId) ?? targetForProfession(null));
    if (target) {
      const rated = Object.fromEntries(
        (ratingsOf.get(p.userId) ?? []).map((s) => [s.skill_id, Number(s.score)]),
      );
      const order = skillOrder.filter((id) => target.targets[id] !== undefined);
      const gap = gaps(rated, target, order.length, order);
      const first = gap[0];
      const ratedCount = Object.keys(rated).filter((id) => target.targets[id] !== undefined).length;
      skillReport = {
        target: { id: target.id, name: target.name },
        rated: ratedCount,
        atTarget: order.length - gap.length,
        of: order.length,
        // Before any rating every skill sits at the baseline: no gap is worth naming yet.
        biggestGap:
          first && ratedCount > 0
            ? {
                skill: skillNames.get(first.skillId) ?? first.skillId,
                score: first.score,
                target: first.target,
              }
            : null,
      };
    }
    return {
      userId: p.userId,
      name: p.name,
      email: p.email,
      role: p.role as TeamRole,
      pointsByWeek: weeklyTotals(byDay).map((wk) => wk.points),
      goal: { goal: goal.goal, streak: goal.streak, metToday: goal.metToday },
      topics: {
        scored: scores.length,
        strong: scores.filter(isStrongScore).length,
        average:
          scores.length === 0
            ? null
            : Math.round(scores.reduce((a, b) => a + b, 0) / scores.length),
      },
      assignments: {
        assigned: mine.length,
        done: mine.filter((a) => a.status === 'done').length,
        overdue: mine.filter((a) => isOverdue(a.dueOn, a.status, today)).length,
      },
      skills: skillReport,
    };
  });
}

/** Rows grouped by a key, once. */
function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/**
 * The team at a glance (admins only): its points per week, how many members are active,
 * below or on target, and who needs attention. Two statements of aggregates, whatever the
 * team's size: the weeks from the team's own buckets (team_bucket, a few thousand rows at
 * most), the counts from one small row of figures per member; no member's raw rows come
 * into the server.
 */
export async function teamOverview(
  db: Db,
  catalog: Catalog,
  user: Pick<SessionUser, 'id'>,
  slug: string,
  timeZone: string,
  now = new Date(),
): Promise<TeamOverview> {
  const me = await requireMembership(db, slug, user.id);
  requireManager(me);
  const w = await reportWindow(db, catalog, me, timeZone, undefined, now);
  const since = bucketKey(new Date(now.getTime() - (DAYS + 2) * DAY_MS));
  // Each member's figures once (materialized: ids and three numbers, no names), then the
  // counts and both short lists from them, in one statement; only the listed members' names
  // are read (the idle list orders by name, so its candidates' names).
  const figures = db
    .selectFrom('member as m')
    .where('m.organizationId', '=', me.teamId)
    .select([
      'm.userId',
      'm.id',
      weekPointsSql(w).as('wk'),
      dailyGoalSql.as('goal'),
      overdueCountSql(catalog, w.assignments, member, w.today).as('late'),
    ]);
  const text = sql`cast(null as text)`;
  const num = sql`cast(null as bigint)`;
  const listed = (where: RawBuilder<unknown>, order: RawBuilder<unknown>) =>
    sql`select t."userId", u.name, u.email, ${num}, ${num}, ${num}, t.late, t.wk
      from t join "user" u on u.id = t."userId" where ${where} order by ${order}
      limit ${sql.lit(ATTENTION_LIST)}`;
  const [buckets, glance] = await Promise.all([
    // The team's points per bucket, kept running (migration 0021): a range of its key.
    db
      .selectFrom('team_bucket')
      .select(['bucket', 'points as n'])
      .where('team_id', '=', me.teamId)
      .where('bucket', '>=', since)
      .execute(),
    sql<{
      list: 'all' | 'late' | 'idle';
      userId: string | null;
      name: string | null;
      email: string | null;
      n: number | string | null;
      active: number | string | null;
      below: number | string | null;
      late: number | string | null;
      wk: number | string | null;
    }>`with t as materialized ${figures}
      select 'all' as list, ${text} as "userId", ${text} as name, ${text} as email,
        count(*) as n,
        sum(case when wk > 0 then 1 else 0 end) as active,
        sum(case when wk < goal * ${sql.lit(TARGET_DAYS)} then 1 else 0 end) as below,
        sum(case when late > 0 then 1 else 0 end) as late,
        ${num} as wk from t
      union all select 'late', a.* from (${listed(sql`t.late > 0`, sql`t.late desc, u.name, t.id`)}) a
      union all select 'idle', b.* from (${listed(sql`t.wk = 0`, sql`u.name, t.id`)}) b`.execute(
      db,
    ),
  ]);
  const byDay = new Map<string, number>();
  const dayOf = bucketDay(timeZone);
  for (const b of buckets) {
    const day = dayOf(b.bucket);
    byDay.set(day, (byDay.get(day) ?? 0) + Number(b.n ?? 0));
  }
  const counts = glance.rows.find((r) => r.list === 'all')!;
  const total = Number(counts.n);
  const active = Number(counts.active ?? 0);
  const below = Number(counts.below ?? 0);
  const named = (list: 'late' | 'idle'): AttentionMember[] =>
    glance.rows
      .filter((r) => r.list === list)
      .map((r) => ({
        userId: r.userId!,
        name: r.name!,
        email: r.email!,
        overdue: Number(r.late),
        points: Number(r.wk),
      }));
  return {
    timeZone,
    today: w.today,
    weeks: weeklyTotals(w.days.map((date) => ({ date, points: byDay.get(date) ?? 0 }))),
    members: total,
    activeThisWeek: active,
    belowTarget: below,
    onTarget: total - below,
    needsAttention: {
      overdue: { count: Number(counts.late ?? 0), members: named('late') },
      inactive: { count: total - active, members: named('idle') },
    },
  };
}

/**
 * Each member's own target profile, for everyone in `userIds` in one query. Today that is
 * the profile named after the profession on their profile (profile_field 'profession',
 * which onboarding and the profile page save); a member without one gets the default.
 * When the account keeps a chosen target role, read it here first: the report and the CSV
 * take every member's target from this function and nowhere else.
 */
export async function memberTargets(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, TargetProfileId>> {
  const targets = new Map(userIds.map((id) => [id, targetForProfession(null)]));
  if (userIds.length === 0) return targets;
  // The account's target role (decision 039) wins over the one its profession implies.
  const rows = await db
    .selectFrom('profile_field')
    .select(['user_id', 'field', 'value'])
    .where('user_id', 'in', userIds)
    .where('field', 'in', ['profession', 'targetRole'])
    .orderBy('field')
    .execute();
  for (const row of rows) {
    const value = jsonString(row.value);
    if (row.field === 'profession') targets.set(row.user_id, targetForProfession(value));
    else if (isTargetProfile(value)) targets.set(row.user_id, value);
  }
  return targets;
}

const isTargetProfile = (value: string | null): value is TargetProfileId =>
  (TARGET_PROFILE_IDS as readonly (string | null)[]).includes(value);

/** A stored profile value (JSON) as a string, or null when it is not one. */
function jsonString(raw: string): string | null {
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

/**
 * A spreadsheet runs a cell that starts with one of these as a formula (a tab or CR can come
 * before the formula). It looks at the start of the field, and also after any character an
 * import may split cells on (`,` `;` `|` tab, a line break), spaces allowed in between.
 */
const FORMULA_TRIGGER = /(?:^|[,;|\t\r\n]) *[=+\-@\t\r]/;

/**
 * A CSV field: every text quoted (so no separator inside it splits the cell, whatever the
 * spreadsheet's list separator), with a `'` in front when a formula could start anywhere in
 * it. Numbers stay bare; null is an empty cell.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const s = FORMULA_TRIGGER.test(value) ? `'${value}` : value;
  return `"${s.replace(/"/g, '""')}"`;
}

/** Members per CSV page: each page is read, written and let go before the next. */
const CSV_PAGE = 100;

/** Lets the event loop serve other requests between two pages of a long answer. */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The report as CSV (admins only), one table a spreadsheet opens as is: one header row and
 * one row per member (by name), the target profile each was measured against in its own
 * column. Streamed: members are read a page at a time (keyset on name and id), each page
 * written when the reader takes it, so memory stays flat whatever the team's size and
 * other requests are served between pages. The caller's rights are checked before the
 * first byte.
 */
export async function teamProgressCsv(
  db: Db,
  catalog: Catalog,
  user: SessionUser,
  slug: string,
  timeZone: string,
  targetId: TargetProfileId | undefined,
): Promise<ReadableStream<Uint8Array>> {
  const me = await requireMembership(db, slug, user.id);
  requireManager(me);
  const w = await reportWindow(db, catalog, me, timeZone, targetId, new Date());
  const weeks = heading(catalog, w).weeks;
  // Every member has a target profile when the content has any (their own, or the chosen).
  const skills = (catalog.skills?.targetProfiles.length ?? 0) > 0;
  const header = [
    'name',
    'email',
    'role',
    ...weeks.map((wk) => `points ${wk.start} to ${wk.end}`),
    'daily goal',
    'goal streak (days)',
    'topics scored',
    `topics above ${TOPIC_SCORE_THRESHOLD}%`,
    'average topic score',
    'assignments',
    'assignments done',
    'assignments overdue',
    ...(skills
      ? [
          'skills target',
          'skills rated',
          'skills at target',
          'skills in target',
          'biggest skill gap',
        ]
      : []),
  ];
  const line = (row: (string | number | null)[]) => `${row.map(csvField).join(',')}\r\n`;
  const encoder = new TextEncoder();
  let after: Person | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(line(header)));
        return;
      }
      const last = after;
      const people = await members(db, catalog, w, {})
        .select(PERSON)
        .$if(last !== null, (q) =>
          q.where((eb) =>
            eb.or([
              eb('u.name', '>', last!.name),
              eb.and([eb('u.name', '=', last!.name), eb('m.id', '>', last!.id)]),
            ]),
          ),
        )
        .orderBy('u.name')
        .orderBy('m.id')
        .limit(CSV_PAGE)
        .execute();
      if (people.length === 0) {
        controller.close();
        return;
      }
      after = people.at(-1)!;
      const rows = await rowsFor(db, catalog, w, people);
      controller.enqueue(
        encoder.encode(
          rows
            .map((m) =>
              line([
                m.name,
                m.email,
                m.role,
                ...m.pointsByWeek,
                m.goal.goal,
                m.goal.streak,
                m.topics.scored,
                m.topics.strong,
                m.topics.average,
                m.assignments.assigned,
                m.assignments.done,
                m.assignments.overdue,
                ...(skills
                  ? [
                      m.skills?.target.name ?? null,
                      m.skills?.rated ?? null,
                      m.skills?.atTarget ?? null,
                      m.skills?.of ?? null,
                      m.skills?.biggestGap
                        ? `${m.skills.biggestGap.skill} (${m.skills.biggestGap.score} of ${m.skills.biggestGap.target})`
                        : null,
                    ]
                  : []),
              ]),
            )
            .join(''),
        ),
      );
      await yieldToOthers();
    },
  });
}
