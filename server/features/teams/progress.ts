import {
  ASSIGNMENT_STATUS_NAMES,
  isOverdue,
  type TeamAssignment,
} from '../../../core/teams/assignments';
import { TOPIC_SCORE_THRESHOLD } from '../../../core/constants';
import { isStrongScore } from '../../../core/grammar/scoring';
import { daysEnding, weeklyTotals, zoneDayKey } from '../../../core/progress/dashboard';
import { goalProgress } from '../../../core/progress/goal';
import { gaps } from '../../../core/progress/skills';
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
import { bucketDay, bucketOf, savedGoal } from '../dashboard/service';
import { teamAssignmentsOf } from './assignments';
import { requireManager, requireMembership, type Membership } from './access';

const DAYS = PROGRESS_WEEKS * 7;

/**
 * The team progress report: per member, exactly what core/teams/teams.ts ADMINS_SEE names and
 * nothing else. Admins get every member; a member gets their own row (so they see what
 * their admins see). A fixed number of statements whatever the team's size.
 */
export async function teamProgress(
  db: Db,
  catalog: Catalog,
  user: SessionUser,
  slug: string,
  timeZone: string,
  targetId: string | undefined,
  now = new Date(),
): Promise<TeamProgress> {
  const me = await requireMembership(db, slug, user.id);
  return (await report(db, catalog, me, user.id, timeZone, targetId, now)).progress;
}

async function report(
  db: Db,
  catalog: Catalog,
  me: Membership,
  userId: string,
  timeZone: string,
  targetId: string | undefined,
  now: Date,
): Promise<{ progress: TeamProgress; assignments: TeamAssignment[] }> {
  const manager = canManageTeam(me.role);
  const people = await db
    .selectFrom('member as m')
    .innerJoin('user as u', 'u.id', 'm.userId')
    .select(['m.userId', 'u.name', 'u.email', 'm.role'])
    .where('m.organizationId', '=', me.teamId)
    .$if(!manager, (q) => q.where('m.userId', '=', userId))
    .orderBy('u.name')
    .orderBy('m.id')
    .execute();
  const ids = people.map((p) => p.userId);
  // A day before the first day in any zone, so every bucket of the window is read.
  const since = new Date(now.getTime() - (DAYS + 2) * 24 * 3600 * 1000).toISOString();
  const [buckets, goals, topics, skills, assignments] = await Promise.all([
    db
      .selectFrom('points_event')
      .select([
        'user_id',
        bucketOf('created_at').as('bucket'),
        db.fn.sum<number | string>('points').as('n'),
      ])
      .where('user_id', 'in', ids)
      .where('tag', '=', 'total')
      .where('created_at', '>=', since)
      .groupBy(['user_id', bucketOf('created_at')])
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
    // A member's report reads their own statuses only.
    teamAssignmentsOf(db, catalog, me.teamId, manager ? undefined : [userId]),
  ]);

  const today = zoneDayKey(now, timeZone);
  const days = daysEnding(today, DAYS);
  const dayIndex = new Map(days.map((d, i) => [d, i]));
  const points = new Map(ids.map((id) => [id, days.map(() => 0)]));
  const dayOf = bucketDay(timeZone);
  for (const b of buckets) {
    const i = dayIndex.get(dayOf(b.bucket));
    const row = points.get(b.user_id);
    if (i !== undefined && row) row[i]! += Number(b.n ?? 0);
  }
  const goalOf = new Map(goals.map((g) => [g.user_id, g.value]));

  const profiles = catalog.skills?.targetProfiles ?? [];
  const target = profiles.find((p) => p.id === targetId) ?? profiles[0] ?? null;
  const skillNames = new Map((catalog.skills?.skills ?? []).map((s) => [s.id, s.name]));
  const skillOrder = (catalog.skills?.skills ?? []).map((s) => s.id);

  const members: MemberProgress[] = people.map((p) => {
    const byDay = days.map((date, i) => ({ date, points: points.get(p.userId)?.[i] ?? 0 }));
    const goal = goalProgress(byDay, savedGoal(goalOf.get(p.userId)));
    const scores = topics.filter((t) => t.user_id === p.userId).map((t) => Number(t.score));
    const mine = assignments.flatMap((a) => {
      const m = a.members.find((x) => x.userId === p.userId);
      return m ? [{ dueOn: a.dueOn, status: m.status }] : [];
    });
    let skillReport: MemberProgress['skills'] = null;
    if (target) {
      const rated = Object.fromEntries(
        skills.filter((s) => s.user_id === p.userId).map((s) => [s.skill_id, Number(s.score)]),
      );
      const order = skillOrder.filter((id) => target.targets[id] !== undefined);
      const gap = gaps(rated, target, order.length, order);
      const first = gap[0];
      const ratedCount = Object.keys(rated).filter((id) => target.targets[id] !== undefined).length;
      skillReport = {
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
      pointsByWeek: weeklyTotals(byDay).map((w) => w.points),
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

  const progress = {
    timeZone,
    today,
    weeks: weeklyTotals(days.map((date) => ({ date, points: 0 }))).map(({ start, end }) => ({
      start,
      end,
    })),
    targets: profiles.map((p) => ({ id: p.id, name: p.name })),
    target: target?.id ?? null,
    members,
  };
  return { progress, assignments };
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

/**
 * The report as CSV (admins only), one table a spreadsheet imports as is: one row per member
 * and assignment, the member's figures repeated on each, and one row with the assignment
 * columns empty for a member with no assignment.
 */
export async function teamProgressCsv(
  db: Db,
  catalog: Catalog,
  user: SessionUser,
  slug: string,
  timeZone: string,
  targetId: string | undefined,
): Promise<string> {
  const me = await requireMembership(db, slug, user.id);
  requireManager(me);
  const { progress, assignments } = await report(
    db,
    catalog,
    me,
    user.id,
    timeZone,
    targetId,
    new Date(),
  );
  const target = progress.targets.find((t) => t.id === progress.target)?.name ?? '';
  const header = [
    'name',
    'email',
    'role',
    ...progress.weeks.map((w) => `points ${w.start} to ${w.end}`),
    'daily goal',
    'goal streak (days)',
    'topics scored',
    `topics above ${TOPIC_SCORE_THRESHOLD}%`,
    'average topic score',
    'assignments',
    'assignments done',
    'assignments overdue',
    `skills at target (${target})`,
    'skills in target',
    'biggest skill gap',
  ];
  const lines = [
    [...header, 'assignment', 'kind', 'due', 'status', 'parts done', 'parts']
      .map(csvField)
      .join(','),
  ];
  const none = [null, null, null, null, null, null];
  for (const m of progress.members) {
    const figures = [
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
      m.skills?.atTarget ?? null,
      m.skills?.of ?? null,
      m.skills?.biggestGap
        ? `${m.skills.biggestGap.skill} (${m.skills.biggestGap.score} of ${m.skills.biggestGap.target})`
        : null,
    ];
    const theirs = assignments.flatMap((a) => {
      const status = a.members.find((x) => x.userId === m.userId);
      return status
        ? [
            [
              a.title,
              a.kind,
              a.dueOn,
              isOverdue(a.dueOn, status.status, progress.today)
                ? 'Overdue'
                : ASSIGNMENT_STATUS_NAMES[status.status],
              status.done,
              status.of,
            ],
          ]
        : [];
    });
    for (const row of theirs.length > 0 ? theirs : [none])
      lines.push([...figures, ...row].map(csvField).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
