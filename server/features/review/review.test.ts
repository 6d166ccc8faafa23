import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewAnswerResult, ReviewQueue } from '../../../core/review/results';
import { loadCatalog } from '../../content/catalog';
import { startTestServer, testDialect, type TestServer } from '../../test/support';
import { createUser } from '../../test/users';

const contentDir = join(import.meta.dirname, '..', '..', '..', 'content');
const catalog = loadCatalog(contentDir);
const nouns = catalog.grammar.topics.get('nouns');
const deep1 = catalog.grammar.deepDive[0];
const set = catalog.vocabulary.sets[0];
if (!nouns || !deep1 || !set) throw new Error('content is missing');
const word = set.words[0]!;
const allQuestions = [...catalog.grammar.topics.values()].flatMap((t) => t.questions);
const byId = new Map(allQuestions.map((q) => [q.id, q]));
const wrongIndex = (q: { correctIndex: number; options: string[] }) =>
  (q.correctIndex + 1) % q.options.length;
const DAY = 24 * 60 * 60 * 1000;

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ contentDir, env: { TRUSTED_PROXIES: '127.0.0.1' } });
});
afterAll(() => t.close());

const call = (cookie: string, method: string, path: string, body?: unknown) =>
  t.fetch(path, {
    method,
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const queue = async (cookie: string, query = ''): Promise<ReviewQueue> => {
  const res = await call(cookie, 'GET', `/api/review${query}`);
  expect(res.status).toBe(200);
  return res.json();
};
const count = async (cookie: string) =>
  ((await (await call(cookie, 'GET', '/api/review/count')).json()) as { due: number }).due;
const answer = (cookie: string, cardId: string, body: unknown) =>
  call(cookie, 'POST', `/api/review/${encodeURIComponent(cardId)}/answer`, body);
const card = (userId: string, cardId: string) =>
  t.db.db
    .selectFrom('review_card')
    .selectAll()
    .where('user_id', '=', userId)
    .where('card_id', '=', cardId)
    .executeTakeFirst();
const logs = (userId: string) =>
  t.db.db.selectFrom('review_log').selectAll().where('user_id', '=', userId).execute();

/** Points the learner's review answers added to the ledger. */
const reviewPoints = async (userId: string) =>
  (
    await t.db.db
      .selectFrom('points_event')
      .select('points')
      .where('user_id', '=', userId)
      .where('source', 'like', 'review:%')
      .execute()
  ).reduce((sum, r) => sum + Number(r.points), 0);

/** Card rows straight into the table: `seen` already reviewed ones, due days ago, and new ones. */
async function insertCards(userId: string, seen: number, fresh: number) {
  const now = Date.now();
  const rows = allQuestions.slice(0, seen + fresh).map((q, i) => ({
    user_id: userId,
    card_id: `grammar:${q.id}`,
    kind: 'grammar',
    item_id: q.id,
    // Oldest first: card i is due (seen + fresh - i) hours ago.
    due: new Date(now - (seen + fresh - i) * 3_600_000).toISOString(),
    stability: i < seen ? 3 : 0,
    difficulty: i < seen ? 5 : 0,
    elapsed_days: 0,
    scheduled_days: i < seen ? 3 : 0,
    learning_steps: 0,
    reps: i < seen ? 1 : 0,
    lapses: 0,
    state: i < seen ? 2 : 0,
    last_review: i < seen ? new Date(now - 4 * DAY).toISOString() : null,
    suspended: 0,
    created_at: new Date(now - 5 * DAY).toISOString(),
  }));
  for (let i = 0; i < rows.length; i += 50)
    await t.db.db
      .insertInto('review_card')
      .values(rows.slice(i, i + 50))
      .execute();
  return rows;
}

/** Answers every card of a queue rightly (grammar cards only). */
async function answerAll(cookie: string, q: ReviewQueue) {
  for (const c of q.cards) {
    const question = byId.get(c.cardId.slice('grammar:'.length))!;
    const res = await answer(cookie, c.cardId, { choiceIndex: question.correctIndex });
    expect(res.status).toBe(200);
  }
}

describe(`spaced review (${testDialect})`, () => {
  it('makes cards for a completed word and wrong answers, never for right ones', async () => {
    const u = await createUser(t);
    expect(await queue(u.cookie)).toEqual({ dueToday: 0, waiting: 0, cards: [], nextDue: null });
    const [q1, q2] = nouns.questions;
    await call(u.cookie, 'POST', `/api/items/word/${word.id}/complete`);
    await call(u.cookie, 'POST', `/api/items/word/${word.id}/complete`); // a repeat adds nothing
    await call(u.cookie, 'POST', `/api/items/word/${set.words[1]!.id}/plan`); // only complete counts
    await call(u.cookie, 'POST', '/api/grammar/answers', {
      questionId: q1!.id,
      choiceIndex: wrongIndex(q1!),
    });
    await call(u.cookie, 'POST', '/api/grammar/answers', {
      questionId: q2!.id,
      choiceIndex: q2!.correctIndex,
    });
    await call(u.cookie, 'POST', '/api/grammar/answers', {
      questionId: 'deep-dive-1',
      choiceIndex: wrongIndex(deep1),
    });
    // A quiz: the first two wrong, the rest right.
    const answers = nouns.questions.map((q, i) => (i < 2 ? wrongIndex(q) : q.correctIndex));
    const attempt = { attemptId: randomUUID(), topicId: 'nouns', answers };
    expect((await call(u.cookie, 'POST', '/api/grammar/attempts', attempt)).status).toBe(200);
    await call(u.cookie, 'POST', '/api/grammar/attempts', attempt); // replayed

    const q = await queue(u.cookie);
    expect(q.cards.map((c) => c.cardId).sort()).toEqual(
      [`word:${word.id}`, `grammar:${q1!.id}`, `grammar:${q2!.id}`, 'grammar:deep-dive-1'].sort(),
    );
    expect(q).toMatchObject({ dueToday: 4, waiting: 0 });
    expect(await count(u.cookie)).toBe(4);
    for (const c of q.cards)
      expect(Object.keys(c).sort()).toEqual(
        ['cardId', 'detail', 'isNew', 'kind', 'options', 'prompt', 'source'].sort(),
      );
    expect(JSON.stringify(q)).not.toMatch(/correctIndex|explanation/);

    const grammarCard = q.cards.find((c) => c.cardId === `grammar:${q1!.id}`)!;
    expect(grammarCard).toMatchObject({
      kind: 'grammar',
      isNew: true,
      prompt: q1!.question,
      detail: null,
      options: q1!.options,
      source: { path: '/grammar/nouns' },
    });
    const wordCard = q.cards.find((c) => c.kind === 'word')!;
    expect(wordCard.options).toHaveLength(4);
    expect(wordCard.options).toContain(word.word);
    expect(new Set(wordCard.options).size).toBe(4);
    for (const o of wordCard.options) expect(set.words.map((w) => w.word)).toContain(o);
    expect(wordCard.prompt).toMatch(/^Which word fits/);
    expect(wordCard.detail).not.toContain(word.word);
    // The same options in the same order until the card is answered.
    expect((await queue(u.cookie)).cards.find((c) => c.kind === 'word')).toEqual(wordCard);
  });

  it('answers reschedule: a pass moves the card days ahead, a fail brings it back tomorrow', async () => {
    const u = await createUser(t);
    const [qa, qb] = nouns.questions;
    for (const q of [qa!, qb!])
      await call(u.cookie, 'POST', '/api/grammar/answers', {
        questionId: q.id,
        choiceIndex: wrongIndex(q),
      });
    const before = Date.now();
    const pass = await answer(u.cookie, `grammar:${qa!.id}`, { choiceIndex: qa!.correctIndex });
    expect(pass.status).toBe(200);
    const passed: ReviewAnswerResult = await pass.json();
    expect(passed).toMatchObject({ correct: true, correctIndex: qa!.correctIndex });
    expect(passed.explanation).toBe(qa!.explanation);
    expect(passed.next.scheduledDays).toBeGreaterThanOrEqual(2);
    expect(Date.parse(passed.next.due)).toBeGreaterThanOrEqual(before + 2 * DAY);

    const failed: ReviewAnswerResult = await (
      await answer(u.cookie, `grammar:${qb!.id}`, { choiceIndex: wrongIndex(qb!) })
    ).json();
    expect(failed).toMatchObject({ correct: false, correctIndex: qb!.correctIndex });
    expect(failed.next.scheduledDays).toBe(1);
    expect(Date.parse(failed.next.due) - before).toBeLessThan(DAY + 60_000);
    expect(passed.next.scheduledDays).toBeGreaterThan(failed.next.scheduledDays);

    const row = await card(u.id, `grammar:${qa!.id}`);
    expect(row).toMatchObject({ reps: 1, state: 2, due: passed.next.due });
    expect(Number(row!.stability)).toBeGreaterThan(0);
    // Answered cards leave today's queue (the next one due is the sooner of the two);
    // answering again before they are due is refused.
    expect(await queue(u.cookie)).toEqual({
      dueToday: 0,
      waiting: 0,
      cards: [],
      nextDue: failed.next.due,
    });
    expect(await count(u.cookie)).toBe(0);
    const early = await answer(u.cookie, `grammar:${qa!.id}`, { choiceIndex: 0 });
    expect(early.status).toBe(412);
    expect((await early.json()).error.code).toBe('failed-precondition');
  });

  it('points for review: a right answer earns 10 toward the daily goal, a wrong one none', async () => {
    const u = await createUser(t);
    const [qa, qb] = nouns.questions;
    for (const q of [qa!, qb!])
      await call(u.cookie, 'POST', '/api/grammar/answers', {
        questionId: q.id,
        choiceIndex: wrongIndex(q),
      });
    const wrong: ReviewAnswerResult = await (
      await answer(u.cookie, `grammar:${qb!.id}`, { choiceIndex: wrongIndex(qb!) })
    ).json();
    expect(wrong).toMatchObject({ correct: false, pointsAdded: 0, goal: null });
    const right: ReviewAnswerResult = await (
      await answer(u.cookie, `grammar:${qa!.id}`, { choiceIndex: qa!.correctIndex })
    ).json();
    expect(right).toMatchObject({
      correct: true,
      pointsAdded: 10,
      goal: { goal: 150, todayPoints: 10, met: false, streak: null },
    });
    expect(await reviewPoints(u.id)).toBe(10);
    const board = await (await call(u.cookie, 'GET', '/api/dashboard?tz=UTC')).json();
    expect(board.goal.todayPoints).toBe(10);
    expect(board.points.total).toBe(10);
  });

  it('logs every review with the card before and after and the answer given', async () => {
    const u = await createUser(t);
    await call(u.cookie, 'POST', `/api/items/word/${word.id}/complete`);
    const wordCard = (await queue(u.cookie)).cards[0]!;
    const choice = wordCard.options.indexOf(word.word);
    const res: ReviewAnswerResult = await (
      await answer(u.cookie, wordCard.cardId, { choiceIndex: choice })
    ).json();
    expect(res).toMatchObject({ correct: true, correctIndex: choice });
    expect(res.explanation).toContain(word.definition);
    const [log, ...rest] = await logs(u.id);
    expect(rest).toEqual([]);
    expect(log).toMatchObject({
      card_id: `word:${word.id}`,
      rating: 3,
      state: 0,
      stability: 0,
      scheduled_days: 0,
      next_state: 2,
      next_due: res.next.due,
      next_scheduled_days: res.next.scheduledDays,
      choice_index: choice,
      correct_index: choice,
      correct: 1,
    });
    expect(Number(log!.next_stability)).toBeGreaterThan(0);
    expect(Date.now() - Date.parse(log!.reviewed_at)).toBeLessThan(60_000);
  });

  it('holds the daily caps with many cards due, and catch-up serves the rest in batches', async () => {
    const u = await createUser(t);
    const rows = await insertCards(u.id, 130, 25);
    const first = await queue(u.cookie);
    expect(first).toMatchObject({ dueToday: 120, waiting: 35 });
    expect(first.cards).toHaveLength(120);
    const seenServed = first.cards.filter((c) => !c.isNew).map((c) => c.cardId);
    const newServed = first.cards.filter((c) => c.isNew).map((c) => c.cardId);
    // The oldest 100 due reviews and the oldest 20 new cards.
    expect(seenServed).toEqual(rows.slice(0, 100).map((r) => r.card_id));
    expect(newServed).toEqual(rows.slice(130, 150).map((r) => r.card_id));
    expect(await count(u.cookie)).toBe(120);

    await answerAll(u.cookie, first);
    // Today's caps are used up: nothing due today, the backlog is waiting, never dumped.
    expect(await queue(u.cookie)).toEqual({
      dueToday: 0,
      waiting: 35,
      cards: [],
      nextDue: expect.any(String),
    });
    const catchUp = await queue(u.cookie, '?mode=catch-up');
    expect(catchUp).toMatchObject({ dueToday: 0, waiting: 35 });
    expect(catchUp.cards.map((c) => c.cardId)).toEqual(
      [...rows.slice(100, 130), ...rows.slice(150)].map((r) => r.card_id),
    );
    await answerAll(u.cookie, catchUp);
    expect(await queue(u.cookie, '?mode=catch-up')).toEqual({
      dueToday: 0,
      waiting: 0,
      cards: [],
      nextDue: expect.any(String),
    });
    expect(await logs(u.id)).toHaveLength(155);
  });

  it('a catch-up batch is one cap: more than 100 overdue reviews come 100 at a time', async () => {
    const u = await createUser(t);
    await insertCards(u.id, 230, 0);
    await answerAll(u.cookie, await queue(u.cookie));
    const batch = await queue(u.cookie, '?mode=catch-up');
    expect(batch).toMatchObject({ dueToday: 0, waiting: 130 });
    expect(batch.cards).toHaveLength(100);
  });

  it('showAgain off suspends the word’s card and on resumes it', async () => {
    const u = await createUser(t);
    await call(u.cookie, 'POST', `/api/items/word/${word.id}/complete`);
    const patch = (showAgain: boolean) =>
      call(u.cookie, 'PATCH', `/api/items/word/${word.id}`, { showAgain });
    expect((await patch(false)).status).toBe(200);
    expect((await card(u.id, `word:${word.id}`))?.suspended).toBe(1);
    expect((await queue(u.cookie)).cards).toEqual([]);
    expect(await count(u.cookie)).toBe(0);
    const refused = await answer(u.cookie, `word:${word.id}`, { choiceIndex: 0 });
    expect(refused.status).toBe(412);
    expect(await logs(u.id)).toEqual([]);
    expect((await patch(true)).status).toBe(200);
    expect((await queue(u.cookie)).cards.map((c) => c.cardId)).toEqual([`word:${word.id}`]);

    // A word set not to show again before it is completed gets a suspended card.
    const other = set.words[2]!;
    await call(u.cookie, 'PATCH', `/api/items/word/${other.id}`, { showAgain: false });
    await call(u.cookie, 'POST', `/api/items/word/${other.id}/complete`);
    expect((await card(u.id, `word:${other.id}`))?.suspended).toBe(1);
  });

  it('ten concurrent answers to one card apply once', async () => {
    const u = await createUser(t);
    const q = nouns.questions[3]!;
    await call(u.cookie, 'POST', '/api/grammar/answers', {
      questionId: q.id,
      choiceIndex: wrongIndex(q),
    });
    const statuses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        answer(u.cookie, `grammar:${q.id}`, {
          choiceIndex: i % 2 ? q.correctIndex : wrongIndex(q),
        }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    for (const s of statuses) expect([200, 409, 412]).toContain(s);
    expect(await logs(u.id)).toHaveLength(1);
    expect((await card(u.id, `grammar:${q.id}`))?.reps).toBe(1);
  });

  it('a retried answer with the same reviewId returns the first result and applies once', async () => {
    const u = await createUser(t);
    const q = nouns.questions[4]!;
    await call(u.cookie, 'POST', '/api/grammar/answers', {
      questionId: q.id,
      choiceIndex: wrongIndex(q),
    });
    const reviewId = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        answer(u.cookie, `grammar:${q.id}`, { choiceIndex: q.correctIndex, reviewId }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const bodies: ReviewAnswerResult[] = await Promise.all(results.map((r) => r.json()));
    // The same result each time; its points were added by exactly one of the ten requests.
    const result = ({ pointsAdded: _p, goal: _g, ...rest }: ReviewAnswerResult) => rest;
    for (const b of bodies) expect(result(b)).toEqual(result(bodies[0]!));
    expect(bodies.filter((b) => b.pointsAdded === 10)).toHaveLength(1);
    expect(bodies.filter((b) => b.pointsAdded === 0)).toHaveLength(9);
    expect(await reviewPoints(u.id)).toBe(10);
    expect(await logs(u.id)).toHaveLength(1);
    // The same id on another card is refused and changes nothing.
    const q2 = nouns.questions[5]!;
    await call(u.cookie, 'POST', '/api/grammar/answers', {
      questionId: q2.id,
      choiceIndex: wrongIndex(q2),
    });
    const clash = await answer(u.cookie, `grammar:${q2.id}`, { choiceIndex: 0, reviewId });
    expect(clash.status).toBe(409);
    expect((await card(u.id, `grammar:${q2.id}`))?.reps).toBe(0);
  });

  it('keeps users apart: another user’s card is 404 and never in their queue', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const q = nouns.questions[6]!;
    await call(a.cookie, 'POST', '/api/grammar/answers', {
      questionId: q.id,
      choiceIndex: wrongIndex(q),
    });
    expect(await queue(b.cookie)).toEqual({ dueToday: 0, waiting: 0, cards: [], nextDue: null });
    expect(await count(b.cookie)).toBe(0);
    const res = await answer(b.cookie, `grammar:${q.id}`, { choiceIndex: q.correctIndex });
    expect(res.status).toBe(404);
    expect((await card(a.id, `grammar:${q.id}`))?.reps).toBe(0);
    expect(await logs(b.id)).toEqual([]);
    // A's reviewId cannot be replayed by B to read A's result.
    const reviewId = randomUUID();
    await answer(a.cookie, `grammar:${q.id}`, { choiceIndex: q.correctIndex, reviewId });
    const replay = await answer(b.cookie, `grammar:${q.id}`, { choiceIndex: 0, reviewId });
    expect(replay.status).toBe(404);
    expect(JSON.stringify(await replay.json())).not.toContain('correctIndex');
  });

  it('refuses bad input with 400 and unknown cards with 404', async () => {
    const u = await createUser(t);
    const q = nouns.questions[7]!;
    await call(u.cookie, 'POST', '/api/grammar/answers', {
      questionId: q.id,
      choiceIndex: wrongIndex(q),
    });
    const id = `grammar:${q.id}`;
    for (const path of [
      '/api/review?tz=Mars%2FOlympus',
      '/api/review?mode=all',
      '/api/review/count?tz=',
      `/api/review/count?tz=${'x'.repeat(100)}`,
    ])
      expect((await call(u.cookie, 'GET', path)).status, path).toBe(400);
    for (const body of [
      {},
      { choiceIndex: 4 },
      { choiceIndex: -1 },
      { choiceIndex: 1.5 },
      { choiceIndex: '1' },
      { choiceIndex: 0, reviewId: 'not-a-uuid' },
      { choiceIndex: 0, correct: true },
    ])
      expect((await answer(u.cookie, id, body)).status, JSON.stringify(body)).toBe(400);
    if (q.options.length === 3)
      expect((await answer(u.cookie, id, { choiceIndex: 3 })).status).toBe(400);
    for (const unknown of [
      'grammar:no-such-question',
      'word:no-such-word',
      'prompt:x',
      'nonsense',
      'grammar:' + 'x'.repeat(120),
    ])
      expect((await answer(u.cookie, unknown, { choiceIndex: 0 })).status, unknown).toBe(404);
    expect(await logs(u.id)).toEqual([]);
    // Time zones: the queue is the same in any valid zone here (the card is due now).
    for (const tz of ['UTC', 'Asia/Kolkata', 'America/New_York'])
      expect((await queue(u.cookie, `?tz=${encodeURIComponent(tz)}`)).dueToday).toBe(1);
  });
});
