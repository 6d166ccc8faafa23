import { join as joinPath } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOPIC_SCORE_THRESHOLD } from '../../../core/constants';
import type { AssignmentMembersPage, TeamAssignmentsPage } from '../../../core/teams/assignments';
import {
  ATTENTION_LIST,
  isBelowTarget,
  type TeamOverview,
  type TeamProgressPage,
} from '../../../core/teams/report';
import type { MemberProgress } from '../../../core/teams/teams';
import { loadCatalog } from '../../content/catalog';
import { startTestServer, testDialect, type TestServer } from '../../test/support';
import { createUser, jsonCall } from '../../test/users';
import { bulkMember, bulkTeam } from './bulk-team';
import { csvField } from './progress';
import { teamFixtures } from './team-fixtures';

const SIZE = 1000;

let t: TestServer;
let owner: Awaited<ReturnType<typeof createUser>>;
let slug: string;
let assignmentId: string;
const byId = new Map<string, number>();
beforeAll(async () => {
  t = await startTestServer({
    contentDir: joinPath(import.meta.dirname, '..', '..', '..', 'content'),
    env: { TRUSTED_PROXIES: '127.0.0.1' },
  });
  owner = await createUser(t, { name: 'Olga Owner', verified: true });
  slug = newSlug();
  const topics = [...loadCatalog(t.config.contentDir).grammar.topics.values()].map((x) => x.topic);
  const { userIds } = await bulkTeam(t.db.db, { slug, ownerId: owner.id, size: SIZE, topics });
  userIds.forEach((id, i) => byId.set(id, i));
  // The first topic, for everyone, due long ago: overdue for whoever has not scored above
  // the mark in it.
  ({ id: assignmentId } = await ok<{ id: string }>(
    call(owner.cookie, 'POST', `/api/teams/${slug}/assignments`, {
      kind: 'topic',
      contentId: topics[0],
      dueOn: '2020-01-01',
    }),
    201,
  ));
}, 120_000);
afterAll(() => t.close());
const call = jsonCall(() => t);
const { ok, refused, newSlug, teamWith } = teamFixtures(() => t);

const report = (query: string) =>
  ok<TeamProgressPage>(call(owner.cookie, 'GET', `/api/teams/${slug}/progress?tz=UTC&${query}`));

/** Every page of a query, in order. */
async function allPages(query: string): Promise<{ total: number; members: MemberProgress[] }> {
  const members: MemberProgress[] = [];
  let total = 0;
  for (let page = 1; ; page++) {
    const r = await report(`${query}&size=100&page=${page}`);
    expect(r.page).toBe(page);
    expect(r.size).toBe(100);
    total = r.total;
    members.push(...r.members);
    if (r.members.length < 100) break;
  }
  expect(members).toHaveLength(total);
  return { total, members };
}

const weekPoints = (m: MemberProgress) => m.pointsByWeek.at(-1)!;

describe(`the team report of ${SIZE} members, a page at a time (${testDialect})`, () => {
  let everyone: MemberProgress[];
  beforeAll(async () => {
    everyone = (await allPages('sort=name')).members;
  }, 120_000);

  it('gives each member the row their data says, each once', () => {
    expect(everyone).toHaveLength(SIZE + 1);
    expect(new Set(everyone.map((m) => m.userId)).size).toBe(SIZE + 1);
    for (const m of everyone) {
      const i = byId.get(m.userId);
      if (i === undefined) continue; // the owner
      const b = bulkMember(i);
      const strong = b.topicScores.filter((s) => s > TOPIC_SCORE_THRESHOLD).length;
      const firstDone = (b.topicScores[0] ?? 0) > TOPIC_SCORE_THRESHOLD ? 1 : 0;
      expect(m, b.name).toEqual({
        userId: m.userId,
        name: b.name,
        email: `m${i}.${slug}@example.test`,
        role: 'member',
        pointsByWeek: [0, 0, 0, 0, 0, b.pointsBefore, 0, b.pointsNow],
        goal: { goal: b.dailyGoal, streak: expect.any(Number), metToday: expect.any(Boolean) },
        topics: {
          scored: b.topicScores.length,
          strong,
          average:
            b.topicScores.length === 0
              ? null
              : Math.round(b.topicScores.reduce((x, y) => x + y, 0) / b.topicScores.length),
        },
        assignments: { assigned: 1, done: firstDone, overdue: 1 - firstDone },
        skills: expect.objectContaining({ rated: 0, biggestGap: null }),
      });
    }
  });

  it('pages by name: 50 by default, the total across pages', async () => {
    const first = await report('');
    expect(first).toMatchObject({ total: SIZE + 1, page: 1, size: 50 });
    expect(first.members.map((m) => m.userId)).toEqual(everyone.slice(0, 50).map((m) => m.userId));
    const past = await report('page=99');
    expect(past).toMatchObject({ total: SIZE + 1, members: [] });
    expect(first.weeks).toHaveLength(8);
  });

  it('sorts in the database as the rows say', async () => {
    const nonIncreasing = (values: number[]) =>
      values.every((v, i) => i === 0 || values[i - 1]! >= v);
    const points = (await allPages('sort=points')).members;
    expect(points).toHaveLength(SIZE + 1);
    expect(nonIncreasing(points.map(weekPoints))).toBe(true);
    const overdue = (await allPages('sort=overdue')).members;
    expect(nonIncreasing(overdue.map((m) => m.assignments.overdue))).toBe(true);
    const topics = (await allPages('sort=topics')).members;
    const averages = topics.map((m) => m.topics.average);
    const firstNull = averages.indexOf(null);
    expect(averages.slice(firstNull).every((a) => a === null)).toBe(true);
    expect(nonIncreasing(averages.slice(0, firstNull) as number[])).toBe(true);
  });

  it('filters in the database as the rows say: overdue, below target, a name or address', async () => {
    const overdue = await allPages('overdue=1');
    expect(overdue.members.map((m) => m.userId)).toEqual(
      everyone.filter((m) => m.assignments.overdue > 0).map((m) => m.userId),
    );
    const below = await allPages('below=1');
    expect(below.members.map((m) => m.userId)).toEqual(
      everyone.filter((m) => isBelowTarget(weekPoints(m), m.goal.goal)).map((m) => m.userId),
    );
    expect(below.total).toBeGreaterThan(0);
    expect(below.total).toBeLessThan(SIZE + 1);

    const named = await allPages('q=ZOE 000');
    expect(named.members.map((m) => m.userId)).toEqual(
      everyone.filter((m) => m.name.toLowerCase().includes('zoe 000')).map((m) => m.userId),
    );
    expect(named.total).toBeGreaterThan(0);
    const mailed = await allPages(`q=${encodeURIComponent(`m7.${slug}@`)}`);
    expect(mailed.members.map((m) => m.name)).toEqual([bulkMember(7).name]);
    // The wildcards are letters like any other.
    expect((await report('q=%25')).total).toBe(0);
    expect((await report('q=_')).total).toBe(0);

    const both = await allPages('overdue=1&below=1&q=ava&sort=points');
    expect(new Set(both.members.map((m) => m.userId))).toEqual(
      new Set(
        everyone
          .filter(
            (m) =>
              m.assignments.overdue > 0 &&
              isBelowTarget(weekPoints(m), m.goal.goal) &&
              m.name.toLowerCase().includes('ava'),
          )
          .map((m) => m.userId),
      ),
    );
  });

  it('streams the CSV as one table, the same rows and escaping as the report', async () => {
    const res = await call(owner.cookie, 'GET', `/api/teams/${slug}/progress.csv?tz=UTC`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const text = await res.text();
    const lines = text.split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(SIZE + 2);
    const header = lines[0]!;
    expect(header.startsWith('"name","email","role","points ')).toBe(true);
    const expected = everyone.map((m) =>
      [
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
        m.skills!.target.name,
        m.skills!.rated,
        m.skills!.atTarget,
        m.skills!.of,
        null,
      ]
        .map(csvField)
        .join(','),
    );
    expect(lines.slice(1)).toEqual(expected);
  });

  it('answers the overview from aggregates, agreeing with the rows', async () => {
    const o = await ok<TeamOverview>(
      call(owner.cookie, 'GET', `/api/teams/${slug}/progress/overview?tz=UTC`),
    );
    const count = (f: (m: MemberProgress) => boolean) => everyone.filter(f).length;
    expect(o.members).toBe(SIZE + 1);
    expect(o.activeThisWeek).toBe(count((m) => weekPoints(m) > 0));
    expect(o.belowTarget).toBe(count((m) => isBelowTarget(weekPoints(m), m.goal.goal)));
    expect(o.onTarget).toBe(SIZE + 1 - o.belowTarget);
    expect(o.weeks.map((w) => w.points)).toEqual(
      [0, 1, 2, 3, 4, 5, 6, 7].map((i) => everyone.reduce((s, m) => s + m.pointsByWeek[i]!, 0)),
    );
    const late = o.needsAttention.overdue;
    expect(late.count).toBe(count((m) => m.assignments.overdue > 0));
    expect(late.members).toHaveLength(ATTENTION_LIST);
    for (const a of late.members) expect(a.overdue).toBe(1);
    const inactive = o.needsAttention.inactive;
    expect(inactive.count).toBe(count((m) => weekPoints(m) === 0));
    expect(inactive.members.map((a) => a.userId)).toEqual(
      everyone
        .filter((m) => weekPoints(m) === 0)
        .slice(0, ATTENTION_LIST)
        .map((m) => m.userId),
    );
    for (const a of inactive.members) expect(a.points).toBe(0);
  });

  it('lists the assignments with counts, and each one’s members a page at a time', async () => {
    const list = await ok<TeamAssignmentsPage>(
      call(owner.cookie, 'GET', `/api/teams/${slug}/assignments?tz=UTC`),
    );
    expect(list.total).toBe(1);
    const done = everyone.filter((m) => m.assignments.done === 1).length;
    expect(list.assignments[0]).toMatchObject({
      id: assignmentId,
      audience: SIZE + 1,
      done,
      overdue: SIZE + 1 - done,
    });
    const members = (query: string) =>
      ok<AssignmentMembersPage>(
        call(
          owner.cookie,
          'GET',
          `/api/teams/${slug}/assignments/${assignmentId}/members?${query}`,
        ),
      );
    const first = await members('');
    expect(first).toMatchObject({ total: SIZE + 1, page: 1, size: 50 });
    expect(first.members.map((m) => m.userId)).toEqual(everyone.slice(0, 50).map((m) => m.userId));
    expect((await members('status=done')).total).toBe(done);
    expect((await members('status=overdue')).total).toBe(SIZE + 1 - done);
    const started = everyone.filter(
      (m) => m.assignments.done === 0 && m.topics.scored > 0 && byId.has(m.userId),
    );
    const inProgress = await members('status=in-progress&size=100');
    expect(inProgress.total).toBe(started.length);
    for (const m of inProgress.members) expect(m.status).toBe('in-progress');
    const notStarted = await members('status=not-started&q=mia');
    for (const m of notStarted.members) {
      expect(m.status).toBe('not-started');
      expect(m.name.toLowerCase()).toContain('mia');
    }
    await refused(
      call(
        owner.cookie,
        'GET',
        `/api/teams/${slug}/assignments/${assignmentId}/members?status=late`,
      ),
      400,
      'invalid-argument',
    );
  });

  it('refuses bad parameters with a 400 in the envelope', async () => {
    for (const query of [
      'size=0',
      'size=101',
      'page=0',
      'page=two',
      'sort=streak',
      'overdue=yes',
      'below=true',
      `q=${'x'.repeat(101)}`,
    ]) {
      const error = await refused(
        call(owner.cookie, 'GET', `/api/teams/${slug}/progress?${query}`),
        400,
        'invalid-argument',
      );
      expect(error.message, query).toMatch(/^Invalid request: (size|page|sort|overdue|below|q):/);
    }
    await refused(call(owner.cookie, 'GET', `/api/teams/${slug}/assignments?size=0`), 400);
    await refused(
      call(owner.cookie, 'GET', `/api/teams/${slug}/progress/overview?tz=Mars/Olympus`),
      400,
    );
  });
});

describe(`a member's view of the paged report (${testDialect})`, () => {
  it('a member gets their own row whatever they ask; the overview and statuses are for admins', async () => {
    const team = await teamWith();
    const own = await ok<TeamProgressPage>(
      call(
        team.member.cookie,
        'GET',
        `/api/teams/${team.slug}/progress?sort=points&size=100&q=Olga&page=3`,
      ),
    );
    expect(own.members.map((m) => m.userId)).toEqual([team.member.id]);
    // Before any assignment nobody is overdue: the sort and the overview still answer.
    const byOverdue = await ok<TeamProgressPage>(
      call(team.admin.cookie, 'GET', `/api/teams/${team.slug}/progress?sort=overdue&overdue=0`),
    );
    expect(byOverdue.total).toBe(3);
    const glance = await ok<TeamOverview>(
      call(team.admin.cookie, 'GET', `/api/teams/${team.slug}/progress/overview`),
    );
    expect(glance).toMatchObject({ members: 3, activeThisWeek: 0, belowTarget: 3 });
    expect(glance.needsAttention.overdue).toEqual({ count: 0, members: [] });
    expect(own).toMatchObject({ total: 1, page: 1 });
    await refused(
      call(team.member.cookie, 'GET', `/api/teams/${team.slug}/progress/overview`),
      403,
    );
    await refused(call(null, 'GET', `/api/teams/${team.slug}/progress/overview`), 401);
    const { id } = await ok<{ id: string }>(
      call(team.admin.cookie, 'POST', `/api/teams/${team.slug}/assignments`, {
        kind: 'deep-dive',
        contentId: 'deep-dive',
      }),
      201,
    );
    await refused(
      call(team.member.cookie, 'GET', `/api/teams/${team.slug}/assignments/${id}/members`),
      403,
    );
    // Another team's assignment is not found in this one.
    const other = await teamWith();
    await refused(
      call(other.owner.cookie, 'GET', `/api/teams/${other.slug}/assignments/${id}/members`),
      404,
    );
    // A stranger reads nothing of the team.
    await refused(
      call(other.owner.cookie, 'GET', `/api/teams/${team.slug}/progress/overview`),
      404,
    );
  });
});
