import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DASHBOARD_DAYS,
  daysEnding,
  zoneDayKey,
  type Dashboard,
} from '../../../core/progress/dashboard';
import { addDays } from '../../../core/dates';
import { DEFAULT_DAILY_GOAL } from '../../../core/progress/goal';
import { deepDiveQuestionId } from '../../../core/grammar/results';
import { GRAMMAR_TOPIC_PATHS } from '../../../core/grammar/topics';
import { ITEM_KINDS } from '../../../core/items/items';
import { loadCatalog } from '../../content/catalog';
import { startTestServer, testDialect, type TestServer } from '../../test/support';
import { createUser, jsonCall } from '../../test/users';

const contentDir = join(import.meta.dirname, '..', '..', '..', 'content');
const catalog = loadCatalog(contentDir);
const conditionals = catalog.grammar.topics.get('conditionals');
const nouns = catalog.grammar.topics.get('nouns');
const [deep1, deep2] = catalog.grammar.deepDive;
const word = [...catalog.vocabulary.words.values()][0];
if (!conditionals || !nouns || !deep1 || !deep2 || !word) throw new Error('content is missing');

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ contentDir, env: { TRUSTED_PROXIES: '127.0.0.1' } });
});
afterAll(() => t.close());

const call = jsonCall(() => t);
async function board(cookie: string, tz?: string): Promise<Dashboard> {
  const res = await call(
    cookie,
    'GET',
    `/api/dashboard${tz ? `?tz=${encodeURIComponent(tz)}` : ''}`,
  );
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return (await res.json()) as Dashboard;
}
const wrong = (q: { correctIndex: number; options: string[] }) =>
  (q.correctIndex + 1) % q.options.length;
const pause = () => new Promise((r) => setTimeout(r, 5));

/** Everything the dashboard should say, computed row by row from the tables (no SQL aggregates). */
async function expected(userId: string, tz: string) {
  const db = t.db.db;
  const [points, answers, attempts, visits, scores, items] = await Promise.all([
    db.selectFrom('points_event').selectAll().where('user_id', '=', userId).execute(),
    db.selectFrom('grammar_answer').selectAll().where('user_id', '=', userId).execute(),
    db.selectFrom('quiz_attempt').selectAll().where('user_id', '=', userId).execute(),
    db.selectFrom('item_visit').selectAll().where('user_id', '=', userId).execute(),
    db.selectFrom('topic_score').selectAll().where('user_id', '=', userId).execute(),
    db.selectFrom('user_item').selectAll().where('user_id', '=', userId).execute(),
  ]);
  const today = zoneDayKey(new Date(), tz);
  const days = daysEnding(today, DASHBOARD_DAYS);
  const perDay = new Map(days.map((d) => [d, { points: 0, visits: 0, answers: 0 }]));
  const add = (at: string, key: 'points' | 'visits' | 'answers', n: number) => {
    const slot = perDay.get(zoneDayKey(at, tz));
    if (slot) slot[key] += n;
  };
  let total = 0;
  const byTag: Record<string, number> = {};
  for (const p of points) {
    if (p.tag === 'total') {
      total += Number(p.points);
      add(p.created_at, 'points', Number(p.points));
    } else byTag[p.tag] = (byTag[p.tag] ?? 0) + Number(p.points);
  }
  for (const v of visits) add(v.at, 'visits', 1);
  for (const a of answers) add(a.answered_at, 'answers', 1);
  for (const a of attempts) add(a.created_at, 'answers', Number(a.total));
  const deepIds = new Set(catalog.grammar.deepDive.map((q) => deepDiveQuestionId(q.id)));
  const deep = answers.filter((a) => deepIds.has(a.question_id));
  const lists = Object.fromEntries(
    ITEM_KINDS.map((k) => {
      const mine = items.filter((i) => i.kind === k);
      return [
        k,
        {
          planned: mine.filter((i) => i.planned_at !== null).length,
          completed: mine.filter((i) => i.completed_at !== null).length,
          saved: mine.filter((i) => i.saved_at !== null).length,
        },
      ];
    }),
  );
  return {
    today,
    points: {
      total,
      byTag,
      byDay: days.map((date) => ({ date, points: perDay.get(date)!.points })),
    },
    calendar: days.map((date) => ({
      date,
      visits: perDay.get(date)!.visits,
      answers: perDay.get(date)!.answers,
    })),
    deepDive: {
      answered: deep.length,
      correct: deep.filter((a) => Number(a.correct) === 1).length,
      total: catalog.grammar.deepDive.length,
    },
    scores: Object.fromEntries(scores.map((s) => [s.topic_id, Number(s.score)])),
    lists,
    planned: items
      .filter((i) => i.planned_at !== null)
      .sort((a, b) => (a.planned_at as string).localeCompare(b.planned_at as string))
      .map((i) => `${i.kind}:${i.item_id}`),
  };
}

function expectMatches(d: Dashboard, e: Awaited<ReturnType<typeof expected>>) {
  expect(d.today).toBe(e.today);
  expect(d.points).toEqual(e.points);
  expect(d.calendar).toEqual(e.calendar);
  expect(d.grammar.deepDive).toEqual(e.deepDive);
  expect(
    Object.fromEntries(
      d.grammar.topics.filter((x) => x.score !== null).map((x) => [x.topic, x.score]),
    ),
  ).toEqual(e.scores);
  expect(d.lists).toEqual(e.lists);
  expect(d.next.map((n) => `${n.kind}:${n.id}`)).toEqual(e.planned.slice(0, 5));
}

describe(`dashboard (${testDialect})`, () => {
  it('guests get 401; a time zone Intl does not know is a 400', async () => {
    const guest = await call(null, 'GET', '/api/dashboard');
    expect(guest.status).toBe(401);
    expect((await guest.json()).error.code).toBe('unauthenticated');
    const { cookie } = await createUser(t);
    for (const tz of ['Mars/Olympus_Mons', '', 'x'.repeat(100)]) {
      const res = await call(cookie, 'GET', `/api/dashboard?tz=${encodeURIComponent(tz)}`);
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe('invalid-argument');
    }
  });

  it('a new learner gets an empty dashboard: zeros, 25 unscored topics, 84 quiet days', async () => {
    const { cookie } = await createUser(t);
    const d = await board(cookie);
    expect(d.timeZone).toBe('UTC');
    expect(d.today).toBe(new Date().toISOString().slice(0, 10));
    expect(d.points).toMatchObject({ total: 0, byTag: {} });
    expect(d.points.byDay).toHaveLength(84);
    expect(d.points.byDay.every((x) => x.points === 0)).toBe(true);
    expect(d.grammar.topics.map((x) => x.topic)).toEqual(GRAMMAR_TOPIC_PATHS);
    expect(d.grammar.topics.every((x) => x.score === null)).toBe(true);
    expect(d.grammar.topics[0]).toEqual({
      topic: 'articles',
      title: 'Articles',
      group: 'Articles',
      score: null,
    });
    expect(d.grammar.deepDive).toEqual({ answered: 0, correct: 0, total: 30 });
    expect(d.grammar.weakest).toEqual([]);
    for (const k of ITEM_KINDS) expect(d.lists[k]).toEqual({ planned: 0, completed: 0, saved: 0 });
    expect(d.next).toEqual([]);
    expect(d.calendar).toHaveLength(84);
    expect(d.calendar.at(-1)).toEqual({ date: d.today, visits: 0, answers: 0 });
    expect(d.calendar[0]?.date).toBe(addDays(d.today, -83));
    expect(d.goal).toMatchObject({ streak: 0, longest: 0, freezes: 0 });
  });

  it('after real answers, quizzes, list changes and visits the dashboard equals the rows’ aggregates', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    // A: two deep-dive answers (one right), a topic question, two quizzes, lists and visits.
    await call(a.cookie, 'POST', '/api/grammar/answers', {
      questionId: deepDiveQuestionId(deep1.id),
      choiceIndex: deep1.correctIndex,
    });
    await call(a.cookie, 'POST', '/api/grammar/answers', {
      questionId: deepDiveQuestionId(deep2.id),
      choiceIndex: wrong(deep2),
    });
    await call(a.cookie, 'POST', '/api/grammar/answers', {
      questionId: nouns.questions[0]!.id,
      choiceIndex: nouns.questions[0]!.correctIndex,
    });
    const half = Math.ceil(conditionals.questions.length / 2);
    const quiz = await call(a.cookie, 'POST', '/api/grammar/attempts', {
      attemptId: randomUUID(),
      topicId: 'conditionals',
      answers: conditionals.questions.map((q, i) => (i < half ? q.correctIndex : wrong(q))),
    });
    expect(quiz.status).toBe(200);
    await call(a.cookie, 'POST', '/api/grammar/attempts', {
      attemptId: randomUUID(),
      topicId: 'nouns',
      answers: nouns.questions.map(wrong),
    });
    const ops: [string, string, string][] = [
      ['prompt', 'apologize-for-a-billing-error', 'plan'],
      ['word', word.id, 'plan'],
      ['insight', 'base-rates', 'plan'],
      ['interview', 'disagreed-with-a-teammate', 'plan'],
      ['activity', 'elevator-pitch', 'plan'],
      ['prompt', 'announce-a-new-hire-on-linkedin', 'plan'],
      ['insight', 'circle-of-competence', 'complete'],
      ['activity', 'career-direction', 'save'],
      ['prompt', 'announce-a-product-retirement-as-ceo', 'save'],
    ];
    for (const [kind, id, op] of ops) {
      expect((await call(a.cookie, 'POST', `/api/items/${kind}/${id}/${op}`)).status).toBe(200);
      await pause(); // distinct planned_at times, so "planned longest ago first" is one order
    }
    for (const [kind, id] of [
      ['prompt', 'apologize-for-a-billing-error'],
      ['prompt', 'apologize-for-a-billing-error'],
      ['word', word.id],
    ] as const)
      await call(a.cookie, 'POST', `/api/items/${kind}/${id}/visit`);
    // B's rows must never show in A's dashboard.
    await call(b.cookie, 'POST', '/api/grammar/answers', {
      questionId: deepDiveQuestionId(deep1.id),
      choiceIndex: deep1.correctIndex,
    });
    await call(b.cookie, 'POST', '/api/items/prompt/base-rates-x/plan');
    await call(b.cookie, 'POST', '/api/items/insight/confirmation-bias-check/plan');
    await call(b.cookie, 'POST', '/api/items/insight/confirmation-bias-check/visit');

    for (const tz of ['UTC', 'Asia/Kolkata', 'America/New_York']) {
      const d = await board(a.cookie, tz);
      expect(d.timeZone).toBe(tz);
      expectMatches(d, await expected(a.id, tz));
    }
    const d = await board(a.cookie, 'Asia/Kolkata');
    // Spelled out, so a bug shared by the service and the row-by-row check still shows.
    const quizPoints = half * 10;
    expect(d.points.total).toBe(10 + 10 + quizPoints);
    expect(d.points.byDay.at(-1)?.points).toBe(d.points.total);
    expect(d.grammar.deepDive).toEqual({ answered: 2, correct: 1, total: 30 });
    const conditionalsScore = Math.round((half / conditionals.questions.length) * 100);
    expect(d.grammar.weakest).toEqual([
      { topic: 'nouns', title: 'Nouns', score: 0 },
      { topic: 'conditionals', title: 'Conditionals', score: conditionalsScore },
    ]);
    expect(d.grammar.topics.find((x) => x.topic === 'conditionals')).toEqual({
      topic: 'conditionals',
      title: 'Conditionals',
      group: 'Others',
      score: conditionalsScore,
    });
    expect(d.lists).toEqual({
      word: { planned: 1, completed: 0, saved: 0 },
      prompt: { planned: 2, completed: 0, saved: 1 },
      activity: { planned: 1, completed: 0, saved: 1 },
      interview: { planned: 1, completed: 0, saved: 0 },
      insight: { planned: 1, completed: 1, saved: 0 },
    });
    expect(d.next).toEqual([
      {
        kind: 'prompt',
        id: 'apologize-for-a-billing-error',
        title: catalog.prompts.find((p) => p.id === 'apologize-for-a-billing-error')?.title,
        href: '/prompts/apologize-for-a-billing-error',
      },
      {
        kind: 'word',
        id: word.id,
        title: word.word,
        href: `/vocabulary/${word.set}?word=${word.id}`,
      },
      {
        kind: 'insight',
        id: 'base-rates',
        title: catalog.insights.find((p) => p.id === 'base-rates')?.title,
        href: '/insights/base-rates',
      },
      {
        kind: 'interview',
        id: 'disagreed-with-a-teammate',
        title: catalog.interviews.questions.get('disagreed-with-a-teammate')?.question,
        href: '/interviews/behavioral?interview=disagreed-with-a-teammate',
      },
      {
        kind: 'activity',
        id: 'elevator-pitch',
        title: catalog.activities.find((p) => p.id === 'elevator-pitch')?.title,
        href: '/activity/activities?activity=elevator-pitch',
      },
    ]);
    const today = d.calendar.at(-1);
    expect(today).toEqual({
      date: d.today,
      visits: 3,
      answers: 3 + conditionals.questions.length + nouns.questions.length,
    });
    // B sees only B.
    const other = await board(b.cookie, 'UTC');
    expectMatches(other, await expected(b.id, 'UTC'));
    expect(other.points.total).toBe(10);
    expect(other.grammar.deepDive.answered).toBe(1);
    expect(other.lists.insight.planned).toBe(1);
    expect(other.calendar.at(-1)).toMatchObject({ visits: 1, answers: 1 });
  });

  it('the daily goal: the default 150, a chosen goal saved on the profile, today’s points against it', async () => {
    const { cookie } = await createUser(t);
    expect((await board(cookie)).goal).toMatchObject({
      goal: 150,
      todayPoints: 0,
      metToday: false,
      streak: 0,
    });
    for (const value of [15, '50', 0, 10, 20]) {
      const bad = await call(cookie, 'PATCH', '/api/profile', { field: 'dailyGoal', value });
      expect(bad.status).toBe(400);
    }
    expect(
      (await call(cookie, 'PATCH', '/api/profile', { field: 'dailyGoal', value: 50 })).status,
    ).toBe(200);
    const five = catalog.grammar.deepDive.slice(0, 5);
    for (const q of five)
      await call(cookie, 'POST', '/api/grammar/answers', {
        questionId: deepDiveQuestionId(q.id),
        choiceIndex: q.correctIndex,
      });
    const goal = (await board(cookie)).goal;
    expect(goal).toMatchObject({
      goal: 50,
      todayPoints: 50,
      metToday: true,
      streak: 1,
      frozen: [],
    });
    expect(goal).toMatchObject({ freezes: 0, nextFreezeIn: 6 });
  });

  it('puts rows on the day of the learner’s zone, around midnight and outside the window', async () => {
    const u = await createUser(t);
    const db = t.db.db;
    // Three days ago (UTC), around midnight in Kolkata (+05:30) and Kathmandu (+05:45).
    const day = addDays(new Date().toISOString().slice(0, 10), -3);
    const at = (time: string) => `${day}T${time}Z`;
    await db
      .insertInto('item_visit')
      .values([
        { user_id: u.id, kind: 'prompt', item_id: 'x', at: at('18:29:59.999') }, // IST 23:59
        { user_id: u.id, kind: 'prompt', item_id: 'x', at: at('18:30:00.000') }, // IST 00:00 next day
        { user_id: u.id, kind: 'prompt', item_id: 'x', at: at('18:44:59.999') }, // IST 00:14 next day
        { user_id: u.id, kind: 'prompt', item_id: 'x', at: at('18:14:59.999') }, // NPT 23:59
        // Long ago: counts nowhere in the calendar.
        { user_id: u.id, kind: 'prompt', item_id: 'x', at: '2001-01-01T12:00:00.000Z' },
      ])
      .execute();
    await db
      .insertInto('grammar_answer')
      .values([
        {
          user_id: u.id,
          question_id: 'q-a',
          choice: 0,
          correct: 1,
          answered_at: at('18:15:00.000'),
        }, // NPT 00:00
        {
          user_id: u.id,
          question_id: 'q-b',
          choice: 0,
          correct: 0,
          answered_at: at('03:59:00.000'),
        },
      ])
      .execute();
    await db
      .insertInto('points_event')
      .values([
        { user_id: u.id, source: 's1', tag: 'total', points: 10, created_at: at('18:29:00.000') },
        { user_id: u.id, source: 's1', tag: 'nouns', points: 10, created_at: at('18:29:00.000') },
        { user_id: u.id, source: 's2', tag: 'total', points: 20, created_at: at('18:31:00.000') },
        { user_id: u.id, source: 's2', tag: 'verbs', points: 20, created_at: at('18:31:00.000') },
        // Older than 12 weeks: in the totals, not in the chart.
        {
          user_id: u.id,
          source: 's3',
          tag: 'total',
          points: 5,
          created_at: '2001-01-01T00:00:00.000Z',
        },
      ])
      .execute();
    const next = addDays(day, 1);
    const on = (d: Dashboard, date: string) => d.calendar.find((x) => x.date === date);
    const pts = (d: Dashboard, date: string) => d.points.byDay.find((x) => x.date === date)?.points;

    const ist = await board(u.cookie, 'Asia/Kolkata');
    expect(on(ist, day)).toEqual({ date: day, visits: 2, answers: 2 });
    expect(on(ist, next)).toEqual({ date: next, visits: 2, answers: 0 });
    expect(pts(ist, day)).toBe(10);
    expect(pts(ist, next)).toBe(20);

    const npt = await board(u.cookie, 'Asia/Kathmandu');
    expect(on(npt, day)).toEqual({ date: day, visits: 1, answers: 1 });
    expect(on(npt, next)).toEqual({ date: next, visits: 3, answers: 1 });
    expect(pts(npt, next)).toBe(30);

    const utc = await board(u.cookie, 'UTC');
    expect(on(utc, day)).toEqual({ date: day, visits: 4, answers: 2 });
    expect(pts(utc, day)).toBe(30);
    expect(utc.points).toMatchObject({ total: 35, byTag: { nouns: 10, verbs: 20 } });
    expect(utc.calendar.reduce((s, x) => s + x.visits, 0)).toBe(4);
    expect(utc.points.byDay.reduce((s, x) => s + x.points, 0)).toBe(30);

    for (const tz of [
      'UTC',
      'Asia/Kolkata',
      'Asia/Kathmandu',
      'America/New_York',
      'Pacific/Chatham',
    ])
      expectMatches(await board(u.cookie, tz), await expected(u.id, tz));
  });

  it('counts the one streak over consecutive zone days of met goals and keeps it through an empty today', async () => {
    const u = await createUser(t);
    const tz = 'America/New_York';
    const today = zoneDayKey(new Date(), tz);
    // 17:00Z is noon in EST and 13:00 in EDT: a New York afternoon either way.
    const noon = (date: string) => `${date}T17:00:00.000Z`;
    const goalDay = (n: number, source: string) => ({
      user_id: u.id,
      source,
      tag: 'total',
      points: DEFAULT_DAILY_GOAL,
      created_at: noon(addDays(today, -n)),
    });
    await t.db.db
      .insertInto('points_event')
      .values([1, 2, 3, 4, 6].map((n) => goalDay(n, `s-${n}`)))
      .execute();
    expect((await board(u.cookie, tz)).goal).toMatchObject({
      streak: 4,
      longest: 4,
      metToday: false,
      freezes: 0,
    });
    await t.db.db.insertInto('points_event').values(goalDay(0, 's-0')).execute();
    expect((await board(u.cookie, tz)).goal).toMatchObject({ streak: 5, metToday: true });
  });
  it('today at a glance: the dashboard’s goal and streak with the review count, and 400 for a bad zone', async () => {
    const u = await createUser(t);
    const tz = 'Asia/Kolkata';
    const glance = async () => {
      const res = await call(u.cookie, 'GET', `/api/dashboard/today?tz=${encodeURIComponent(tz)}`);
      expect(res.status).toBe(200);
      return (await res.json()) as { goal: Dashboard['goal']; due: number; planned: unknown };
    };
    expect(await glance()).toEqual({
      goal: (await board(u.cookie, tz)).goal,
      due: 0,
      planned: null,
    });
    const q = catalog.grammar.deepDive[0]!;
    await call(u.cookie, 'POST', '/api/grammar/answers', {
      questionId: deepDiveQuestionId(q.id),
      choiceIndex: (q.correctIndex + 1) % q.options.length,
    });
    await call(u.cookie, 'POST', `/api/items/word/${word.id}/plan`);
    const after = await glance();
    expect(after.due).toBe(1);
    const full = await board(u.cookie, tz);
    expect(after.goal).toEqual(full.goal);
    expect(after.planned).toEqual(full.next[0]);
    expect(after.planned).toMatchObject({ kind: 'word', id: word.id });
    const bad = await call(u.cookie, 'GET', '/api/dashboard/today?tz=Not%2FAZone');
    expect(bad.status).toBe(400);
  });
});
