import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SYNC_OPS } from '../../../core/constants';
import type { ReviewQueue } from '../../../core/review/results';
import { OP_ID_HEADER, type SyncResponse, type TSyncOp } from '../../../core/sync/ops';
import { loadCatalog } from '../../content/catalog';
import { startTestServer, testDialect, type TestServer } from '../../test/support';
import { createUser } from '../../test/users';

const contentDir = join(import.meta.dirname, '..', '..', '..', 'content');
const catalog = loadCatalog(contentDir);
const nouns = catalog.grammar.topics.get('nouns');
const deep = catalog.grammar.deepDive;
if (!nouns || deep.length < 5) throw new Error('grammar content is missing');
const premiumPrompt = [...catalog.premiumIds.prompt][0];
if (!premiumPrompt) throw new Error('expected a premium prompt in the content');
const threeOption = [...catalog.grammar.topics.values()]
  .flatMap((t) => t.questions)
  .find((q) => q.options.length === 3);
if (!threeOption) throw new Error('expected a three-option question in the content');

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({
    contentDir,
    env: { TRUSTED_PROXIES: '127.0.0.1', PREMIUM_WITHOUT_PAYMENTS: 'locked' },
  });
});
afterAll(() => t.close());

const sync = (cookie: string | null, body: unknown) =>
  t.fetch('/api/sync', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const syncOk = async (cookie: string, ops: TSyncOp[]): Promise<SyncResponse> => {
  const res = await sync(cookie, { ops });
  expect(res.status).toBe(200);
  return (await res.json()) as SyncResponse;
};
const get = async (cookie: string, path: string) =>
  (await t.fetch(path, { headers: { Cookie: cookie } })).json();
const stats = (cookie: string) => get(cookie, '/api/grammar/stats');

const wrongOf = (q: { correctIndex: number; options: string[] }) =>
  (q.correctIndex + 1) % q.options.length;
const answer = (n: number, choiceIndex: number): TSyncOp => ({
  opId: randomUUID(),
  type: 'answer',
  questionId: `deep-dive-${n}`,
  choiceIndex,
});
const deepQ = (n: number) => deep.find((q) => q.id === n)!;
/** A multiple-choice review card's options in the order today's queue shows them. */
async function shownOptions(cookie: string, cardId: string): Promise<string[]> {
  const queue = (await get(cookie, '/api/review?tz=UTC')) as ReviewQueue;
  const card = queue.cards.find((c) => c.cardId === cardId);
  if (card?.answer !== 'choice') throw new Error(`${cardId} is not a choice card in the queue`);
  return card.options;
}

async function rowCount(
  table: 'client_op' | 'grammar_answer' | 'points_event' | 'review_log',
  userId: string,
) {
  const row = await t.db.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe(`POST /api/sync (${testDialect})`, () => {
  it('refuses guests with 401, whatever the body', async () => {
    for (const body of [{ ops: [answer(1, 0)] }, { ops: [] }, 'not json']) {
      const res = await sync(null, body);
      expect(res.status).toBe(401);
      expect((await res.json()).error.code).toBe('unauthenticated');
    }
  });

  it('grades from content: a wrong answer is stored wrong, points only for truly correct ones', async () => {
    const u = await createUser(t);
    const q1 = deepQ(1);
    const q2 = deepQ(2);
    const attemptAnswers = nouns.questions.map((q, i) =>
      i % 2 === 0 ? q.correctIndex : wrongOf(q),
    );
    const correctInAttempt = attemptAnswers.filter(
      (a, i) => a === nouns.questions[i]!.correctIndex,
    ).length;
    const { results } = await syncOk(u.cookie, [
      answer(1, wrongOf(q1)),
      answer(2, q2.correctIndex),
      {
        opId: randomUUID(),
        type: 'attempt',
        attemptId: randomUUID(),
        topicId: 'nouns',
        answers: attemptAnswers,
      },
    ]);
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
    expect(results[0]).toMatchObject({ result: { correct: false, pointsAdded: 0 } });
    expect(results[1]).toMatchObject({ result: { correct: true, pointsAdded: 10 } });
    expect(results[2]).toMatchObject({
      result: { correct: correctInAttempt, pointsAdded: correctInAttempt * 10 },
    });
    const s = await stats(u.cookie);
    expect(s.questions).toEqual({ 'deep-dive-1': false, 'deep-dive-2': true });
    expect(s.pts.total).toBe(10 + correctInAttempt * 10);
    expect(s.topics.nouns).toBe(Math.round((correctInAttempt / nouns.questions.length) * 100));
  });

  it('takes no score or correctness from the client: such a batch is refused whole, naming the op', async () => {
    const u = await createUser(t);
    const q = deepQ(3);
    const res = await sync(u.cookie, {
      ops: [
        answer(4, deepQ(4).correctIndex),
        { ...answer(3, wrongOf(q)), correct: true, score: 1000 },
      ],
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.code).toBe('invalid-argument');
    expect(body.error.message).toContain('ops.1');
    // The client reads the op's index from the path, never from the message.
    expect(body.error.details).toEqual({ path: ['ops', 1] });
    expect(await rowCount('grammar_answer', u.id)).toBe(0);
    expect(await rowCount('client_op', u.id)).toBe(0);
  });

  it('names the op holding a NUL character in the error details', async () => {
    const u = await createUser(t);
    const res = await sync(u.cookie, {
      ops: [answer(1, 0), { ...answer(2, 0), questionId: 'deep-dive-\u00002' }],
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.details).toEqual({ path: ['ops', 1, 'questionId'] });
    expect(await rowCount('client_op', u.id)).toBe(0);
  });

  it('replaying the same batch adds nothing: twice in a row, then five times at once', async () => {
    const u = await createUser(t);
    const ops: TSyncOp[] = [
      answer(1, deepQ(1).correctIndex),
      answer(2, wrongOf(deepQ(2))),
      {
        opId: randomUUID(),
        type: 'attempt',
        attemptId: randomUUID(),
        topicId: 'nouns',
        answers: nouns.questions.map((q) => q.correctIndex),
      },
      { opId: randomUUID(), type: 'item', kind: 'word', itemId: 'batna', op: 'plan' },
      { opId: randomUUID(), type: 'like', kind: 'word', itemId: 'batna', liked: true },
    ];
    const first = await syncOk(u.cookie, ops);
    expect(first.results.every((r) => r.status === 'applied')).toBe(true);
    const after = await stats(u.cookie);
    const answers = await rowCount('grammar_answer', u.id);
    const points = await rowCount('points_event', u.id);

    const second = await syncOk(u.cookie, ops);
    expect(second.results.map((r) => r.status)).toEqual(ops.map(() => 'replayed'));
    // A replay returns what the op returned the first time.
    expect(second.results).toEqual(first.results.map((r) => ({ ...r, status: 'replayed' })));

    const parallel = await Promise.all(Array.from({ length: 5 }, () => syncOk(u.cookie, ops)));
    for (const p of parallel) expect(p.results.every((r) => r.status === 'replayed')).toBe(true);

    expect(await stats(u.cookie)).toEqual(after);
    expect(await rowCount('grammar_answer', u.id)).toBe(answers);
    expect(await rowCount('points_event', u.id)).toBe(points);
    expect(await rowCount('client_op', u.id)).toBe(ops.length);
    const lists = await get(u.cookie, '/api/items/word');
    expect(lists).toMatchObject({ planned: ['batna'], liked: ['batna'] });
  });

  it('five different tabs sending a fresh batch at once apply each op exactly once', async () => {
    const u = await createUser(t);
    const ops = [1, 2, 3, 4, 5].map((n) => answer(n, deepQ(n).correctIndex));
    const all = await Promise.all(Array.from({ length: 5 }, () => syncOk(u.cookie, ops)));
    for (let i = 0; i < ops.length; i++) {
      const statuses = all.map((r) => r.results[i]!.status);
      expect(statuses.filter((s) => s === 'applied')).toHaveLength(1);
      expect(statuses.filter((s) => s === 'replayed')).toHaveLength(4);
    }
    expect((await stats(u.cookie)).pts.total).toBe(50);
    expect(await rowCount('grammar_answer', u.id)).toBe(5);
    expect(await rowCount('client_op', u.id)).toBe(5);
  });

  it('applies mixed op types in order, like the endpoints they stand for', async () => {
    const u = await createUser(t);
    const { results } = await syncOk(u.cookie, [
      {
        opId: randomUUID(),
        type: 'item',
        kind: 'word',
        itemId: 'negotiation-leverage',
        op: 'plan',
      },
      { opId: randomUUID(), type: 'item', kind: 'word', itemId: 'batna', op: 'plan' },
      { opId: randomUUID(), type: 'item', kind: 'word', itemId: 'batna', op: 'complete' },
      { opId: randomUUID(), type: 'item', kind: 'insight', itemId: insightId(), op: 'plan' },
      {
        opId: randomUUID(),
        type: 'like',
        kind: 'word',
        itemId: 'negotiation-leverage',
        liked: true,
      },
      answer(5, deepQ(5).correctIndex),
    ]);
    expect(results.every((r) => r.status === 'applied')).toBe(true);
    expect(results[2]).toMatchObject({
      result: { kind: 'word', itemId: 'batna', planned: false, completed: true },
    });
    const words = await get(u.cookie, '/api/items/word');
    expect(words).toMatchObject({
      planned: ['negotiation-leverage'],
      completed: ['batna'],
      liked: ['negotiation-leverage'],
    });
    expect((await get(u.cookie, '/api/items/insight')).planned).toEqual([insightId()]);
    expect((await stats(u.cookie)).pts.total).toBe(10);
  });

  it('a guest draft (entries) lands on the record; a replay keeps the newer text; bad ones are refused', async () => {
    const u = await createUser(t);
    const prompt = [...catalog.itemIds.prompt].find((id) => !catalog.premiumIds.prompt.has(id))!;
    const draft = (text: string, itemId = prompt) =>
      ({
        opId: randomUUID(),
        type: 'entries',
        kind: 'prompt',
        itemId,
        entries: [{ type: 'response', text, updatedAt: new Date().toISOString() }],
      }) satisfies TSyncOp;
    const first = draft('A first draft');
    const second = draft('A better draft');
    const { results } = await syncOk(u.cookie, [
      first,
      second,
      draft('x', 'no-such-prompt'),
      draft('x', premiumPrompt!),
    ]);
    expect(results.map((r) => (r.status === 'rejected' ? r.error.code : r.status))).toEqual([
      'applied',
      'applied',
      'not-found',
      'permission-denied',
    ]);
    const record = async () => get(u.cookie, `/api/items/prompt/${prompt}`);
    expect((await record()).entries[0].text).toBe('A better draft');
    // The first op sent again (a lost reply) is recognized and changes nothing.
    expect((await syncOk(u.cookie, [first])).results[0]!.status).toBe('replayed');
    expect((await record()).entries[0].text).toBe('A better draft');
    // Over the entries limit: the batch is refused whole, naming the op.
    const big = { ...draft('x'), entries: [{ text: 'x'.repeat(40 * 1024) }] };
    const res = await sync(u.cookie, { ops: [big] });
    expect(res.status).toBe(400);
    expect((await res.json()).error.details.path.slice(0, 2)).toEqual(['ops', 0]);
    expect((await record()).entries[0].text).toBe('A better draft');
  });

  it('a replayed old like does not undo a later unlike', async () => {
    const u = await createUser(t);
    const like: TSyncOp = {
      opId: randomUUID(),
      type: 'like',
      kind: 'word',
      itemId: 'batna',
      liked: true,
    };
    const unlike: TSyncOp = { ...like, opId: randomUUID(), liked: false };
    await syncOk(u.cookie, [like, unlike]);
    const again = await syncOk(u.cookie, [like]);
    expect(again.results[0]).toMatchObject({ status: 'replayed', result: { liked: true } });
    expect((await get(u.cookie, '/api/items/word')).liked).toEqual([]);
  });

  it('rejects unknown and foreign ids op by op and applies the rest', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const attemptId = randomUUID();
    const nounsAttempt = (id: string): TSyncOp => ({
      opId: randomUUID(),
      type: 'attempt',
      attemptId: id,
      topicId: 'nouns',
      answers: nouns.questions.map((q) => q.correctIndex),
    });
    await syncOk(a.cookie, [nounsAttempt(attemptId)]);
    const reused = answer(2, deepQ(2).correctIndex);
    await syncOk(b.cookie, [reused]);

    const { results } = await syncOk(b.cookie, [
      { opId: randomUUID(), type: 'answer', questionId: 'no-such-question', choiceIndex: 0 },
      { opId: randomUUID(), type: 'item', kind: 'word', itemId: 'no-such-word', op: 'plan' },
      { opId: randomUUID(), type: 'like', kind: 'prompt', itemId: 'no-such-prompt', liked: true },
      nounsAttempt(attemptId), // A's attempt id
      { opId: randomUUID(), type: 'item', kind: 'word', itemId: 'batna', op: 'save' },
      { opId: randomUUID(), type: 'answer', questionId: threeOption!.id, choiceIndex: 3 },
      { opId: randomUUID(), type: 'like', kind: 'prompt', itemId: premiumPrompt!, liked: true },
      { ...answer(3, 0), opId: reused.opId }, // an op id already used for another op
      answer(1, deepQ(1).correctIndex),
    ]);
    expect(results.map((r) => (r.status === 'rejected' ? r.error.code : r.status))).toEqual([
      'not-found',
      'not-found',
      'not-found',
      'already-exists',
      'invalid-argument',
      'invalid-argument',
      'permission-denied',
      'already-exists',
      'applied',
    ]);
    const s = await stats(b.cookie);
    expect(s.questions).toEqual({ 'deep-dive-2': true, 'deep-dive-1': true });
    expect(s.topics).toEqual({});
    expect(s.pts.total).toBe(20);
    expect((await get(b.cookie, '/api/items/word')).planned).toEqual([]);
    // Rejected ops leave no record, so nothing about them is remembered.
    expect(await rowCount('client_op', b.id)).toBe(2);
    // A's attempt is untouched.
    expect((await stats(a.cookie)).topics.nouns).toBe(100);
  });

  it('keeps op ids per user: the same op id from two users is two ops', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const op = answer(6, deepQ(6).correctIndex);
    expect((await syncOk(a.cookie, [op])).results[0]!.status).toBe('applied');
    expect((await syncOk(b.cookie, [op])).results[0]!.status).toBe('applied');
    expect((await stats(b.cookie)).pts.total).toBe(10);
  });

  it('applies a review answer once, as the review endpoint would; a second one today is 412', async () => {
    const u = await createUser(t);
    const q = deepQ(7);
    // A wrong answer makes the card; it is due today.
    await syncOk(u.cookie, [answer(7, wrongOf(q))]);
    const cardId = 'grammar:deep-dive-7';
    const review = (choiceIndex: number): TSyncOp => ({
      opId: randomUUID(),
      type: 'review',
      cardId,
      choiceIndex,
      tz: 'Europe/Berlin',
    });
    // Options are in the order the card showed (shuffled for each round).
    const right = (await shownOptions(u.cookie, cardId)).indexOf(q.options[q.correctIndex]!);
    const op = review(right);
    const first = await syncOk(u.cookie, [op]);
    expect(first.results[0]).toMatchObject({
      status: 'applied',
      result: { correct: true, correctIndex: right, answer: q.options[q.correctIndex] },
    });
    // A replay returns the stored result and logs nothing more.
    const again = await syncOk(u.cookie, [op]);
    expect(again.results).toEqual([{ ...first.results[0], status: 'replayed' }]);
    expect(await rowCount('review_log', u.id)).toBe(1);
    // The op id is the review id: the answer endpoint sees the same review.
    const direct = await t.fetch(`/api/review/${encodeURIComponent(cardId)}/answer?tz=UTC`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: u.cookie },
      body: JSON.stringify({ choiceIndex: right, reviewId: op.opId }),
    });
    expect(direct.status).toBe(200);
    expect((await direct.json()).next).toEqual(
      (first.results[0] as { result: { next: unknown } }).result.next,
    );
    // Another answer to the card the same day: the review's 412, not remembered.
    const second = await syncOk(u.cookie, [review((right + 1) % q.options.length)]);
    expect(second.results[0]).toMatchObject({
      status: 'rejected',
      error: { code: 'failed-precondition' },
    });
    expect(await rowCount('review_log', u.id)).toBe(1);
    expect(await rowCount('client_op', u.id)).toBe(2);
  });

  it('a review answer first sent to the endpoint (reply lost) applies once when synced', async () => {
    const u = await createUser(t);
    await syncOk(u.cookie, [answer(8, wrongOf(deepQ(8)))]);
    const cardId = 'grammar:deep-dive-8';
    const q = deepQ(8);
    const right = (await shownOptions(u.cookie, cardId)).indexOf(q.options[q.correctIndex]!);
    const opId = randomUUID();
    const direct = await t.fetch(`/api/review/${encodeURIComponent(cardId)}/answer`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: u.cookie },
      body: JSON.stringify({ choiceIndex: right, reviewId: opId }),
    });
    expect(direct.status).toBe(200);
    const { results } = await syncOk(u.cookie, [
      { opId, type: 'review', cardId, choiceIndex: right, tz: 'UTC' },
    ]);
    // The same result; its points were added once, by the first request (the replay adds none).
    const first = await direct.json();
    expect(first.pointsAdded).toBe(10);
    const { correct, correctIndex, explanation, next } = first;
    expect(results[0]).toMatchObject({
      status: 'applied',
      result: { correct, correctIndex, explanation, next, pointsAdded: 0 },
    });
    expect(await rowCount('review_log', u.id)).toBe(1);
  });

  it('a typed review answer merges like a choice: graded from content, the word back to learning when missed', async () => {
    const u = await createUser(t);
    const word = catalog.vocabulary.sets[0]!.words[0]!;
    const cardId = `word:${word.id}`;
    await syncOk(u.cookie, [
      { opId: randomUUID(), type: 'item', kind: 'word', itemId: word.id, op: 'complete' },
    ]);
    // The first review chooses; once it is due again the card asks for the word typed.
    const options = await shownOptions(u.cookie, cardId);
    const chosen = await syncOk(u.cookie, [
      {
        opId: randomUUID(),
        type: 'review',
        cardId,
        choiceIndex: options.indexOf(word.word),
        tz: 'UTC',
      },
    ]);
    expect(chosen.results[0]).toMatchObject({ status: 'applied', result: { correct: true } });
    await t.db.db
      .updateTable('review_card')
      .set({ due: new Date(Date.now() - 60_000).toISOString() })
      .where('user_id', '=', u.id)
      .execute();
    // A choice sent to a typed card is rejected (and not remembered); the typed one applies.
    const wrongKind = await syncOk(u.cookie, [
      { opId: randomUUID(), type: 'review', cardId, choiceIndex: 0, tz: 'UTC' },
    ]);
    expect(wrongKind.results[0]).toMatchObject({
      status: 'rejected',
      error: { code: 'invalid-argument' },
    });
    const op: TSyncOp = {
      opId: randomUUID(),
      type: 'review',
      cardId,
      typed: `${word.word.slice(0, -1)}`,
      tz: 'UTC',
    };
    const typed = await syncOk(u.cookie, [op]);
    expect(typed.results[0]).toMatchObject({
      status: 'applied',
      result: { correct: false, correctIndex: null, answer: word.word, pointsAdded: 0 },
    });
    expect((await syncOk(u.cookie, [op])).results[0]).toMatchObject({ status: 'replayed' });
    expect(await rowCount('review_log', u.id)).toBe(2);
    const lists = await get(u.cookie, '/api/items/word');
    expect(lists.learning).toEqual([word.id]);
    expect(lists.completed).toEqual([]);
    // An op must carry exactly one answer: both, or neither, is a 400 naming the op.
    for (const bad of [
      { ...op, opId: randomUUID(), choiceIndex: 0 },
      { opId: randomUUID(), type: 'review', cardId, tz: 'UTC' },
      { ...op, opId: randomUUID(), typed: '' },
    ]) {
      const res = await sync(u.cookie, { ops: [bad] });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect((await res.json()).error.details.path.slice(0, 2)).toEqual(['ops', 0]);
    }
  });

  it('rejects review answers to unknown or foreign cards and refuses a bad zone or card id', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    await syncOk(a.cookie, [answer(9, wrongOf(deepQ(9)))]);
    const review = (cardId: string, tz = 'UTC'): TSyncOp => ({
      opId: randomUUID(),
      type: 'review',
      cardId,
      choiceIndex: 0,
      tz,
    });
    const { results } = await syncOk(b.cookie, [
      review('grammar:deep-dive-9'), // A's card
      review('grammar:no-such-question'),
      review('nonsense'),
    ]);
    expect(results.map((r) => (r.status === 'rejected' ? r.error.code : r.status))).toEqual([
      'not-found',
      'not-found',
      'not-found',
    ]);
    expect(await rowCount('review_log', a.id)).toBe(0);
    expect(await rowCount('client_op', b.id)).toBe(0);
    for (const bad of [review('grammar:deep-dive-9', 'Mars/Olympus'), review('x')]) {
      const res = await sync(b.cookie, { ops: [bad] });
      expect(res.status).toBe(400);
      const { error } = await res.json();
      expect(error.message).toContain('ops.0');
      expect(error.details.path.slice(0, 2)).toEqual(['ops', 0]);
    }
  });

  it('limits: 1 to 200 ops, every op well-formed, a 64 KiB body', async () => {
    const u = await createUser(t);
    const status = async (body: unknown) => (await sync(u.cookie, body)).status;
    expect(await status({ ops: [] })).toBe(400);
    expect(await status({})).toBe(400);
    expect(await status('{"ops": [')).toBe(400);
    expect(await status({ ops: [answer(1, 0)], extra: 1 })).toBe(400);
    expect(await status({ ops: [{ ...answer(1, 0), opId: 'not-a-uuid' }] })).toBe(400);
    expect(await status({ ops: [{ ...answer(1, 0), type: 'visit' }] })).toBe(400);
    expect(await status({ ops: [answer(1, 4)] })).toBe(400);
    const tooMany = Array.from({ length: MAX_SYNC_OPS + 1 }, (_, i) => answer((i % 30) + 1, 0));
    const res = await sync(u.cookie, { ops: tooMany });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toContain('ops');
    const full = Array.from({ length: MAX_SYNC_OPS }, (_, i) => answer((i % 30) + 1, 0));
    expect((await syncOk(u.cookie, full)).results).toHaveLength(MAX_SYNC_OPS);
    const huge = {
      ops: Array.from({ length: MAX_SYNC_OPS }, () => ({
        opId: randomUUID(),
        type: 'attempt',
        attemptId: randomUUID(),
        topicId: 'nouns',
        answers: Array.from({ length: 100 }, () => 0),
      })),
    };
    expect(await status(huge)).toBe(413);
    expect(await rowCount('grammar_answer', u.id)).toBe(30);
  });
});

describe(`doodle uploads with ${OP_ID_HEADER} (${testDialect})`, () => {
  const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2]);
  const upload = (cookie: string, opId?: string) =>
    t.fetch('/api/doodles/batna', {
      method: 'POST',
      headers: {
        'Content-Type': 'image/png',
        Cookie: cookie,
        ...(opId ? { [OP_ID_HEADER]: opId } : {}),
      },
      body: PNG,
    });

  it('stores one doodle however often the same upload is retried', async () => {
    const u = await createUser(t);
    const opId = randomUUID();
    const first = await upload(u.cookie, opId);
    expect(first.status).toBe(201);
    const doodle = await first.json();
    const retries = await Promise.all([upload(u.cookie, opId), upload(u.cookie, opId)]);
    for (const r of retries) {
      expect(r.status).toBe(200);
      expect(await r.json()).toEqual(doodle);
    }
    const { doodles } = await get(u.cookie, '/api/doodles');
    expect(doodles.map((d: { id: string }) => d.id)).toEqual([doodle.id]);
    expect((await get(u.cookie, '/api/items/word')).doodled).toEqual(['batna']);
    // Without the header every upload is a new doodle, as before.
    expect((await upload(u.cookie)).status).toBe(201);
    expect((await get(u.cookie, '/api/doodles')).doodles).toHaveLength(2);
  });

  it('refuses an op id that is not a UUID and stores nothing', async () => {
    const u = await createUser(t);
    const res = await upload(u.cookie, 'again');
    expect(res.status).toBe(400);
    expect((await get(u.cookie, '/api/doodles')).doodles).toEqual([]);
  });
});

function insightId(): string {
  const id = [...catalog.itemIds.insight].find((i) => !catalog.premiumIds.insight.has(i));
  if (!id) throw new Error('expected a free insight');
  return id;
}
