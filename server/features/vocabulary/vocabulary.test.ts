import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncResponse, TSyncOp } from '../../../core/sync/ops';
import { MATCH_MAX_MS, MATCH_MIN_MS } from '../../../core/vocabulary/match';
import { loadCatalog } from '../../content/catalog';
import { dbDigest } from '../../test/digest';
import { startTestServer, testDialect, type TestServer } from '../../test/support';
import { createUser, jsonCall } from '../../test/users';

const contentDir = join(import.meta.dirname, '..', '..', '..', 'content');
const [SET, OTHER_SET] = loadCatalog(contentDir).vocabulary.sets.map((s) => s.id);
if (!SET || !OTHER_SET) throw new Error('expected two word sets in the content');

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ contentDir, env: { TRUSTED_PROXIES: '127.0.0.1' } });
});
afterAll(() => t.close());

const call = jsonCall(() => t);
const matchPath = (set: string) => `/api/vocabulary/${set}/match`;
const best = async (cookie: string, set = SET) => {
  const res = await call(cookie, 'GET', matchPath(set));
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return ((await res.json()) as { bestMs: number | null }).bestMs;
};
const post = (cookie: string | null, ms: unknown, set = SET) =>
  call(cookie, 'POST', matchPath(set), { ms });
const played = async (cookie: string, ms: number, set = SET) => {
  const res = await post(cookie, ms, set);
  expect(res.status).toBe(200);
  return res.json() as Promise<{ bestMs: number; newBest: boolean }>;
};
const rows = (userId: string) =>
  t.db.db
    .selectFrom('word_set_best')
    .select(['set_id', 'match_ms', 'played_at'])
    .where('user_id', '=', userId)
    .execute();

describe(`Match best times (${testDialect})`, () => {
  it('keeps the lowest time per set: a first time, a better one, a worse one and a tie', async () => {
    const { cookie, id } = await createUser(t);
    expect(await best(cookie)).toBeNull();
    expect(await played(cookie, 30_000)).toEqual({ bestMs: 30_000, newBest: true });
    expect(await played(cookie, 24_500)).toEqual({ bestMs: 24_500, newBest: true });
    const [row] = await rows(id);
    expect(await played(cookie, 40_000)).toEqual({ bestMs: 24_500, newBest: false });
    expect(await played(cookie, 24_500)).toEqual({ bestMs: 24_500, newBest: false });
    expect(await best(cookie)).toBe(24_500);
    // A worse time or a tie leaves the row as it was, its time of play included.
    expect(await rows(id)).toEqual([row]);
    // Sets are apart.
    expect(await best(cookie, OTHER_SET)).toBeNull();
    expect(await played(cookie, 50_000, OTHER_SET)).toEqual({ bestMs: 50_000, newBest: true });
    expect(Object.fromEntries((await rows(id)).map((r) => [r.set_id, Number(r.match_ms)]))).toEqual(
      { [SET]: 24_500, [OTHER_SET]: 50_000 },
    );
  });

  it('learners are apart: one’s best is not another’s', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    await played(a.cookie, 12_000);
    expect(await best(b.cookie)).toBeNull();
    expect(await played(b.cookie, 20_000)).toEqual({ bestMs: 20_000, newBest: true });
    expect(await best(a.cookie)).toBe(12_000);
  });

  it('results posted at the same moment keep the lowest, whatever order they land in', async () => {
    const { cookie, id } = await createUser(t);
    const times = [41_000, 9_000, 33_000, 9_500, 27_250, 15_000, 60_000, 12_345];
    const replies = await Promise.all(times.map((ms) => played(cookie, ms)));
    expect(await best(cookie)).toBe(9_000);
    expect(await rows(id)).toHaveLength(1);
    // The lowest is a new best whenever it landed; no reply claims a best below the lowest.
    expect(replies[1]).toEqual({ bestMs: 9_000, newBest: true });
    for (const r of replies) expect(r.bestMs).toBeGreaterThanOrEqual(9_000);
    // Two at once, twenty times: the lower of each pair is kept.
    for (let i = 0; i < 20; i++) {
      const { cookie: c } = await createUser(t);
      await Promise.all([played(c, 8_000 + i), played(c, 7_000 + i)]);
      expect(await best(c)).toBe(7_000 + i);
    }
  });

  it('refuses a bad time with 400 and changes nothing', async () => {
    const { cookie } = await createUser(t);
    await played(cookie, 20_000);
    const before = await dbDigest(t.db.db);
    for (const ms of [MATCH_MIN_MS - 1, MATCH_MAX_MS + 1, 0, -5, 1500.5, '20000', null]) {
      const res = await post(cookie, ms);
      expect(res.status, `ms ${String(ms)}`).toBe(400);
      expect((await res.json()).error.code).toBe('invalid-argument');
    }
    for (const body of [{}, { ms: 20_000, extra: 1 }, { time: 20_000 }]) {
      const res = await call(cookie, 'POST', matchPath(SET), body);
      expect(res.status).toBe(400);
    }
    expect(await dbDigest(t.db.db)).toBe(before);
    expect(await best(cookie)).toBe(20_000);
    // The bounds themselves are kept.
    expect(await played(cookie, MATCH_MIN_MS)).toEqual({ bestMs: MATCH_MIN_MS, newBest: true });
  });

  it('an unknown set is 404 for reads and writes, and nothing is stored', async () => {
    const { cookie, id } = await createUser(t);
    for (const res of [
      await call(cookie, 'GET', matchPath('no-such-set')),
      await post(cookie, 20_000, 'no-such-set'),
    ]) {
      expect(res.status).toBe(404);
      expect((await res.json()).error.code).toBe('not-found');
    }
    expect(await rows(id)).toEqual([]);
  });

  it('deleting the account deletes its best times, and no one else’s', async () => {
    const gone = await createUser(t);
    const kept = await createUser(t);
    await played(gone.cookie, 15_000);
    await played(kept.cookie, 16_000);
    const res = await call(gone.cookie, 'DELETE', '/api/me', { confirmEmail: gone.email });
    expect(res.status).toBe(200);
    expect(await rows(gone.id)).toEqual([]);
    expect(await best(kept.cookie)).toBe(16_000);
  });

  it('guests get 401; a write from another site is refused (403) and changes nothing', async () => {
    expect((await call(null, 'GET', matchPath(SET))).status).toBe(401);
    expect((await post(null, 20_000)).status).toBe(401);
    expect((await post(null, 'junk')).status).toBe(401);
    const { cookie, id } = await createUser(t);
    const res = await t.fetch(matchPath(SET), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Cookie: cookie,
        Origin: 'https://elsewhere.example',
      },
      body: JSON.stringify({ ms: 5_000 }),
    });
    expect(res.status).toBe(403);
    expect(await rows(id)).toEqual([]);
  });
});

describe(`a guest's best time merged on sign-up (${testDialect})`, () => {
  const sync = async (cookie: string, ops: TSyncOp[]) => {
    const res = await call(cookie, 'POST', '/api/sync', { ops });
    return { status: res.status, body: (await res.json()) as SyncResponse };
  };
  const matchOp = (ms: number, setId = SET): TSyncOp => ({
    opId: randomUUID(),
    type: 'match',
    setId,
    ms,
  });

  it('the account keeps the better of the two; a replayed op adds nothing', async () => {
    const { cookie } = await createUser(t);
    // A new account takes the guest's time.
    const first = matchOp(31_000);
    expect((await sync(cookie, [first])).body.results).toEqual([
      { opId: first.opId, status: 'applied', result: { bestMs: 31_000, newBest: true } },
    ]);
    expect(await best(cookie)).toBe(31_000);
    // The account's better time stays; the guest's better time wins.
    await played(cookie, 25_000);
    const worse = matchOp(28_000);
    const better = matchOp(19_800);
    const { body } = await sync(cookie, [worse, better]);
    expect(body.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    expect(body.results[0]).toMatchObject({ result: { bestMs: 25_000, newBest: false } });
    expect(body.results[1]).toMatchObject({ result: { bestMs: 19_800, newBest: true } });
    expect(await best(cookie)).toBe(19_800);
    // The same batch again (a lost reply, a second tab): replayed, the best unchanged.
    const again = await sync(cookie, [worse, better]);
    expect(again.body.results.map((r) => r.status)).toEqual(['replayed', 'replayed']);
    expect(await best(cookie)).toBe(19_800);
  });

  it('an op for a set that no longer exists is rejected, the rest applied; a bad time refuses the batch', async () => {
    const { cookie } = await createUser(t);
    const gone = matchOp(20_000, 'retired-set');
    const kept = matchOp(22_000);
    const { body } = await sync(cookie, [gone, kept]);
    expect(body.results[0]).toMatchObject({ status: 'rejected', error: { code: 'not-found' } });
    expect(body.results[1]).toMatchObject({ status: 'applied' });
    expect(await best(cookie)).toBe(22_000);

    const before = await dbDigest(t.db.db);
    const bad = await sync(cookie, [matchOp(10_000), matchOp(MATCH_MIN_MS - 1)]);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { details: { path: ['ops', 1, 'ms'] } } });
    expect(await dbDigest(t.db.db)).toBe(before);
  });
});
