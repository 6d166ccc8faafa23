import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deepDiveQuestionId } from '../../../core/grammar/results';
import { namesPositions } from '../../../core/review/ask';
import type { ReviewAnswerResult, ReviewCardView, ReviewQueue } from '../../../core/review/results';
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
const byId = new Map<string, { options: string[]; correctIndex: number }>([
  ...allQuestions.map((q) => [q.id, q] as const),
  ...catalog.grammar.deepDive.map((q) => [deepDiveQuestionId(q.id), q] as const),
]);
/** A wrong option in the content's order (for grammar answers, which are not shuffled). */
const wrongIndex = (q: { correctIndex: number; options: string[] }) =>
  (q.correctIndex + 1) % q.options.length;
/** Every question's explanation names options by their words, so review shuffles them all. */
const positional = [...allQuestions, ...catalog.grammar.deepDive].filter((q) =>
  namesPositions(q.explanation),
);
/** Questions whose explanations once said "the first option…" and now quote the option. */
const reworded = ['comparative-superlative-adjectives-05', 'modifiers-14', 'tenses-07'];
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

/** A multiple-choice card's options as shown (they are shuffled for each round). */
function optionsOf(c: ReviewCardView | undefined): string[] {
  if (c?.answer !== 'choice') throw new Error(`${c?.cardId ?? 'no card'} is not a choice card`);
  return c.options;
}
/** The right answer's text: the word, or the grammar question's right option. */
function rightText(cardId: string): string {
  const [kind, itemId = ''] = cardId.split(/:(.*)/);
  if (kind === 'word') return catalog.vocabulary.words.get(itemId)!.word;
  const q = byId.get(itemId)!;
  return q.options[q.correctIndex]!;
}
/** Where the right option is, and a wrong one, on the card as shown. */
const rightOf = (c: ReviewCardView) => optionsOf(c).indexOf(rightText(c.cardId));
const wrongOf = (c: ReviewCardView) => (rightOf(c) + 1) % optionsOf(c).length;
/** The card as today's queue shows it. */
const shown = async (cookie: string, cardId: string) => {
  const c = (await queue(cookie)).cards.find((x) => x.cardId === cardId);
  if (!c) throw new Error(`${cardId} is not in the queue`);
  return c;
};
/** Makes a due card due again now, as if its days had passed. */
const dueAgain = (userId: string, cardId: string) =>
  t.db.db
    .updateTable('review_card')
    .set({ due: new Date(Date.now() - 3_600_000).toISOString() })
    .where('user_id', '=', userId)
    .where('card_id', '=', cardId)
    .execute();
/** The learner's word lists. */
const wordLists = async (cookie: string) =>
  (await (await call(cookie, 'GET', '/api/items/word')).json()) as {
    completed: string[];
    learning: string[];
  };

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

/** Answers every card of a queue rightly (grammar cards only), as shown. */
async function answerAll(cookie: string, q: ReviewQueue) {
  for (const c of q.cards) {
    const res = await answer(cookie, c.cardId, { choiceIndex: rightOf(c) });
    expect(res.status).toBe(200);
    expect(((await res.json()) as ReviewAnswerResult).correct).toBe(true);
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
    // New cards are all multiple choice.
    for (const c of q.cards)
      expect(Object.keys(c).sort()).toEqual(
        ['answer', 'cardId', 'detail', 'isNew', 'kind', 'options', 'prompt', 'source'].sort(),
      );
    expect(JSON.stringify(q)).not.toMatch(/correctIndex|explanation/);

    const grammarCard = q.cards.find((c) => c.cardId === `grammar:${q1!.id}`)!;
    expect(grammarCard).toMatchObject({
      kind: 'grammar',
      answer: 'choice',
      isNew: true,
      prompt: q1!.question,
      detail: null,
      source: { path: '/grammar/nouns' },
    });
    expect([...optionsOf(grammarCard)].sort()).toEqual([...q1!.options].sort());
    const wordCard = q.cards.find((c) => c.kind === 'word')!;
    const wordOptions = optionsOf(wordCard);
    expect(wordOptions).toHaveLength(4);
    expect(wordOptions).toContain(word.word);
    expect(new Set(wordOptions).size).toBe(4);
    for (const o of wordOptions) expect(set.words.map((w) => w.word)).toContain(o);
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
    const cardA = await shown(u.cookie, `grammar:${qa!.id}`);
    const cardB = await shown(u.cookie, `grammar:${qb!.id}`);
    const pass = await answer(u.cookie, cardA.cardId, { choiceIndex: rightOf(cardA) });
    expect(pass.status).toBe(200);
    const passed: ReviewAnswerResult = await pass.json();
    expect(passed).toMatchObject({
      correct: true,
      correctIndex: rightOf(cardA),
      answer: rightText(cardA.cardId),
    });
    expect(passed.explanation).toBe(qa!.explanation);
    expect(passed.next.scheduledDays).toBeGreaterThanOrEqual(2);
    expect(Date.parse(passed.next.due)).toBeGreaterThanOrEqual(before + 2 * DAY);

    const failed: ReviewAnswerResult = await (
      await answer(u.cookie, cardB.cardId, { choiceIndex: wrongOf(cardB) })
    ).json();
    expect(failed).toMatchObject({ correct: false, correctIndex: rightOf(cardB) });
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
    const cardA = await shown(u.cookie, `grammar:${qa!.id}`);
    const cardB = await shown(u.cookie, `grammar:${qb!.id}`);
    const wrong: ReviewAnswerResult = await (
      await answer(u.cookie, cardB.cardId, { choiceIndex: wrongOf(cardB) })
    ).json();
    expect(wrong).toMatchObject({ correct: false, pointsAdded: 0, goal: null });
    const right: ReviewAnswerResult = await (
      await answer(u.cookie, cardA.cardId, { choiceIndex: rightOf(cardA) })
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
    const choice = optionsOf(wordCard).indexOf(word.word);
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
      typed: null,
      correct: 1,
    });
    expect(Number(log!.next_stability)).toBeGreaterThan(0);
    expect(Date.now() - Date.parse(log!.reviewed_at)).toBeLessThan(60_000);
  });

  /** Answers batch after batch until the mode serves none: the card ids in the order served. */
  async function answerBatches(cookie: string, query = ''): Promise<string[][]> {
    const batches: string[][] = [];
    for (let q = await queue(cookie, query); q.cards.length > 0; q = await queue(cookie, query)) {
      batches.push(q.cards.map((c) => c.cardId));
      await answerAll(cookie, q);
    }
    return batches;
  }

  it('holds the daily caps with many cards due, serves them 20 at a time, and catch-up serves the rest in batches', async () => {
    const u = await createUser(t);
    const rows = await insertCards(u.id, 130, 25);
    const first = await queue(u.cookie);
    expect(first).toMatchObject({ dueToday: 120, waiting: 35 });
    // One batch: the oldest 20 due reviews (new cards come after the reviews).
    expect(first.cards.map((c) => c.cardId)).toEqual(rows.slice(0, 20).map((r) => r.card_id));
    expect(await count(u.cookie)).toBe(120);

    await answerAll(u.cookie, first);
    // The badge's count is the page's: what is still due today within the caps.
    expect(await count(u.cookie)).toBe(100);
    const today = [first.cards.map((c) => c.cardId), ...(await answerBatches(u.cookie))];
    expect(today.map((b) => b.length)).toEqual([20, 20, 20, 20, 20, 20]);
    expect(await count(u.cookie)).toBe(0);
    // The oldest 100 due reviews, then the oldest 20 new cards.
    expect(today.flat()).toEqual(
      [...rows.slice(0, 100), ...rows.slice(130, 150)].map((r) => r.card_id),
    );
    // Today's caps are used up: nothing due today, the backlog is waiting, never dumped.
    expect(await queue(u.cookie)).toEqual({
      dueToday: 0,
      waiting: 35,
      cards: [],
      nextDue: expect.any(String),
    });
    const catchUp = await queue(u.cookie, '?mode=catch-up');
    expect(catchUp).toMatchObject({ dueToday: 0, waiting: 35 });
    const later = await answerBatches(u.cookie, '?mode=catch-up');
    expect(later.map((b) => b.length)).toEqual([20, 15]);
    expect(later.flat()).toEqual(
      [...rows.slice(100, 130), ...rows.slice(150)].map((r) => r.card_id),
    );
    expect(await queue(u.cookie, '?mode=catch-up')).toEqual({
      dueToday: 0,
      waiting: 0,
      cards: [],
      nextDue: expect.any(String),
    });
    expect(await logs(u.id)).toHaveLength(155);
  });

  it('a catch-up batch is 20 cards however large the backlog', async () => {
    const u = await createUser(t);
    await insertCards(u.id, 230, 0);
    expect((await answerBatches(u.cookie)).flat()).toHaveLength(100);
    const batch = await queue(u.cookie, '?mode=catch-up');
    expect(batch).toMatchObject({ dueToday: 0, waiting: 130 });
    expect(batch.cards).toHaveLength(20);
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
    const c = await shown(u.cookie, `grammar:${q.id}`);
    const statuses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        answer(u.cookie, c.cardId, {
          choiceIndex: i % 2 ? rightOf(c) : wrongOf(c),
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
    const c = await shown(u.cookie, `grammar:${q.id}`);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        answer(u.cookie, c.cardId, { choiceIndex: rightOf(c), reviewId }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const bodies: ReviewAnswerResult[] = await Promise.all(results.map((r) => r.json()));
    // The same result each time; its points were added by exactly one of the ten requests.
    const result = ({ pointsAdded: _p, goal: _g, ...rest }: ReviewAnswerResult) => rest;
    for (const b of bodies) expect(result(b)).toEqual(result(bodies[0]!));
    expect(bodies[0]).toMatchObject({ correct: true, answer: rightText(c.cardId) });
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
    const res = await answer(b.cookie, `grammar:${q.id}`, { choiceIndex: 0 });
    expect(res.status).toBe(404);
    expect((await card(a.id, `grammar:${q.id}`))?.reps).toBe(0);
    expect(await logs(b.id)).toEqual([]);
    // A's reviewId cannot be replayed by B to read A's result.
    const reviewId = randomUUID();
    await answer(a.cookie, `grammar:${q.id}`, { choiceIndex: 0, reviewId });
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

describe(`review asks for recall (${testDialect})`, () => {
  const wordCardId = `word:${word.id}`;
  /** A completed word, answered once rightly and due again: its card now asks for the word. */
  async function typedCard(u: { id: string; cookie: string }) {
    await call(u.cookie, 'POST', `/api/items/word/${word.id}/complete`);
    const first = await shown(u.cookie, wordCardId);
    expect((await answer(u.cookie, wordCardId, { choiceIndex: rightOf(first) })).status).toBe(200);
    await dueAgain(u.id, wordCardId);
    const c = await shown(u.cookie, wordCardId);
    expect(c.answer).toBe('typed');
    return c;
  }

  it('word cards alternate recognition and typed recall, the same on a reload', async () => {
    const u = await createUser(t);
    await call(u.cookie, 'POST', `/api/items/word/${word.id}/complete`);
    const first = await shown(u.cookie, wordCardId);
    expect(first).toMatchObject({ answer: 'choice', isNew: true });
    expect((await answer(u.cookie, wordCardId, { choiceIndex: rightOf(first) })).status).toBe(200);

    // Days later (reps 1): type the word for its meaning, with no options to choose from.
    await dueAgain(u.id, wordCardId);
    const typed = await shown(u.cookie, wordCardId);
    expect(typed).toEqual({
      cardId: wordCardId,
      kind: 'word',
      isNew: false,
      answer: 'typed',
      prompt: 'Type the word for this meaning',
      detail: word.definition,
      source: { label: set.title, path: expect.any(String) },
    });
    expect(await shown(u.cookie, wordCardId)).toEqual(typed); // a reload asks the same

    // Case and surrounding spaces are forgiven.
    const res = await answer(u.cookie, wordCardId, { typed: `  ${word.word.toUpperCase()} ` });
    expect(res.status).toBe(200);
    const right: ReviewAnswerResult = await res.json();
    expect(right).toMatchObject({
      correct: true,
      correctIndex: null,
      answer: word.word,
      pointsAdded: 10,
    });
    expect(right.explanation).toContain(word.definition);
    expect((await card(u.id, wordCardId))?.reps).toBe(2);

    // And back to recognition (reps 2).
    await dueAgain(u.id, wordCardId);
    expect((await shown(u.cookie, wordCardId)).answer).toBe('choice');
    expect((await wordLists(u.cookie)).completed).toContain(word.id);
  });

  it('a misspelled word is wrong: the result names the word, the log keeps what was typed, the word is learning again', async () => {
    const u = await createUser(t);
    await typedCard(u);
    expect((await wordLists(u.cookie)).completed).toContain(word.id);
    const misspelled = word.word.slice(0, -1);
    const before = Date.now();
    const res: ReviewAnswerResult = await (
      await answer(u.cookie, wordCardId, { typed: misspelled })
    ).json();
    expect(res).toMatchObject({
      correct: false,
      correctIndex: null,
      answer: word.word,
      pointsAdded: 0,
      next: { scheduledDays: 1 },
    });
    const typedLog = (await logs(u.id)).find((l) => l.typed !== null);
    expect(typedLog).toMatchObject({
      card_id: wordCardId,
      typed: misspelled,
      choice_index: -1,
      correct_index: -1,
      correct: 0,
      rating: 1,
    });
    // Missed in review: on the learning list, off completed; its card stays scheduled.
    const lists = await wordLists(u.cookie);
    expect(lists.learning).toContain(word.id);
    expect(lists.completed).not.toContain(word.id);
    const row = await card(u.id, wordCardId);
    expect(row).toMatchObject({ suspended: 0, reps: 2 });
    expect(Date.parse(row!.due)).toBeGreaterThan(before);
    expect(await reviewPoints(u.id)).toBe(10); // the first, right answer only
  });

  it('a word missed on a multiple-choice card goes back to learning; a right one stays completed', async () => {
    const u = await createUser(t);
    const other = set.words[1]!;
    for (const w of [word, other]) await call(u.cookie, 'POST', `/api/items/word/${w.id}/complete`);
    const missed = await shown(u.cookie, wordCardId);
    const kept = await shown(u.cookie, `word:${other.id}`);
    await answer(u.cookie, missed.cardId, { choiceIndex: wrongOf(missed) });
    await answer(u.cookie, kept.cardId, { choiceIndex: rightOf(kept) });
    const lists = await wordLists(u.cookie);
    expect(lists.learning).toEqual([word.id]);
    expect(lists.completed).toEqual([other.id]);
    expect((await card(u.id, wordCardId))?.suspended).toBe(0);
  });

  it('refuses the wrong kind of answer with 400 and changes nothing', async () => {
    const u = await createUser(t);
    const other = set.words[1]!;
    await call(u.cookie, 'POST', `/api/items/word/${other.id}/complete`);
    const choiceId = `word:${other.id}`;
    expect((await shown(u.cookie, choiceId)).answer).toBe('choice');
    await typedCard(u);
    const logsBefore = (await logs(u.id)).length;
    const listsBefore = await wordLists(u.cookie);
    const cardsBefore = [await card(u.id, wordCardId), await card(u.id, choiceId)];

    const typedOnChoice = await answer(u.cookie, choiceId, { typed: other.word });
    expect(typedOnChoice.status).toBe(400);
    expect((await typedOnChoice.json()).error.message).toMatch(/multiple choice.*choiceIndex/);
    const choiceOnTyped = await answer(u.cookie, wordCardId, { choiceIndex: 0 });
    expect(choiceOnTyped.status).toBe(400);
    expect((await choiceOnTyped.json()).error.message).toMatch(/typed/);
    for (const body of [
      { choiceIndex: 0, typed: word.word },
      { typed: '' },
      { typed: '   ' },
      { typed: 'x'.repeat(121) },
      { typed: 5 },
      { typed: null },
      { reviewId: randomUUID() },
    ])
      for (const id of [wordCardId, choiceId])
        expect((await answer(u.cookie, id, body)).status, JSON.stringify(body)).toBe(400);

    expect(await logs(u.id)).toHaveLength(logsBefore);
    expect(await wordLists(u.cookie)).toEqual(listsBefore);
    expect([await card(u.id, wordCardId), await card(u.id, choiceId)]).toEqual(cardsBefore);
    // The card still takes the right kind of answer.
    expect((await answer(u.cookie, wordCardId, { typed: word.word })).status).toBe(200);
  });

  it('a typed answer replayed with its reviewId returns the logged result and applies once', async () => {
    const u = await createUser(t);
    await typedCard(u);
    const reviewId = randomUUID();
    const first: ReviewAnswerResult = await (
      await answer(u.cookie, wordCardId, { typed: 'not the word', reviewId })
    ).json();
    expect(first).toMatchObject({ correct: false, answer: word.word, correctIndex: null });
    const replay = await answer(u.cookie, wordCardId, { typed: word.word, reviewId });
    expect(replay.status).toBe(200);
    const again: ReviewAnswerResult = await replay.json();
    expect(again).toEqual(first); // a miss adds no points, so no goal either time
    expect(await logs(u.id)).toHaveLength(2);
  });

  it('no explanation names an option by its place, so every grammar question is shuffled', () => {
    // "The first option…" would point at the wrong option once review shuffles them; the
    // content check (scripts/check-grammar-content.ts) refuses such an explanation.
    expect(positional.map((q) => q.id)).toEqual([]);
    expect(allQuestions.length + catalog.grammar.deepDive.length).toBeGreaterThan(500);
  });

  it('grammar options are shuffled each round, and graded against the order shown', async () => {
    const u = await createUser(t);
    const picked = [
      ...allQuestions.slice(0, 5),
      ...reworded.map((id) => allQuestions.find((q) => q.id === id)!),
    ];
    for (const q of picked)
      await call(u.cookie, 'POST', '/api/grammar/answers', {
        questionId: q.id,
        choiceIndex: wrongIndex(q),
      });
    const ids = picked.map((q) => `grammar:${q.id}`);
    const round = async () => {
      const q = await queue(u.cookie);
      expect(await queue(u.cookie)).toEqual(q); // the same until answered
      return new Map(q.cards.map((c) => [c.cardId, c]));
    };

    const first = await round();
    const contentOrder = (id: string) => byId.get(id.slice('grammar:'.length))!.options;
    expect(ids.some((id) => optionsOf(first.get(id)).join() !== contentOrder(id).join())).toBe(
      true,
    );
    for (const c of first.values()) {
      const res: ReviewAnswerResult = await (
        await answer(u.cookie, c.cardId, { choiceIndex: rightOf(c) })
      ).json();
      expect(res).toMatchObject({ correct: true, correctIndex: rightOf(c) });
    }

    for (const id of ids) await dueAgain(u.id, id);
    const second = await round();
    const moved = ids.filter((id) => rightOf(second.get(id)!) !== rightOf(first.get(id)!));
    expect(moved.length).toBeGreaterThan(0);
    // Where the right option was last round is wrong now; where it is now is right.
    const [stale, ...rest] = moved;
    const staleRes: ReviewAnswerResult = await (
      await answer(u.cookie, stale!, { choiceIndex: rightOf(first.get(stale!)!) })
    ).json();
    expect(staleRes).toMatchObject({ correct: false, correctIndex: rightOf(second.get(stale!)!) });
    for (const id of [...rest, ...ids.filter((i) => !moved.includes(i))]) {
      const c = second.get(id)!;
      const res: ReviewAnswerResult = await (
        await answer(u.cookie, id, { choiceIndex: rightOf(c) })
      ).json();
      expect(res.correct, id).toBe(true);
    }
  });
});
