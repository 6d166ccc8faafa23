import { sql } from 'kysely';
import {
  DASHBOARD_DAYS,
  NEXT_PLANNED,
  WEAKEST_TOPICS,
  daysEnding,
  zoneDayKey,
  type Dashboard,
  type DashboardListCounts,
  type DashboardNextItem,
  type DashboardTopic,
  type TodayGlance,
} from '../../../core/progress/dashboard';
import { addDays, type DayKey } from '../../../core/dates';
import {
  DEFAULT_DAILY_GOAL,
  crossedGoal,
  goalProgress,
  isDailyGoal,
  type GoalAfterWrite,
} from '../../../core/progress/goal';
import { deepDiveQuestionId } from '../../../core/grammar/results';
import { GRAMMAR_GROUPS } from '../../../core/grammar/topics';
import { ITEM_KINDS, type ItemKind } from '../../../core/items/items';
import { dayBounds } from '../../../core/review/schedule';
import type { Catalog } from '../../content/catalog';
import type { Db } from '../../db/client';
import { isPostgres, prepared, run } from '../../db/prepared';
import { dueCount } from '../review/service';

/** Planned rows read to find the next few, leaving room for items gone from content. */
const NEXT_SCAN = NEXT_PLANNED * 4;

/**
 * The 15-minute bucket key of an instant, 'YYYY-MM-DDTHH' plus the quarter (0–3):
 * '2026-03-05T184' is 18:45–19:00 UTC. The database keeps each learner's activity per key
 * (activity_bucket, kept by migration 0019's triggers, which make the same key in SQL). Every
 * zone's day boundary falls on a quarter hour in UTC (today's offsets are whole quarters:
 * +05:30, +05:45, −03:30…), so a bucket never straddles a zone's midnight, DST changes
 * included, and a zone's day is the buckets from its first to the next day's.
 */
export const bucketKey = (at: Date) => {
  const iso = at.toISOString();
  return `${iso.slice(0, 13)}${Math.floor(Number(iso.slice(14, 16)) / 15)}`;
};

/** The UTC instant a bucket key starts at. */
const bucketStart = (key: string) =>
  `${key.slice(0, 13)}:${String(Number(key.slice(13)) * 15).padStart(2, '0')}:00.000Z`;

/**
 * The zone's calendar day of a bucket key, remembered per key: many rows share a bucket,
 * and the zone conversion is the costly part of folding them into days.
 */
export function bucketDay(timeZone: string): (bucket: string) => DayKey {
  const days = new Map<string, DayKey>();
  return (bucket) => {
    let day = days.get(bucket);
    if (day === undefined) {
      day = zoneDayKey(bucketStart(bucket), timeZone);
      days.set(bucket, day);
    }
    return day;
  };
}

type Series = 'points' | 'visits' | 'answers';

const QUARTER_MS = 15 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** Each zone's day starts as bucket keys, across requests: where a day begins never moves. */
const dayStarts = new Map<string, Map<DayKey, string>>();

/**
 * The first bucket of a zone's day. The zone's midnight lies within 14 hours of UTC's, so a
 * binary search over the quarter hours between finds it in about seven zone conversions
 * (Intl, the costly part), once per zone and day.
 */
export function dayStartBucket(day: DayKey, timeZone: string): string {
  let zone = dayStarts.get(timeZone);
  if (!zone) {
    if (dayStarts.size >= 1000) dayStarts.clear(); // zone names in any case: keep it bounded
    zone = new Map();
    dayStarts.set(timeZone, zone);
  }
  let key = zone.get(day);
  if (key === undefined) {
    const midnight = Date.parse(`${day}T00:00:00.000Z`);
    let before = midnight - 15 * HOUR_MS; // the day before in every zone
    let first = midnight + 15 * HOUR_MS; // this day or later in every zone
    while (first - before > QUARTER_MS) {
      const mid = before + Math.floor((first - before) / 2 / QUARTER_MS) * QUARTER_MS;
      if (zoneDayKey(mid, timeZone) < day) before = mid;
      else first = mid;
    }
    key = bucketKey(new Date(first));
    if (zone.size >= 1000) zone.clear();
    zone.set(day, key);
  }
  return key;
}

/**
 * The learner's points, visits and answers per day of the window, summed in the database:
 * for each day, one range of activity_bucket's primary key from the day's first bucket to
 * the next day's. At most one row a day reaches JavaScript, however much the learner did.
 * PostgreSQL gets the ranges as a LATERAL subquery, so it seeks them by the key whatever its
 * statistics say (without them it would scan all the learner's rows once per day); SQLite
 * plans the join that way by itself.
 */
const windowTotals = prepared<{ day_key: DayKey } & Record<Series, number | string | null>>(
  (db, p) => {
    const days = Array.from(
      { length: DASHBOARD_DAYS },
      (_, i) => sql`(${p(`day${i}`)}, ${p(`start${i}`)}, ${p(`start${i + 1}`)})`,
    );
    const inDay = sql`b.user_id = ${p('userId')}
      and b.bucket >= d.first_bucket and b.bucket < d.next_bucket`;
    const sums = sql`sum(b.points) as points, sum(b.visits) as visits, sum(b.answers) as answers`;
    const withDays = sql`with window_day (day_key, first_bucket, next_bucket) as (values ${sql.join(days)})`;
    const statement = isPostgres(db)
      ? sql`${withDays}
        select d.day_key, s.points, s.visits, s.answers from window_day d
        cross join lateral (select ${sums} from activity_bucket b where ${inDay}) s`
      : sql`${withDays}
        select d.day_key, ${sums} from window_day d join activity_bucket b on ${inDay}
        group by d.day_key`;
    return { compile: () => statement.compile(db) };
  },
);

/** The window's days in the zone (oldest first, ending today) and each day's bucket range. */
function windowArgs(userId: string, timeZone: string, now: Date) {
  const today = zoneDayKey(now, timeZone);
  const days = daysEnding(today, DASHBOARD_DAYS);
  const args: Record<string, string> = { userId };
  days.forEach((day, i) => {
    args[`day${i}`] = day;
    args[`start${i}`] = dayStartBucket(day, timeZone);
  });
  args[`start${DASHBOARD_DAYS}`] = dayStartBucket(addDays(today, 1), timeZone);
  return { today, days, args };
}

type WindowRow = { day_key: DayKey } & Record<Series, number | string | null>;

/** Each series per day of the window, from windowTotals' rows (a day without any is 0). */
function foldWindow(today: DayKey, days: DayKey[], rows: readonly WindowRow[]) {
  const perDay = new Map<DayKey, Record<Series, number>>(
    days.map((d) => [d, { points: 0, visits: 0, answers: 0 }]),
  );
  for (const r of rows) {
    const slot = perDay.get(r.day_key);
    if (!slot) continue;
    slot.points = Number(r.points ?? 0);
    slot.visits = Number(r.visits ?? 0);
    slot.answers = Number(r.answers ?? 0);
  }
  const byDay = days.map((date) => ({ date, points: perDay.get(date)?.points ?? 0 }));
  return { today, days, perDay, byDay };
}

/** The window's days in the zone (oldest first, ending today) with each series per day. */
async function windowDays(db: Db, userId: string, timeZone: string, now: Date) {
  const { today, days, args } = windowArgs(userId, timeZone, now);
  return foldWindow(today, days, await run(db, windowTotals(db, args)));
}

/** Planned items, planned longest ago first: a short scan of the planned_at index. */
const plannedFirst = (db: Db, userId: string) =>
  db
    .selectFrom('user_item')
    .select(['kind', 'item_id'])
    .where('user_id', '=', userId)
    .where('planned_at', 'is not', null)
    .orderBy('planned_at')
    .orderBy('kind')
    .orderBy('item_id')
    .limit(NEXT_SCAN)
    .execute();

/**
 * The dashboard on PostgreSQL in one statement (one round trip instead of seven): each part
 * the seven statements read, as a JSON value of its own, the same rows in the same order.
 */
const dashboardPg = prepared<{
  tags: [string, number][];
  days: [DayKey, number | null, number | null, number | null][];
  topics: [string, number][];
  deep: [number, number];
  lists: [string, number, number, number][];
  planned: [string, string][];
  goal: string | null;
}>((db, p) => {
  const user = p('userId');
  const days = Array.from(
    { length: DASHBOARD_DAYS },
    (_, i) => sql`(${p(`day${i}`)}, ${p(`start${i}`)}, ${p(`start${i + 1}`)})`,
  );
  const none = sql`'[]'::json`;
  const statement = sql`with window_day (day_key, first_bucket, next_bucket) as (values ${sql.join(days)})
    select
      (select coalesce(json_agg(json_build_array(t.tag, t.points) order by t.tag), ${none})
        from tag_points t where t.user_id = ${user}) as tags,
      (select coalesce(json_agg(json_build_array(d.day_key, s.points, s.visits, s.answers)), ${none})
        from window_day d cross join lateral (
          select sum(b.points) as points, sum(b.visits) as visits, sum(b.answers) as answers
          from activity_bucket b where b.user_id = ${user}
            and b.bucket >= d.first_bucket and b.bucket < d.next_bucket) s) as days,
      (select coalesce(json_agg(json_build_array(ts.topic_id, ts.score)), ${none})
        from topic_score ts where ts.user_id = ${user}) as topics,
      (select json_build_array(count(*), coalesce(sum(ga.correct), 0)) from grammar_answer ga
        where ga.user_id = ${user} and ga.question_id = any(${p('deepDive')})) as deep,
      (select coalesce(json_agg(json_build_array(l.kind, l.planned, l.completed, l.saved)), ${none})
        from (select kind, count(planned_at) as planned, count(completed_at) as completed,
          count(saved_at) as saved from user_item where user_id = ${user} group by kind) l) as lists,
      (select coalesce(json_agg(json_build_array(n.kind, n.item_id)
          order by n.planned_at, n.kind, n.item_id), ${none})
        from (select kind, item_id, planned_at from user_item
          where user_id = ${user} and planned_at is not null
          order by planned_at, kind, item_id limit ${sql.lit(NEXT_SCAN)}) n) as planned,
      (select pf.value from profile_field pf
        where pf.user_id = ${user} and pf.field = 'dailyGoal') as goal`;
  return { compile: () => statement.compile(db) };
});

/** What the dashboard reads, from seven statements (SQLite) or one (PostgreSQL). */
async function dashboardReads(
  db: Db,
  deepDiveIds: readonly string[],
  userId: string,
  timeZone: string,
  now: Date,
) {
  if (isPostgres(db)) {
    const { today, days, args } = windowArgs(userId, timeZone, now);
    const [r] = await run(db, dashboardPg(db, { ...args, deepDive: deepDiveIds }));
    if (!r) throw new Error('the dashboard statement returned no row');
    return {
      tags: r.tags.map(([tag, points]) => ({ tag, points })),
      window: foldWindow(
        today,
        days,
        r.days.map(([day_key, points, visits, answers]) => ({ day_key, points, visits, answers })),
      ),
      topicRows: r.topics.map(([topic_id, score]) => ({ topic_id, score })),
      deepDive: { answered: r.deep[0], correct: r.deep[1] },
      listRows: r.lists.map(([kind, planned, completed, saved]) => ({
        kind,
        planned,
        completed,
        saved,
      })),
      plannedRows: r.planned.map(([kind, item_id]) => ({ kind, item_id })),
      goalRow: r.goal === null ? undefined : { value: r.goal },
    };
  }
  const [tags, window, topicRows, deepDive, listRows, plannedRows, goalRow] = await Promise.all([
    // The ledger's sum per tag, kept as it is written (tag_points).
    db
      .selectFrom('tag_points')
      .select(['tag', 'points'])
      .where('user_id', '=', userId)
      .orderBy('tag')
      .execute(),
    // Points (ledger 'total' rows), item visits and answers (single and quiz) per day.
    windowDays(db, userId, timeZone, now),
    db
      .selectFrom('topic_score')
      .select(['topic_id', 'score'])
      .where('user_id', '=', userId)
      .execute(),
    deepDiveIds.length === 0
      ? Promise.resolve({ answered: 0, correct: 0 })
      : db
          .selectFrom('grammar_answer')
          .select([
            db.fn.countAll<number>().as('answered'),
            db.fn.coalesce(db.fn.sum<number>('correct'), sql<number>`0`).as('correct'),
          ])
          .where('user_id', '=', userId)
          .where('question_id', 'in', deepDiveIds)
          .executeTakeFirstOrThrow(),
    db
      .selectFrom('user_item')
      .select([
        'kind',
        db.fn.count<number>('planned_at').as('planned'),
        db.fn.count<number>('completed_at').as('completed'),
        db.fn.count<number>('saved_at').as('saved'),
      ])
      .where('user_id', '=', userId)
      .groupBy('kind')
      .execute(),
    plannedFirst(db, userId),
    db
      .selectFrom('profile_field')
      .select('value')
      .where('user_id', '=', userId)
      .where('field', '=', 'dailyGoal')
      .executeTakeFirst(),
  ]);
  return { tags, window, topicRows, deepDive, listRows, plannedRows, goalRow };
}

/**
 * The learner's whole dashboard in seven statements on SQLite and one on PostgreSQL,
 * whatever the amount of history: the points and the window's activity come from the
 * running aggregates (migration 0019).
 */
export async function dashboard(
  db: Db,
  catalog: Catalog,
  userId: string,
  timeZone: string,
  now = new Date(),
): Promise<Dashboard> {
  const deepDiveIds = catalog.grammar.deepDive.map((q) => deepDiveQuestionId(q.id));
  const { tags, window, topicRows, deepDive, listRows, plannedRows, goalRow } =
    await dashboardReads(db, deepDiveIds, userId, timeZone, now);

  const { today, days, perDay, byDay } = window;

  let total = 0;
  const byTag: Record<string, number> = {};
  for (const t of tags) {
    if (t.tag === 'total') total = Number(t.points);
    else byTag[t.tag] = Number(t.points);
  }

  const scores = new Map(topicRows.map((r) => [r.topic_id, Number(r.score)]));
  const topics: DashboardTopic[] = GRAMMAR_GROUPS.flatMap((g) =>
    g.sub.map((t) => ({
      topic: t.path,
      title: t.name,
      group: g.name,
      score: scores.get(t.path) ?? null,
    })),
  );
  const weakest = topics
    .filter((t): t is DashboardTopic & { score: number } => t.score !== null)
    // A stable sort keeps the menu's order between equal scores.
    .sort((a, b) => a.score - b.score)
    .slice(0, WEAKEST_TOPICS)
    .map(({ topic, title, score }) => ({ topic, title, score }));

  const lists = Object.fromEntries(
    ITEM_KINDS.map((k) => [k, { planned: 0, completed: 0, saved: 0 }]),
  ) as Record<ItemKind, DashboardListCounts>;
  for (const r of listRows) {
    if (!(r.kind in lists)) continue;
    lists[r.kind as ItemKind] = {
      planned: Number(r.planned),
      completed: Number(r.completed),
      saved: Number(r.saved),
    };
  }

  const next: DashboardNextItem[] = [];
  for (const r of plannedRows) {
    const item = describeItem(catalog, r.kind as ItemKind, r.item_id);
    if (item) next.push(item);
    if (next.length === NEXT_PLANNED) break;
  }

  const calendar = days.map((date) => {
    const d = perDay.get(date) as Record<Series, number>;
    return { date, visits: d.visits, answers: d.answers };
  });
  return {
    timeZone,
    today,
    points: { total, byTag, byDay },
    grammar: {
      topics,
      deepDive: {
        answered: Number(deepDive.answered),
        correct: Number(deepDive.correct),
        total: catalog.grammar.deepDive.length,
      },
      weakest,
    },
    lists,
    next,
    calendar,
    goal: goalProgress(byDay, savedGoal(goalRow?.value)),
  };
}

/** The learner's chosen daily goal, or the default when unset (or unreadable). */
export function savedGoal(raw: string | undefined): number {
  const value: unknown = raw === undefined ? undefined : JSON.parse(raw);
  return isDailyGoal(value) ? value : DEFAULT_DAILY_GOAL;
}

/**
 * Today's points (the buckets since the zone's midnight, which falls on a bucket's start)
 * and the saved goal, in one statement: at most 96 rows of activity_bucket's primary key,
 * whatever the learner's history or how much they did today.
 */
export const todayAndGoal = prepared<{ today: number | string | null; goal: string | null }>(
  (db, p) => {
    const userId = p<string>('userId');
    return db.selectNoFrom((eb) => [
      eb
        .selectFrom('activity_bucket')
        .select(db.fn.sum<number>('points').as('n'))
        .where('user_id', '=', userId)
        .where('bucket', '>=', p<string>('since'))
        .as('today'),
      eb
        .selectFrom('profile_field')
        .select('value')
        .where('user_id', '=', userId)
        .where('field', '=', 'dailyGoal')
        .as('goal'),
    ]);
  },
);

/** Each zone's current day (start, end): a goal check asks per write, Intl is slow to ask. */
const zoneDays = new Map<string, { start: Date; end: Date }>();

/** The instant today began in the zone, remembered until the day ends. */
function startOfToday(now: Date, timeZone: string): Date {
  let day = zoneDays.get(timeZone);
  if (!day || now < day.start || now >= day.end) {
    day = dayBounds(now, timeZone);
    if (zoneDays.size >= 1000) zoneDays.clear(); // zone names in any case: keep it bounded
    zoneDays.set(timeZone, day);
  }
  return day.start;
}

/**
 * Today at a glance for the navigation and Today (GET /api/dashboard/today): the goal with
 * the streak and its freezes, the review cards due and the first planned item — short reads
 * over indexed ranges (the window's buckets, the due cards up to the daily caps, the
 * first planned items), not the whole dashboard.
 */
export async function todayGlance(
  db: Db,
  catalog: Catalog,
  userId: string,
  timeZone: string,
  now = new Date(),
): Promise<TodayGlance> {
  const [window, goalRow, due, plannedRows] = await Promise.all([
    windowDays(db, userId, timeZone, now),
    db
      .selectFrom('profile_field')
      .select('value')
      .where('user_id', '=', userId)
      .where('field', '=', 'dailyGoal')
      .executeTakeFirst(),
    dueCount(db, userId, timeZone, now),
    // The first planned item still in the content.
    plannedFirst(db, userId),
  ]);
  const { byDay } = window;
  let planned: DashboardNextItem | null = null;
  for (const r of plannedRows) {
    planned = describeItem(catalog, r.kind as ItemKind, r.item_id);
    if (planned) break;
  }
  return { goal: goalProgress(byDay, savedGoal(goalRow?.value)), due, planned };
}

/**
 * The daily goal after a write that added `earned` points (an answer, a quiz), for the goal
 * banner: null when it added none. The streak reads the day history, so only the write that
 * met the goal (core's `crossedGoal`, once a day) pays for it, exactly as the dashboard
 * counts it.
 */
export async function goalAfterWrite(
  db: Db,
  userId: string,
  timeZone: string,
  earned: number,
  now = new Date(),
): Promise<GoalAfterWrite | null> {
  if (earned <= 0) return null;
  const since = bucketKey(startOfToday(now, timeZone));
  const [row] = await run(db, todayAndGoal(db, { userId, since }));
  const goal = savedGoal(row?.goal ?? undefined);
  const todayPoints = Number(row?.today ?? 0);
  if (!crossedGoal(todayPoints, earned, goal))
    return { goal, todayPoints, met: false, streak: null };
  const { byDay } = await windowDays(db, userId, timeZone, now);
  const { streak } = goalProgress(byDay, goal);
  return { goal, todayPoints, met: true, streak };
}

/** A planned item's title and page from content; null when the item left the content. */
function describeItem(catalog: Catalog, kind: ItemKind, id: string): DashboardNextItem | null {
  const item = catalog.item(kind, id);
  return item && { kind, id, title: item.title, href: item.href };
}
