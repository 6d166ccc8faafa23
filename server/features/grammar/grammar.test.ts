import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayBounds } from '../../../core/review/schedule';
import { loadCatalog } from '../../content/catalog';
import { startTestServer, testDialect, type TestServer } from '../../test/support';
import { createUser, jsonCall } from '../../test/users';
import { todayAndGoal } from '../dashboard/service';
import { answersAmong, statsRows } from './service';
import { deepDiveQuestionId } from '../../../core/grammar/results';

const contentDir = join(import.meta.dirname, '..', '..', '..', 'content');
const catalog = loadCatalog(contentDir);
const nouns = catalog.grammar.topics.get('nouns');
const deep1 = catalog.grammar.deepDive[0];
if (!nouns || !deep1) throw new Error('grammar content is missing');
// A question with three options, so choiceIndex 3 passes the schema but not the content.
const threeOptionId = [...catalog.grammar.topics.values()]
  .flatMap((t) => t.questions)
  .find((q) => q.options.length === 3)?.id;
if (!threeOptionId) throw new Error('expected a three-option question in the content');

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ contentDir, env: { TRUSTED_PROXIES: '127.0.0.1' } });
});
afterAll(() => t.close());

const post = (cookie: string | null, path: string, body: unknown) =>
  t.fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
const stats = async (cookie: string) =>
  (await t.fetch('/api/grammar/stats', { headers: { Cookie: cookie } })).json();
const topicAnswers = async (cookie: string, topic: string) =>
  (await t.fetch(`/api/grammar/stats/topics/${topic}`, { headers: { Cookie: cookie } })).json();
const wrongIndex = (q: { correctIndex: number; options: string[] }) =>
  (q.correctIndex + 1) % q.options.length;

describe(`grammar answers (${testDialect})`, () => {
  it('grades from content: a correct answer adds 10 to total and each tag; a wrong one adds nothing', async () => {
    const { cookie } = await createUser(t);
    const q = nouns.questions[0]!;
    const right = await (
      await post(cookie, '/api/grammar/answers', { questionId: q.id, choiceIndex: q.correctIndex })
    ).json();
    expect(right).toMatchObject({
      correct: true,
      correctIndex: q.correctIndex,
      pointsAdded: 10,
      firstAnswer: true,
    });
    const q2 = nouns.questions[1]!;
    const wrong = await (
      await post(cookie, '/api/grammar/answers', { questionId: q2.id, choiceIndex: wrongIndex(q2) })
    ).json();
    expect(wrong).toMatchObject({ correct: false, pointsAdded: 0 });
    const s = await stats(cookie);
    expect(s.pts.total).toBe(10);
    for (const tag of q.tags) expect(s.pts.byTag[tag]).toBe(10);
    // A topic's questions answered one by one are the topic's answers, asked for on their own.
    expect(s.questions).toEqual({});
    expect(await topicAnswers(cookie, 'nouns')).toEqual({
      topicId: 'nouns',
      questions: { [q.id]: true, [q2.id]: false },
      choices: { [q.id]: q.correctIndex, [q2.id]: wrongIndex(q2) },
    });
  });

  it('ignores any score or isCorrect the client sends (the request is refused)', async () => {
    const { cookie } = await createUser(t);
    const q = nouns.questions[2]!;
    const res = await post(cookie, '/api/grammar/answers', {
      questionId: q.id,
      choiceIndex: wrongIndex(q),
      isCorrect: true,
      score: 1000,
    });
    expect(res.status).toBe(400);
    expect((await stats(cookie)).pts.total).toBe(0);
  });

  it('counts the first answer only: a later right answer adds nothing', async () => {
    const { cookie } = await createUser(t);
    const q = deep1;
    await post(cookie, '/api/grammar/answers', {
      questionId: 'deep-dive-1',
      choiceIndex: wrongIndex(q),
    });
    const again = await (
      await post(cookie, '/api/grammar/answers', {
        questionId: 'deep-dive-1',
        choiceIndex: q.correctIndex,
      })
    ).json();
    expect(again).toMatchObject({
      correct: false,
      firstAnswer: false,
      pointsAdded: 0,
      choiceIndex: wrongIndex(q),
    });
    expect((await stats(cookie)).pts.total).toBe(0);
  });

  it('100 parallel answers by one user add points exactly once per question', async () => {
    const { cookie } = await createUser(t);
    const qs = nouns.questions.slice(0, 4);
    const requests = Array.from({ length: 100 }, (_, i) => {
      const q = qs[i % qs.length]!;
      return post(cookie, '/api/grammar/answers', {
        questionId: q.id,
        choiceIndex: q.correctIndex,
      });
    });
    const results = await Promise.all(requests);
    expect(results.every((r) => r.status === 200)).toBe(true);
    const bodies = await Promise.all(results.map((r) => r.json()));
    expect(bodies.filter((b) => b.pointsAdded === 10)).toHaveLength(4);
    expect((await stats(cookie)).pts.total).toBe(40);
  });

  it('refuses guests with 401 and stores nothing', async () => {
    const res = await post(null, '/api/grammar/answers', {
      questionId: nouns.questions[0]!.id,
      choiceIndex: 0,
    });
    expect(res.status).toBe(401);
    expect((await t.fetch('/api/grammar/stats')).status).toBe(401);
  });

  it.each([
    ['an unknown question id', { questionId: 'nouns-999', choiceIndex: 0 }, 404],
    ['a choice beyond the question’s options', { questionId: threeOptionId, choiceIndex: 3 }, 400],
    ['a negative choice', { questionId: 'deep-dive-1', choiceIndex: -1 }, 400],
    ['a fractional choice', { questionId: 'deep-dive-1', choiceIndex: 1.5 }, 400],
    ['a missing question id', { choiceIndex: 0 }, 400],
  ])('answers %s with %s… (4xx) and changes nothing', async (_label, body, status) => {
    const { cookie } = await createUser(t);
    const res = await post(cookie, '/api/grammar/answers', body);
    expect(res.status).toBe(status);
    expect((await stats(cookie)).questions).toEqual({});
  });
});

describe(`quiz attempts (${testDialect})`, () => {
  const allRight = () => nouns.questions.map((q) => q.correctIndex);

  it('stores the topic score and adds 10 points per correct answer to total and tags', async () => {
    const { cookie } = await createUser(t);
    const answers = allRight();
    answers[0] = wrongIndex(nouns.questions[0]!);
    answers[1] = wrongIndex(nouns.questions[1]!);
    const res = await post(cookie, '/api/grammar/attempts', {
      attemptId: crypto.randomUUID(),
      topicId: 'nouns',
      answers,
    });
    expect(res.status).toBe(200);
    const n = nouns.questions.length;
    const body = await res.json();
    expect(body).toMatchObject({
      topicId: 'nouns',
      correct: n - 2,
      total: n,
      score: Math.round(((n - 2) / n) * 100),
      pointsAdded: (n - 2) * 10,
      replayed: false,
    });
    const s = await stats(cookie);
    expect(s.topics).toEqual({ nouns: body.score });
    expect(s.pts.total).toBe((n - 2) * 10);
    expect(s.pts.byTag.nouns).toBe((n - 2) * 10);
  });

  it('is idempotent on attemptId: a replay returns the stored result and adds nothing', async () => {
    const { cookie } = await createUser(t);
    const attempt = { attemptId: crypto.randomUUID(), topicId: 'nouns', answers: allRight() };
    const results = await Promise.all(
      Array.from({ length: 10 }, () => post(cookie, '/api/grammar/attempts', attempt)),
    );
    const bodies = await Promise.all(results.map((r) => r.json()));
    expect(bodies.filter((b) => b.replayed === false)).toHaveLength(1);
    expect((await stats(cookie)).pts.total).toBe(nouns.questions.length * 10);
  });

  it('refuses another user’s attempt id with 409 and leaves both unchanged', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const attempt = { attemptId: crypto.randomUUID(), topicId: 'nouns', answers: allRight() };
    expect((await post(a.cookie, '/api/grammar/attempts', attempt)).status).toBe(200);
    const res = await post(b.cookie, '/api/grammar/attempts', attempt);
    expect(res.status).toBe(409);
    expect((await stats(b.cookie)).pts.total).toBe(0);
  });

  it.each([
    ['guests', null, { topicId: 'nouns' }, 401],
    ['an unknown topic', 'user', { topicId: 'not-a-topic' }, 404],
    ['too few answers', 'user', { answers: [0, 1] }, 400],
    ['a bad attempt id', 'user', { attemptId: 'not-a-uuid' }, 400],
    ['a question of another topic', 'user', { questionIds: ['pronouns-01'], answers: [0] }, 400],
    [
      'a repeated question',
      'user',
      { questionIds: ['nouns-01', 'nouns-01'], answers: [0, 0] },
      400,
    ],
    [
      'answers that do not match the questions',
      'user',
      { questionIds: ['nouns-01'], answers: [0, 1] },
      400,
    ],
  ] as const)('refuses %s (%s)', async (_label, who, override, status) => {
    const cookie = who ? (await createUser(t)).cookie : null;
    const res = await post(cookie, '/api/grammar/attempts', {
      attemptId: crypto.randomUUID(),
      topicId: 'nouns',
      answers: allRight(),
      ...override,
    });
    expect(res.status).toBe(status);
    if (cookie) expect((await stats(cookie)).topics).toEqual({});
  });
});

describe(`quiz runs of a rotating set (${testDialect})`, () => {
  it('grades only the questions the run asked, in its order, and records them', async () => {
    const { cookie, id } = await createUser(t);
    const asked = [nouns.questions[4]!, nouns.questions[1]!, nouns.questions[7]!];
    const res = await post(cookie, '/api/grammar/attempts', {
      attemptId: crypto.randomUUID(),
      topicId: 'nouns',
      questionIds: asked.map((q) => q.id),
      answers: [asked[0]!.correctIndex, wrongIndex(asked[1]!), asked[2]!.correctIndex],
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ correct: 2, total: 3, score: 67, pointsAdded: 20 });
    expect((await stats(cookie)).topics).toEqual({ nouns: 67 });
    const row = await t.db.db
      .selectFrom('quiz_attempt')
      .select('question_ids')
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.question_ids ?? 'null')).toEqual(asked.map((q) => q.id));
  });
});

describe(`the daily goal in the answer (${testDialect})`, () => {
  const call = jsonCall(() => t);
  const answer = (cookie: string, n: number, right = true, tz = 'UTC') => {
    const q = catalog.grammar.deepDive[n - 1]!;
    return call(cookie, 'POST', `/api/grammar/answers?tz=${encodeURIComponent(tz)}`, {
      questionId: `deep-dive-${n}`,
      choiceIndex: right ? q.correctIndex : wrongIndex(q),
    });
  };
  const setGoal = async (cookie: string, value: number) =>
    expect(
      (await call(cookie, 'PATCH', '/api/profile', { field: 'dailyGoal', value })).status,
    ).toBe(200);
  /** Ledger rows as the app writes them (total and one tag), at an instant. */
  const pointsAt = (userId: string, source: string, points: number, at: Date) =>
    t.db.db
      .insertInto('points_event')
      .values(
        ['total', 'grammar'].map((tag) => ({
          user_id: userId,
          source,
          tag,
          points,
          created_at: at.toISOString(),
        })),
      )
      .execute();
  const DAY = 24 * 3600 * 1000;

  it('a first correct answer reports today’s points against the default goal, not met, no streak', async () => {
    const { cookie } = await createUser(t);
    const res = await answer(cookie, 1);
    expect(res.status).toBe(200);
    expect((await res.json()).goal).toEqual({
      goal: 150,
      todayPoints: 10,
      met: false,
      streak: null,
    });
  });

  it('the answer that reaches the goal says so with the streak; the next one does not', async () => {
    const { cookie, id } = await createUser(t);
    await setGoal(cookie, 50);
    // Two earlier days met the goal: today makes a streak of three.
    const now = Date.now();
    await pointsAt(id, 'test:day-2', 50, new Date(now - 2 * DAY));
    await pointsAt(id, 'test:day-1', 50, new Date(now - DAY));
    const goals = [];
    for (let n = 1; n <= 6; n++) goals.push((await (await answer(cookie, n)).json()).goal);
    expect(goals.slice(0, 4).map((g) => [g.todayPoints, g.met, g.streak])).toEqual([
      [10, false, null],
      [20, false, null],
      [30, false, null],
      [40, false, null],
    ]);
    expect(goals[4]).toEqual({ goal: 50, todayPoints: 50, met: true, streak: 3 });
    expect(goals[5]).toEqual({ goal: 50, todayPoints: 60, met: false, streak: null });
  });

  it('a wrong answer or a repeat adds nothing and reports no goal', async () => {
    const { cookie } = await createUser(t);
    expect((await (await answer(cookie, 1, false)).json()).goal).toBeNull();
    await answer(cookie, 2);
    const again = await (await answer(cookie, 2)).json();
    expect(again).toMatchObject({ firstAnswer: false, pointsAdded: 0, goal: null });
  });

  it('counts today from midnight in the learner’s zone', async () => {
    const { cookie, id } = await createUser(t);
    const tz = 'Asia/Kolkata';
    const { start } = dayBounds(new Date(), tz);
    await pointsAt(id, 'test:before', 30, new Date(start.getTime() - 1000));
    await pointsAt(id, 'test:after', 20, new Date(start.getTime() + 1000));
    const goal = (await (await answer(cookie, 1, true, tz)).json()).goal;
    expect(goal).toMatchObject({ todayPoints: 30, met: false });
  });

  it.each(['Mars/Olympus', 'x'.repeat(65)])(
    'refuses the time zone %s with 400 and stores nothing',
    async (tz) => {
      const { cookie } = await createUser(t);
      const res = await answer(cookie, 1, true, tz);
      expect(res.status).toBe(400);
      expect((await res.json()).error.details).toEqual({ path: ['tz'] });
      expect((await stats(cookie)).questions).toEqual({});
    },
  );

  it('a quiz reports the goal too: met when it crosses it, none on a replay', async () => {
    const { cookie } = await createUser(t);
    await setGoal(cookie, 50);
    const attempt = {
      attemptId: crypto.randomUUID(),
      topicId: 'nouns',
      answers: nouns.questions.map((q) => q.correctIndex),
    };
    const path = '/api/grammar/attempts?tz=Europe/Berlin';
    const first = await (await call(cookie, 'POST', path, attempt)).json();
    expect(first.goal).toEqual({
      goal: 50,
      todayPoints: nouns.questions.length * 10,
      met: true,
      streak: 1,
    });
    expect((await (await call(cookie, 'POST', path, attempt)).json()).goal).toBeNull();
    const bad = await call(cookie, 'POST', '/api/grammar/attempts?tz=Nowhere', {
      ...attempt,
      attemptId: crypto.randomUUID(),
    });
    expect(bad.status).toBe(400);
  });
});

describe(`grammar stats that do not grow with history (${testDialect})`, () => {
  const topics = [...catalog.grammar.topics.values()];
  const content = [
    ...topics.flatMap((topic) => topic.questions),
    ...catalog.grammar.deepDive.map((q) => ({ ...q, id: deepDiveQuestionId(q.id) })),
  ];
  const inContent = new Set(content.map((q) => q.id));
  /** First answers as the app stores them, in batches: every third one wrong. */
  const storeAnswers = async (userId: string, ids: readonly string[]) => {
    const rows = ids.map((id, i) => ({
      user_id: userId,
      question_id: id,
      choice: i % 3 === 0 ? 1 : 0,
      correct: i % 3 === 0 ? 0 : 1,
      answered_at: new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString(),
    }));
    for (let i = 0; i < rows.length; i += 500)
      await t.db.db
        .insertInto('grammar_answer')
        .values(rows.slice(i, i + 500))
        .execute();
    return rows;
  };
  const retired = Array.from({ length: 4000 }, (_, i) => `retired-topic-${i}`);
  const getStats = (cookie: string) =>
    t.fetch('/api/grammar/stats', { headers: { Cookie: cookie } });

  it('leaves out questions no longer in the content', async () => {
    const { cookie, id } = await createUser(t);
    await storeAnswers(id, ['deep-dive-2', 'deep-dive-31', 'nouns-999', 'retired-01', 'nouns-01']);
    const s = await stats(cookie);
    expect(s.questions).toEqual({ 'deep-dive-2': false });
    expect(s.choices).toEqual({ 'deep-dive-2': 1 });
    expect(await topicAnswers(cookie, 'nouns')).toEqual({
      topicId: 'nouns',
      questions: { 'nouns-01': true },
      choices: { 'nouns-01': 0 },
    });
  });

  it('stays under 20 KB with every content question answered and 4,000 old ones, and says what the old shape said', async () => {
    const { cookie, id } = await createUser(t);
    const rows = await storeAnswers(id, [
      ...retired.slice(0, 2000),
      ...content.map((q) => q.id),
      ...retired.slice(2000),
    ]);
    const res = await getStats(cookie);
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(20_000);
    // The old shape: every answered question with whether it was right and its choice.
    const old = { questions: {} as Record<string, boolean>, choices: {} as Record<string, number> };
    for (const r of rows)
      if (inContent.has(r.question_id)) {
        old.questions[r.question_id] = r.correct === 1;
        old.choices[r.question_id] = r.choice;
      }
    const now = { questions: {} as Record<string, boolean>, choices: {} as Record<string, number> };
    const s = JSON.parse(body) as typeof now;
    Object.assign(now.questions, s.questions);
    Object.assign(now.choices, s.choices);
    expect(Object.keys(s.questions)).toHaveLength(catalog.grammar.deepDive.length);
    for (const topic of topics) {
      const res = await t.fetch(`/api/grammar/stats/topics/${topic.topic}`, {
        headers: { Cookie: cookie },
      });
      const text = await res.text();
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(20_000);
      const answers = JSON.parse(text) as typeof now;
      expect(Object.keys(answers.questions)).toEqual(topic.questions.map((q) => q.id));
      Object.assign(now.questions, answers.questions);
      Object.assign(now.choices, answers.choices);
    }
    expect(now).toEqual(old);
  });

  it('a topic’s answers are the session user’s own; an unknown topic is 404 and a guest 401', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    await storeAnswers(a.id, ['nouns-01', 'nouns-02']);
    expect(Object.keys((await topicAnswers(a.cookie, 'nouns')).questions)).toHaveLength(2);
    expect(await topicAnswers(b.cookie, 'nouns')).toEqual({
      topicId: 'nouns',
      questions: {},
      choices: {},
    });
    const unknown = await t.fetch('/api/grammar/stats/topics/not-a-topic', {
      headers: { Cookie: a.cookie },
    });
    expect(unknown.status).toBe(404);
    expect((await t.fetch('/api/grammar/stats/topics/nouns')).status).toBe(401);
  });

  it('reads answers by primary key, not by scanning the learner’s history', async () => {
    const { id } = await createUser(t);
    await storeAnswers(id, [...content.map((q) => q.id), ...retired]);
    if (testDialect === 'postgres') await sql`analyze grammar_answer`.execute(t.db.db);
    // The stats (the deep dive's answers) and a topic's answers one by one.
    for (const query of [
      statsRows(t.db.db, { userId: id }),
      answersAmong(
        t.db.db,
        id,
        nouns.questions.map((q) => q.id),
      ),
    ]) {
      if (testDialect === 'sqlite') {
        const plan = await t.db.db.executeQuery<{ detail: string }>({
          ...query,
          sql: `explain query plan ${query.sql}`,
        });
        const details = plan.rows.map((r) => r.detail).join('\n');
        expect(details).toMatch(
          /SEARCH grammar_answer USING INDEX \S+ \(user_id=\? AND question_id=\?\)/,
        );
      } else {
        const plan = await t.db.db.executeQuery<{ 'QUERY PLAN': string }>({
          ...query,
          sql: `explain ${query.sql}`,
        });
        const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
        expect(text).toMatch(/Index Cond: \(\(user_id = [^)]+\) AND \(question_id = ANY/);
        expect(text).not.toContain('Seq Scan on grammar_answer');
      }
    }
  });
});

describe('grammar stats query', () => {
  // The plan is SQLite's; PostgreSQL picks its own by table statistics.
  it.runIf(testDialect === 'sqlite')(
    'reads points by tag from tag_points’ primary key, with no sum or sort',
    async () => {
      const query = statsRows(t.db.db, { userId: 'someone' });
      const plan = await t.db.db.executeQuery<{ detail: string }>({
        ...query,
        sql: `explain query plan ${query.sql}`,
      });
      const details = plan.rows.map((r) => r.detail).join('\n');
      expect(details).toContain('SEARCH tag_points USING PRIMARY KEY (user_id=?)');
      expect(details).not.toMatch(/points_event|TEMP B-TREE/);
    },
  );

  it.runIf(testDialect === 'sqlite')(
    'sums today’s points as a range of activity_bucket’s primary key',
    async () => {
      const query = todayAndGoal(t.db.db, { userId: 'someone', since: '2026-03-05T180' });
      const plan = await t.db.db.executeQuery<{ detail: string }>({
        ...query,
        sql: `explain query plan ${query.sql}`,
      });
      const details = plan.rows.map((r) => r.detail).join('\n');
      expect(details).toContain(
        'SEARCH activity_bucket USING PRIMARY KEY (user_id=? AND bucket>?)',
      );
      expect(details).not.toMatch(/points_event/);
    },
  );
});

describe('grammar content for the client', () => {
  it('serves topics, a topic with its lesson and questions, the deep dive and feedback', async () => {
    const index = await (await t.fetch('/api/content/grammar')).json();
    expect(Object.keys(index.topics)).toHaveLength(25);
    expect(index.deepDive).toBe(30);
    const topic = await (await t.fetch('/api/content/grammar/topics/nouns')).json();
    expect(topic.lesson.rules.length).toBeGreaterThan(1);
    expect(topic.questions.length).toBeGreaterThanOrEqual(20);
    // The writing checker's patterns stay on the server.
    expect(topic).not.toHaveProperty('checks');
    const summary = await (await t.fetch('/api/content/summary')).json();
    expect(summary.grammarQuestions).toBeGreaterThanOrEqual(500);
    expect((await t.fetch('/api/content/grammar/topics/nope')).status).toBe(404);
    expect((await (await t.fetch('/api/content/grammar/deep-dive')).json()).questions).toHaveLength(
      30,
    );
    const feedback = await (await t.fetch('/api/content/grammar/feedback')).json();
    expect(feedback.praise).toHaveLength(37);
    expect(feedback.failure).toHaveLength(27);
  });
});
