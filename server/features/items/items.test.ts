import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDialect, type TestServer } from '../../test/support';
import { createUser, jsonCall } from '../../test/users';
import { applyListOp, getLists, patchRecord } from './service';

const contentDir = join(import.meta.dirname, '..', '..', '..', 'content');
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ contentDir, env: { TRUSTED_PROXIES: '127.0.0.1' } });
});
afterAll(() => t.close());

const call = jsonCall(() => t);
const WORD = 'negotiation-leverage';
const OTHER = 'batna';
const lists = async (cookie: string) => (await call(cookie, 'GET', '/api/items/word')).json();

describe(`per-item records (${testDialect})`, () => {
  it('the first open creates the record with status visited and visits 1; later opens add a visit and a time', async () => {
    const { cookie } = await createUser(t);
    const first = await (await call(cookie, 'POST', `/api/items/word/${WORD}/visit`)).json();
    expect(first).toMatchObject({
      kind: 'word',
      itemId: WORD,
      visits: 1,
      status: 'visited',
      liked: false,
      entries: [],
      showAgain: true,
      gameScore: null,
      planned: false,
    });
    // A visit answers without the visit times (the page shows the count); a read has them.
    expect(first).not.toHaveProperty('visitedAt');
    const read = async () => (await call(cookie, 'GET', `/api/items/word/${WORD}`)).json();
    expect((await read()).visitedAt).toHaveLength(1);
    const second = await (await call(cookie, 'POST', `/api/items/word/${WORD}/visit`)).json();
    expect(second.visits).toBe(2);
    const { visitedAt } = await read();
    expect(visitedAt).toHaveLength(2);
    expect(Date.parse(visitedAt[1])).toBeGreaterThanOrEqual(Date.parse(visitedAt[0]));
  });

  it('a learned word can be undone: uncomplete takes it off completed and out of review; learning keeps its card', async () => {
    const { cookie, id } = await createUser(t);
    const cards = async () =>
      (
        await t.db.db
          .selectFrom('review_card')
          .select('card_id')
          .where('user_id', '=', id)
          .execute()
      ).map((r) => r.card_id);
    await call(cookie, 'POST', `/api/items/word/${WORD}/learning`);
    expect(await lists(cookie)).toMatchObject({ completed: [], learning: [WORD] });
    await call(cookie, 'POST', `/api/items/word/${WORD}/complete`);
    expect(await lists(cookie)).toMatchObject({ completed: [WORD], learning: [WORD] });
    expect(await cards()).toEqual([`word:${WORD}`]);
    const undone = await (await call(cookie, 'POST', `/api/items/word/${WORD}/uncomplete`)).json();
    expect(undone).toMatchObject({ completed: false, learning: true });
    expect(await cards()).toEqual([]);
    // Learned again, then missed: back to learning, the review card kept.
    await call(cookie, 'POST', `/api/items/word/${WORD}/complete`);
    await call(cookie, 'POST', `/api/items/word/${WORD}/learning`);
    expect(await lists(cookie)).toMatchObject({ completed: [], learning: [WORD] });
    expect(await cards()).toEqual([`word:${WORD}`]);
    // A word never studied and undone is simply new again.
    await call(cookie, 'POST', `/api/items/word/${OTHER}/complete`);
    await call(cookie, 'POST', `/api/items/word/${OTHER}/uncomplete`);
    const after = await lists(cookie);
    expect(after.completed).toEqual([]);
    expect(after.learning).toEqual([WORD]);
    // Other kinds have no learning list.
    expect(
      (await call(cookie, 'POST', '/api/items/prompt/announce-a-new-hire-on-linkedin/learning'))
        .status,
    ).toBe(400);
  });

  it('100 parallel visits give visits exactly 100', async () => {
    const { cookie } = await createUser(t);
    const results = await Promise.all(
      Array.from({ length: 100 }, () => call(cookie, 'POST', `/api/items/word/${WORD}/visit`)),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const record = await (await call(cookie, 'GET', `/api/items/word/${WORD}`)).json();
    expect(record.visits).toBe(100);
    expect(record.visitedAt).toHaveLength(100);
  });

  it('plan adds once even in parallel; unplan drops; complete moves planned to completed', async () => {
    const { cookie } = await createUser(t);
    await Promise.all(
      Array.from({ length: 20 }, () => call(cookie, 'POST', `/api/items/word/${WORD}/plan`)),
    );
    await call(cookie, 'POST', `/api/items/word/${OTHER}/plan`);
    const both = await lists(cookie);
    expect([...both.planned].sort()).toEqual([OTHER, WORD].sort());
    expect(both).toMatchObject({ completed: [], saved: [], doodled: [] });
    await call(cookie, 'POST', `/api/items/word/${OTHER}/unplan`);
    expect((await lists(cookie)).planned).toEqual([WORD]);
    const done = await (await call(cookie, 'POST', `/api/items/word/${WORD}/complete`)).json();
    expect(done).toMatchObject({ planned: false, completed: true });
    expect(await lists(cookie)).toMatchObject({ planned: [], completed: [WORD] });
  });

  it('the doodled list has no duplicates', async () => {
    const { cookie } = await createUser(t);
    await Promise.all(
      Array.from({ length: 10 }, () => call(cookie, 'POST', `/api/items/word/${WORD}/doodled`)),
    );
    expect((await lists(cookie)).doodled).toEqual([WORD]);
  });

  it('updates liked, status, entries, showAgain and gameScore for words', async () => {
    const { cookie } = await createUser(t);
    const res = await call(cookie, 'PATCH', `/api/items/word/${WORD}`, {
      liked: true,
      gameScore: 80,
      showAgain: false,
      entries: [{ note: 'use in the Q3 pitch' }],
      status: 'started',
    });
    expect(res.status).toBe(200);
    expect((await lists(cookie)).liked).toEqual([WORD]);
    expect(await res.json()).toMatchObject({
      liked: true,
      gameScore: 80,
      showAgain: false,
      entries: [{ note: 'use in the Q3 pitch' }],
      status: 'started',
    });
  });

  it.each([
    [
      'an operation the kind does not have (save a word)',
      'POST',
      `/api/items/word/${WORD}/save`,
      undefined,
      400,
    ],
    ['an unknown kind', 'POST', `/api/items/recipe/${WORD}/plan`, undefined, 400],
    ['an unknown operation', 'POST', `/api/items/word/${WORD}/archive`, undefined, 400],
    ['an unknown item id', 'POST', '/api/items/word/not-a-word/plan', undefined, 404],
    ['an unknown item id on visit', 'POST', '/api/items/word/not-a-word/visit', undefined, 404],
    ['a gameScore over 100', 'PATCH', `/api/items/word/${WORD}`, { gameScore: 101 }, 400],
    ['an unknown field', 'PATCH', `/api/items/word/${WORD}`, { visits: 1000 }, 400],
    ['an empty patch', 'PATCH', `/api/items/word/${WORD}`, {}, 400],
    [
      'too many entries',
      'PATCH',
      `/api/items/word/${WORD}`,
      { entries: Array.from({ length: 51 }, () => 'x') },
      400,
    ],
    [
      'entries over 64 KiB',
      'PATCH',
      `/api/items/word/${WORD}`,
      { entries: ['x'.repeat(66 * 1024)] },
      413,
    ],
  ] as const)('refuses %s and changes nothing', async (_label, method, path, body, status) => {
    const { cookie } = await createUser(t);
    const res = await call(cookie, method, path, body);
    expect(res.status).toBe(status);
    expect(await lists(cookie)).toEqual({
      planned: [],
      completed: [],
      saved: [],
      doodled: [],
      learning: [],
      liked: [],
    });
    expect(await (await call(cookie, 'GET', `/api/items/word/${WORD}`)).json()).toBeNull();
  });

  it('refuses guests and never shows another user’s records', async () => {
    expect((await call(null, 'POST', `/api/items/word/${WORD}/visit`)).status).toBe(401);
    expect((await call(null, 'GET', '/api/items/word')).status).toBe(401);
    const a = await createUser(t);
    const b = await createUser(t);
    await call(a.cookie, 'POST', `/api/items/word/${WORD}/plan`);
    await call(a.cookie, 'PATCH', `/api/items/word/${WORD}`, { liked: true });
    expect((await lists(b.cookie)).planned).toEqual([]);
    expect(await (await call(b.cookie, 'GET', `/api/items/word/${WORD}`)).json()).toBeNull();
  });
});

describe(`list rules of the other kinds (${testDialect})`, () => {
  // Prompts, interviews and activities arrive with issue 6; the rules are checked on the
  // service directly against the real database.
  it('saving adds to saved and removes from planned; unsaving removes from saved', async () => {
    const { id } = await createUser(t);
    const db = t.db.db;
    await applyListOp(db, id, 'prompt', 'p1', 'plan');
    await applyListOp(db, id, 'prompt', 'p1', 'save');
    expect(await getLists(db, id, 'prompt')).toEqual({
      planned: [],
      completed: [],
      saved: ['p1'],
      doodled: [],
      learning: [],
      liked: [],
    });
    await applyListOp(db, id, 'prompt', 'p1', 'unsave');
    expect((await getLists(db, id, 'prompt')).saved).toEqual([]);
    for (const kind of ['interview', 'activity'] as const) {
      await applyListOp(db, id, kind, 'x', 'save');
      expect((await getLists(db, id, kind)).saved).toEqual(['x']);
    }
  });

  it('insights cannot be saved; prompts and insights have no showAgain or gameScore', async () => {
    const { id } = await createUser(t);
    const db = t.db.db;
    await expect(applyListOp(db, id, 'insight', 'i1', 'save')).rejects.toThrow(/cannot be "save"/);
    await expect(applyListOp(db, id, 'prompt', 'p1', 'doodled')).rejects.toThrow(
      /cannot be "doodled"/,
    );
    await expect(patchRecord(db, id, 'prompt', 'p1', { showAgain: false })).rejects.toThrow(
      /no showAgain/,
    );
    await expect(patchRecord(db, id, 'insight', 'i1', { gameScore: 3 })).rejects.toThrow(
      /no gameScore/,
    );
    const prompt = await patchRecord(db, id, 'prompt', 'p1', { liked: true });
    expect(prompt).not.toHaveProperty('showAgain');
    expect(prompt).not.toHaveProperty('gameScore');
    const interview = await patchRecord(db, id, 'interview', 'q1', { gameScore: 4 });
    expect(interview).toMatchObject({ showAgain: true, gameScore: 4 });
  });
});
