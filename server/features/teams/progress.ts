import { isOverdue } from '../../../core/teams/assignments';
import { TOPIC_SCORE_THRESHOLD } from '../../../core/constants';
import { isStrongScore } from '../../../core/grammar/scoring';
import { daysEnding, weeklyTotals, zoneDayKey } from '../../../core/progress/dashboard';
import { goalProgress } from '../../../core/progress/goal';
import { gaps } from '../../../core/progress/skills';
import {
  TARGET_PROFILE_IDS,
  targetForProfession,
  type TargetProfileId,
} from '../../../core/content/skill-ids';
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
  targetId: TargetProfileId | undefined,
  now = new Date(),
): Promise<TeamProgress> {
  const me = await requireMembership(db, slug, user.id);
  return report(db, catalog, me, user.id, timeZone, targetId, now);
}

async function report(
  db: Db,
  catalog: Catalog,
  me: Membership,
  userId: string,
  timeZone: string,
  targetId: TargetProfileId | undefined,
  now: Date,
): Promise<TeamProgress> {
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
  const since = bucketKey(new Date(now.getTime() - (DAYS + 2) * 24 * 3600 * 1000));
  const profiles = new Map((catalog.skills?.targetProfiles ?? []).map((p) => [p.id, p]));
  // An admin's choice measures everyone against one profile; by default each their own.
  const chosen = targetId === undefined ? undefined : profiles.get(targetId);
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
    // A member's report reads their own statuses only.
    teamAssignmentsOf(db, catalog, me.teamId, manager ? undefined : [userId]),
    catalog.skills && !chosen ? memberTargets(db, ids) : new Map<string, TargetProfileId>(),
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
    const target = chosen ?? profiles.get(own.get(p.userId) ?? targetForProfession(null));
    if (target) {
      const rated = Object.fromEntries(
        skills.filter((s) => s.user_id === p.userId).map((s) => [s.skill_id, Number(s.score)]),
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

  return {
    timeZone,
    today,
    weeks: weeklyTotals(days.map((date) => ({ date, points: 0 }))).map(({ start, end }) => ({
      start,
      end,
    })),
    targets: [...profiles.values()].map((p) => ({ id: p.id, name: p.name })),
    target: chosen?.id ?? null,
    members,
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

/**
 * The report as CSV (admins only), one table a spreadsheet opens as is: one header row and
 * one row per member, the target profile each was measured against in its own column.
 */
export async function teamProgressCsv(
  db: Db,
  catalog: Catalog,
  user: SessionUser,
  slug: string,
  timeZone: string,
  targetId: TargetProfileId | undefined,
): Promise<string> {
  const me = await requireMembership(db, slug, user.id);
  requireManager(me);
  const progress = await report(db, catalog, me, user.id, timeZone, targetId, new Date());
  const skills = progress.members.some((m) => m.skills);
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
  const rows = progress.members.map((m) => [
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
  ]);
  return [header, ...rows].map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}
