import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewQueue } from '../../../core/review/results';
import { PRACTICE_CARDS_MAX } from '../../../core/writing/summary';
import { loadCatalog } from '../../content/catalog';
import { startTestServer, testDialect, type TestServer } from '../../test/support';
import { createUser, jsonCall } from '../../test/users';

const contentDir = join(import.meta.dirname, '..', '..', '..', 'content');
const catalog = loadCatalog(contentDir);
const topic = catalog.grammar.topics.get('countable-uncountable-nouns');
if (!topic || topic.questions.length < PRACTICE_CARDS_MAX + 2)
  throw new Error('content is missing');
const questions = topic.questions;

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ contentDir });
});
afterAll(() => t.close());
const call = jsonCall(() => t);

const practice = (cookie: string | null, body: unknown) =>
  call(cookie, 'POST', '/api/review/practice', body);
const cards = (userId: string) =>
  t.db.db
    .selectFrom('review_card')
    .select(['item_id', 'state', 'due', 'reps'])
    .where('user_id', '=', userId)
    .orderBy('item_id')
    .execute();

describe(`practice a topic from writing (${testDialect})`, () => {
  it("puts five of the topic's questions into review as new cards due now, and the review serves them", async () => {
    const u = await createUser(t);
    const before = Date.now();
    const res = await practice(u.cookie, { topic: topic.topic });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ added: PRACTICE_CARDS_MAX, waiting: PRACTICE_CARDS_MAX });
    const made = await cards(u.id);
    expect(made.map((c) => c.item_id)).toEqual(
      questions
        .slice(0, PRACTICE_CARDS_MAX)
        .map((q) => q.id)
        .sort(),
    );
    for (const c of made) {
      expect(Number(c.state)).toBe(0);
      expect(Date.parse(c.due)).toBeLessThanOrEqual(Date.now());
      expect(Date.parse(c.due)).toBeGreaterThanOrEqual(before - 1000);
    }
    const queue = (await (await call(u.cookie, 'GET', '/api/review')).json()) as ReviewQueue;
    expect(queue.cards).toHaveLength(PRACTICE_CARDS_MAX);
    for (const c of queue.cards) expect(c.source.label).toBe(topic.title);
  });

  it('is idempotent: pressing again adds nothing while those cards wait', async () => {
    const u = await createUser(t);
    await practice(u.cookie, { topic: topic.topic });
    const res = await practice(u.cookie, { topic: topic.topic });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ added: 0, waiting: PRACTICE_CARDS_MAX });
    expect(await cards(u.id)).toHaveLength(PRACTICE_CARDS_MAX);
  });

  it('skips questions already in review, keeping their schedule, and counts their waiting cards', async () => {
    const u = await createUser(t);
    const [q1] = questions;
    // A wrong answer in the lesson already put q1 into review.
    const wrong = (q1!.correctIndex + 1) % q1!.options.length;
    expect(
      (
        await call(u.cookie, 'POST', '/api/grammar/answers', {
          questionId: q1!.id,
          choiceIndex: wrong,
        })
      ).status,
    ).toBe(200);
    const [kept] = await cards(u.id);
    const res = await practice(u.cookie, { topic: topic.topic });
    expect(await res.json()).toEqual({
      added: PRACTICE_CARDS_MAX - 1,
      waiting: PRACTICE_CARDS_MAX,
    });
    const after = await cards(u.id);
    expect(after.map((c) => c.item_id).sort()).toEqual(
      questions
        .slice(0, PRACTICE_CARDS_MAX)
        .map((q) => q.id)
        .sort(),
    );
    expect(after.find((c) => c.item_id === q1!.id)).toEqual(kept);
  });

  it('answers 400 for an unknown topic or a bad body, and changes nothing', async () => {
    const u = await createUser(t);
    for (const body of [
      { topic: 'not-a-topic' },
      { topic: '' },
      {},
      { topic: topic.topic, userId: 'someone-else' },
      { topic: 42 },
    ]) {
      const res = await practice(u.cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).error.code).toBe('invalid-argument');
    }
    expect(await cards(u.id)).toEqual([]);
  });

  it('is for signed-in learners only: a guest gets 401', async () => {
    const res = await practice(null, { topic: topic.topic });
    expect(res.status).toBe(401);
  });

  it('refuses a cross-site request', async () => {
    const u = await createUser(t);
    const res = await t.fetch('/api/review/practice', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Cookie: u.cookie,
        Origin: 'https://evil.example.com',
      },
      body: JSON.stringify({ topic: topic.topic }),
    });
    expect(res.status).toBe(403);
    expect(await cards(u.id)).toEqual([]);
  });
});
