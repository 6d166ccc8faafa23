import { randomUUID } from 'node:crypto';
import { join as joinPath } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ASSIGNMENTS_PAGE_SIZE,
  MAX_TEAM_ASSIGNMENTS,
  type AssignableContent,
  type AssignmentMembersPage,
  type MyAssignment,
  type TeamAssignmentsPage,
} from '../../../core/teams/assignments';
import { ADMINS_SEE, type TeamProgress } from '../../../core/teams/teams';
import { loadCatalog } from '../../content/catalog';
import { startTestServer, testDialect, type TestServer } from '../../test/support';
import { createUser, jsonCall } from '../../test/users';
import { teamFixtures } from './team-fixtures';

let t: TestServer;
beforeAll(async () => {
  // The real content: assignments name its topics, sets and skills.
  t = await startTestServer({
    contentDir: joinPath(import.meta.dirname, '..', '..', '..', 'content'),
    env: { TRUSTED_PROXIES: '127.0.0.1' },
  });
});
afterAll(() => t.close());
const call = jsonCall(() => t);
const { ok, refused, teamWith } = teamFixtures(() => t);

type User = Awaited<ReturnType<typeof createUser>>;
let loaded: ReturnType<typeof loadCatalog> | undefined;
const catalog = () => (loaded ??= loadCatalog(t.config.contentDir));
const firstTopic = () => [...catalog().grammar.topics.values()][0]!;
const firstSet = () => catalog().vocabulary.sets[0]!;

/** Takes the topic's quiz through the API, right on `right` of its questions. */
async function takeQuiz(u: User, right: number) {
  const topic = firstTopic();
  const questions = topic.questions.slice(0, 10);
  await ok(
    call(u.cookie, 'POST', '/api/grammar/attempts', {
      attemptId: randomUUID(),
      topicId: topic.topic,
      questionIds: questions.map((q) => q.id),
      answers: questions.map((q, i) =>
        i < right ? q.correctIndex : (q.correctIndex + 1) % q.options.length,
      ),
    }),
  );
}

const teamList = (u: User, slug: string, query = '') =>
  ok<TeamAssignmentsPage>(call(u.cookie, 'GET', `/api/teams/${slug}/assignments?${query}`));
const statuses = (u: User, slug: string, id: string, query = '') =>
  ok<AssignmentMembersPage>(
    call(u.cookie, 'GET', `/api/teams/${slug}/assignments/${id}/members?${query}`),
  );
const mine = (u: User) => ok<MyAssignment[]>(call(u.cookie, 'GET', '/api/teams/assignments'));

describe(`team assignments (${testDialect})`, () => {
  it('an admin assigns a topic to the team; its status follows the member’s quizzes', async () => {
    const { slug, admin, member, owner } = await teamWith();
    const { assignable } = await teamList(admin, slug);
    // Every kind can be assigned, each with a title.
    expect(new Set(assignable.map((a) => a.kind))).toEqual(
      new Set([
        'topic',
        'deep-dive',
        'word-set',
        'prompt',
        'insight',
        'interview-list',
        'activity',
      ]),
    );
    const topic = firstTopic();
    const { id } = await ok<{ id: string }>(
      call(admin.cookie, 'POST', `/api/teams/${slug}/assignments`, {
        kind: 'topic',
        contentId: topic.topic,
        dueOn: '2099-01-31',
        note: 'Before the client workshop',
      }),
      201,
    );
    let [a] = (await teamList(owner, slug)).assignments;
    expect(a).toMatchObject({ id, kind: 'topic', title: topic.title, dueOn: '2099-01-31' });
    expect(a!.createdBy).toBe('Adam Admin');
    // The whole team: all three, none started.
    expect(a).toMatchObject({ audience: 3, done: 0, overdue: 0 });
    expect((await statuses(owner, slug, id)).members.map((m) => m.status)).toEqual([
      'not-started',
      'not-started',
      'not-started',
    ]);

    // The member sees it; a weak quiz is "in progress", a strong one "done".
    expect(await mine(member)).toEqual([
      expect.objectContaining({
        id,
        status: 'not-started',
        teamSlug: slug,
        href: `/grammar/${topic.topic}`,
      }),
    ]);
    await takeQuiz(member, 3);
    expect((await mine(member))[0]).toMatchObject({ status: 'in-progress', done: 0, of: 1 });
    await takeQuiz(member, 9);
    expect((await mine(member))[0]).toMatchObject({ status: 'done', done: 1, of: 1 });
    [a] = (await teamList(admin, slug)).assignments;
    expect(a).toMatchObject({ audience: 3, done: 1 });
    const page = await statuses(admin, slug, id);
    expect(page.members.find((m) => m.userId === member.id)?.status).toBe('done');

    // Removing it removes it for everyone; a second delete is 404.
    await ok(call(admin.cookie, 'DELETE', `/api/teams/${slug}/assignments/${id}`));
    expect(await mine(member)).toEqual([]);
    await refused(call(admin.cookie, 'DELETE', `/api/teams/${slug}/assignments/${id}`), 404);
  });

  it('assigns a word set to chosen members only; parts count word by word', async () => {
    const { slug, admin, member, owner } = await teamWith();
    const set = firstSet();
    await ok(
      call(admin.cookie, 'POST', `/api/teams/${slug}/assignments`, {
        kind: 'word-set',
        contentId: set.id,
        members: [member.id],
      }),
      201,
    );
    expect(await mine(owner)).toEqual([]);
    const [a] = await mine(member);
    expect(a).toMatchObject({ kind: 'word-set', everyone: false, status: 'not-started', done: 0 });
    expect(a!.of).toBe(set.words.length);
    await ok(call(member.cookie, 'POST', `/api/items/word/${set.words[0]!.id}/complete`));
    expect((await mine(member))[0]).toMatchObject({ status: 'in-progress', done: 1 });
    for (const w of set.words.slice(1))
      await ok(call(member.cookie, 'POST', `/api/items/word/${w.id}/complete`));
    expect((await mine(member))[0]).toMatchObject({ status: 'done', done: set.words.length });

    // Leaving the team ends its view of you: the pick goes, and so does the assignment.
    await ok(call(member.cookie, 'POST', `/api/teams/${slug}/leave`));
    expect(await mine(member)).toEqual([]);
    const [left] = (await teamList(admin, slug)).assignments;
    expect(left).toMatchObject({ audience: 0, done: 0 });
    expect((await statuses(admin, slug, left!.id)).members).toEqual([]);
    const picks = await t.db.db
      .selectFrom('team_assignment_member')
      .select('user_id')
      .where('user_id', '=', member.id)
      .execute();
    expect(picks).toEqual([]);
  });

  it('refuses bad assignments with 400 and changes nothing', async () => {
    const { slug, admin } = await teamWith();
    const outsider = await createUser(t);
    const bad: unknown[] = [
      { kind: 'topic', contentId: 'no-such-topic' },
      { kind: 'deep-dive', contentId: 'something-else' },
      { kind: 'recipe', contentId: 'x' },
      { kind: 'topic', contentId: firstTopic().topic, dueOn: '2026-02-30' },
      { kind: 'topic', contentId: firstTopic().topic, dueOn: 'tomorrow' },
      { kind: 'topic', contentId: firstTopic().topic, note: 'x'.repeat(281) },
      { kind: 'topic', contentId: firstTopic().topic, members: [outsider.id] },
      { kind: 'topic', contentId: firstTopic().topic, extra: true },
    ];
    for (const body of bad)
      await refused(call(admin.cookie, 'POST', `/api/teams/${slug}/assignments`, body), 400);
    expect((await teamList(admin, slug)).assignments).toEqual([]);
  });

  it('holds a team to 100 assignments, also when creates arrive at the same moment', async () => {
    const { slug, owner } = await teamWith();
    const body = { kind: 'deep-dive', contentId: 'deep-dive' };
    const create = () => call(owner.cookie, 'POST', `/api/teams/${slug}/assignments`, body);
    for (let i = 0; i < MAX_TEAM_ASSIGNMENTS - 4; i++) await ok(create(), 201);
    const statuses = await Promise.all(
      Array.from({ length: 12 }, async () => (await create()).status),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(4);
    expect(statuses.filter((s) => s === 412)).toHaveLength(8);
    // Listed 10 a page; the total counts them all.
    const list = await teamList(owner, slug);
    expect(list.total).toBe(MAX_TEAM_ASSIGNMENTS);
    expect(list.assignments).toHaveLength(ASSIGNMENTS_PAGE_SIZE);
    const last = await teamList(
      owner,
      slug,
      `page=${MAX_TEAM_ASSIGNMENTS / ASSIGNMENTS_PAGE_SIZE}`,
    );
    expect(last.assignments).toHaveLength(ASSIGNMENTS_PAGE_SIZE);
    expect((await teamList(owner, slug, 'size=100')).assignments).toHaveLength(100);
    const error = await refused(create(), 412, 'failed-precondition');
    expect(error.message).toBe(
      `A team can have ${MAX_TEAM_ASSIGNMENTS} assignments; remove finished ones first.`,
    );
  });

  it('only owners and admins assign; members, other teams and guests cannot', async () => {
    const { slug, member } = await teamWith();
    const other = await teamWith();
    const body = { kind: 'deep-dive', contentId: 'deep-dive' };
    await refused(call(member.cookie, 'POST', `/api/teams/${slug}/assignments`, body), 403);
    await refused(call(member.cookie, 'GET', `/api/teams/${slug}/assignments`), 403);
    await refused(call(other.owner.cookie, 'POST', `/api/teams/${slug}/assignments`, body), 404);
    await refused(call(other.owner.cookie, 'GET', `/api/teams/${slug}/progress`), 404);
    await refused(call(null, 'POST', `/api/teams/${slug}/assignments`, body), 401);
    await refused(call(null, 'GET', '/api/teams/assignments'), 401);
    // Another team's assignment cannot be deleted through this team's address.
    const { id } = await ok<{ id: string }>(
      call(other.owner.cookie, 'POST', `/api/teams/${other.slug}/assignments`, body),
      201,
    );
    await refused(call(other.owner.cookie, 'DELETE', `/api/teams/${slug}/assignments/${id}`), 404);
  });

  it('owners and admins change a due date or note; what and for whom stay; bad edits change nothing', async () => {
    const { slug, owner, admin, member } = await teamWith();
    const { id } = await ok<{ id: string }>(
      call(admin.cookie, 'POST', `/api/teams/${slug}/assignments`, {
        kind: 'word-set',
        contentId: firstSet().id,
        dueOn: '2099-01-31',
        note: 'For the renewal calls',
        members: [member.id],
      }),
      201,
    );
    const edit = (by: User, body: unknown, at = slug) =>
      call(by.cookie, 'PATCH', `/api/teams/${at}/assignments/${id}`, body);
    const seen = async () => (await mine(member)).find((a) => a.id === id)!;

    await ok(edit(owner, { dueOn: '2099-02-14' }));
    expect(await seen()).toMatchObject({ dueOn: '2099-02-14', note: 'For the renewal calls' });
    await ok(edit(admin, { note: '  Before the pricing review  ' }));
    expect(await seen()).toMatchObject({ dueOn: '2099-02-14', note: 'Before the pricing review' });
    // null takes the due date away, an empty note the note.
    await ok(edit(admin, { dueOn: null, note: '' }));
    const now = await seen();
    expect(now).toMatchObject({ dueOn: null, note: null, kind: 'word-set', everyone: false });

    for (const body of [
      {},
      { dueOn: '2099-02-30' },
      { note: 'x'.repeat(281) },
      { kind: 'topic' },
      { members: [owner.id] },
      { dueOn: '2099-03-01', contentId: 'other' },
    ])
      await refused(edit(admin, body), 400);
    await refused(edit(member, { note: 'Mine now' }), 403);
    const other = await teamWith();
    await refused(edit(other.owner, { note: 'Ours now' }), 404);
    await refused(edit(other.owner, { note: 'Ours now' }, other.slug), 404);
    await refused(call(null, 'PATCH', `/api/teams/${slug}/assignments/${id}`, { note: 'Hi' }), 401);
    expect(await seen()).toEqual(now);
  });

  it('progress: admins see every member’s figures; a member sees only their own', async () => {
    const { slug, admin, member, owner } = await teamWith();
    const topic = firstTopic();
    await ok(
      call(admin.cookie, 'POST', `/api/teams/${slug}/assignments`, {
        kind: 'topic',
        contentId: topic.topic,
        dueOn: '2020-01-01',
      }),
      201,
    );
    await takeQuiz(member, 8);
    await ok(
      call(member.cookie, 'PUT', `/api/skills/${catalog().skills!.skills[0]!.id}`, { score: 4 }),
    );

    const report = await ok<TeamProgress>(
      call(owner.cookie, 'GET', `/api/teams/${slug}/progress?tz=Europe/Berlin`),
    );
    expect(report.timeZone).toBe('Europe/Berlin');
    expect(report.weeks).toHaveLength(8);
    expect(report.members.map((m) => m.name).sort()).toEqual([
      'Adam Admin',
      'Mia Member',
      'Olga Owner',
    ]);
    const mia = report.members.find((m) => m.userId === member.id)!;
    expect(mia.pointsByWeek).toHaveLength(8);
    expect(mia.pointsByWeek.at(-1)).toBe(80);
    expect(mia.topics).toEqual({ scored: 1, strong: 1, average: 80 });
    expect(mia.assignments).toEqual({ assigned: 1, done: 1, overdue: 0 });
    expect(mia.skills).toMatchObject({ rated: 1 });
    const olga = report.members.find((m) => m.userId === owner.id)!;
    // Due 2020-01-01 and not done: overdue.
    expect(olga.assignments).toEqual({ assigned: 1, done: 0, overdue: 1 });
    expect(olga.topics).toEqual({ scored: 0, strong: 0, average: null });
    // Only the named figures: no answers, entries, recordings or doodles.
    expect(Object.keys(mia).sort()).toEqual([
      'assignments',
      'email',
      'goal',
      'name',
      'pointsByWeek',
      'role',
      'skills',
      'topics',
      'userId',
    ]);
    expect(ADMINS_SEE).toContain('points per week');

    const own = await ok<TeamProgress>(call(member.cookie, 'GET', `/api/teams/${slug}/progress`));
    expect(own.members).toEqual([expect.objectContaining({ userId: member.id })]);
    await refused(call(member.cookie, 'GET', `/api/teams/${slug}/progress.csv`), 403);
    await refused(call(owner.cookie, 'GET', `/api/teams/${slug}/progress?tz=Mars/Olympus`), 400);
  });

  it('refuses to assign a premium item while premium is locked (403), and does not offer one', async () => {
    const locked = await startTestServer({
      contentDir: t.config.contentDir,
      env: { TRUSTED_PROXIES: '127.0.0.1', PREMIUM_WITHOUT_PAYMENTS: 'locked' },
    });
    try {
      const fixtures = teamFixtures(() => locked);
      const { slug, admin } = await fixtures.teamWith();
      const as = jsonCall(() => locked);
      const premium = catalog().prompts.find((p) => catalog().premiumIds.prompt.has(p.id))!;
      const free = catalog().prompts.find((p) => !catalog().premiumIds.prompt.has(p.id))!;
      const { assignable } = await fixtures.ok<{ assignable: AssignableContent[] }>(
        as(admin.cookie, 'GET', `/api/teams/${slug}/assignments`),
      );
      expect(assignable.map((a) => a.id)).not.toContain(premium.id);
      const error = await fixtures.refused(
        as(admin.cookie, 'POST', `/api/teams/${slug}/assignments`, {
          kind: 'prompt',
          contentId: premium.id,
        }),
        403,
        'permission-denied',
      );
      expect(error.message).toMatch(/premium/i);
      await fixtures.ok(
        as(admin.cookie, 'POST', `/api/teams/${slug}/assignments`, {
          kind: 'prompt',
          contentId: free.id,
        }),
        201,
      );
    } finally {
      await locked.close();
    }
  });

  it('the data export lists the assignments set for the user', async () => {
    const { slug, admin, member } = await teamWith();
    await ok(
      call(admin.cookie, 'POST', `/api/teams/${slug}/assignments`, {
        kind: 'deep-dive',
        contentId: 'deep-dive',
        dueOn: '2099-12-31',
      }),
      201,
    );
    const data = await ok<{ teamAssignments: unknown[] }>(
      call(member.cookie, 'GET', '/api/me/export'),
    );
    expect(data.teamAssignments).toEqual([
      expect.objectContaining({
        slug,
        kind: 'deep-dive',
        content: 'deep-dive',
        dueOn: '2099-12-31',
      }),
    ]);
  });
});
