import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SyncOpResult, TSyncOp } from '../../core/sync/ops';
import { ApiError } from './http-client';
import { DB_NAME, readAll } from './offline-store';
import {
  currentSyncView,
  enqueue,
  isQueued,
  recordGuest,
  recordGuestDoodle,
  resetSyncForTests,
  sendOrQueue,
  setSyncUser,
  syncNow,
} from './sync';

interface Call {
  url: string;
  init: RequestInit;
  ops: TSyncOp[];
}

/** A stand-in server: answers /api/sync from `reply`, or fails the way `reply` says. */
function fakeServer(reply: (call: Call, n: number) => Response | 'network') {
  const calls: Call[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const body =
      typeof init.body === 'string' ? (JSON.parse(init.body) as { ops: TSyncOp[] }) : null;
    const call = { url, init, ops: body?.ops ?? [] };
    calls.push(call);
    const r = reply(call, calls.length);
    if (r === 'network') throw new TypeError('Failed to fetch');
    return r;
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const applyAll = (call: Call) =>
  json({
    results: call.ops.map((op): SyncOpResult => ({
      opId: op.opId,
      status: 'applied',
      result: {
        questionId: 'x',
        choiceIndex: 0,
        correct: true,
        correctIndex: 0,
        pointsAdded: 10,
        firstAnswer: true,
      },
    })),
  });

const uuid = () => crypto.randomUUID();
const answer = (n: number): TSyncOp => ({
  opId: uuid(),
  type: 'answer',
  questionId: `deep-dive-${n}`,
  choiceIndex: 0,
});

beforeEach(async () => {
  await resetSyncForTests();
  await deleteDB(DB_NAME);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('guest progress', () => {
  it('is sent once on sign-in with the ops it was made with, then cleared, and said once', async () => {
    const ops = [answer(1), answer(2), answer(3)];
    await setSyncUser(null);
    for (const op of ops) await recordGuest(op, { correct: true, tags: [] });
    const calls = fakeServer(applyAll);
    await setSyncUser('user-1');
    const syncCalls = calls.filter((c) => c.url === '/api/sync');
    expect(syncCalls).toHaveLength(1);
    expect(syncCalls[0]!.ops).toEqual(ops);
    expect((await readAll()).guest).toEqual([]);
    expect(currentSyncView()).toMatchObject({ merged: true, pending: { answers: 0, changes: 0 } });
    // Nothing left: a second run sends nothing.
    await syncNow();
    expect(calls.filter((c) => c.url === '/api/sync')).toHaveLength(1);
  });

  it('is kept when the merge fails for want of a network, and sent with the same op ids later', async () => {
    await setSyncUser(null);
    const op = answer(4);
    await recordGuest(op);
    let online = false;
    // The first request reaches the server but its answer is lost.
    const calls = fakeServer((call) => (online ? applyAll(call) : 'network'));
    await setSyncUser('user-1');
    expect(currentSyncView()).toMatchObject({ phase: 'offline', pending: { answers: 1 } });
    expect((await readAll()).guest.map((r) => r.op)).toEqual([op]);
    online = true;
    await syncNow();
    const sent = calls.filter((c) => c.url === '/api/sync').map((c) => c.ops.map((o) => o.opId));
    expect(sent).toEqual([[op.opId], [op.opId]]);
    expect((await readAll()).guest).toEqual([]);
  });

  it('uploads guest doodles after the batch, naming each op id', async () => {
    await setSyncUser(null);
    await recordGuest(answer(5));
    await recordGuestDoodle('batna', new Uint8Array([0x89, 0x50, 0x4e, 0x47]).buffer);
    const calls = fakeServer((call) =>
      call.url === '/api/sync' ? applyAll(call) : json({ id: 'd1', wordId: 'batna' }, 201),
    );
    await setSyncUser('user-1');
    expect(calls.map((c) => c.url)).toEqual(['/api/sync', '/api/doodles/batna']);
    const headers = calls[1]!.init.headers as Record<string, string>;
    expect(headers['X-Op-Id']).toMatch(/^[0-9a-f-]{36}$/);
    expect((await readAll()).doodles).toEqual([]);
  });
});

describe('the outbox', () => {
  it('keeps an op that could not be sent, for its user only, and says so', async () => {
    await setSyncUser(null);
    fakeServer(() => 'network');
    await setSyncUser('user-1');
    const op = answer(6);
    const err = await sendOrQueue('user-1', op, undefined, () =>
      Promise.reject(new ApiError('unavailable', 'offline', 0)),
    ).catch((e: unknown) => e);
    expect(isQueued(err)).toBe(true);
    const { outbox } = await readAll();
    expect(outbox.map((r) => [r.userId, r.op])).toEqual([['user-1', op]]);
    expect(currentSyncView().pending).toEqual({ answers: 1, changes: 0 });
  });

  it('does not queue what the server refused (a 4xx is an answer, not an outage)', async () => {
    const refusal = new ApiError('not-found', 'no such question', 404);
    await expect(
      sendOrQueue('user-1', answer(7), undefined, () => Promise.reject(refusal)),
    ).rejects.toBe(refusal);
    expect((await readAll()).outbox).toEqual([]);
  });

  it('sends the signed-in user’s ops when the network is back, never another user’s', async () => {
    await setSyncUser(null);
    fakeServer(() => 'network');
    await setSyncUser('user-1');
    const mine = answer(8);
    await enqueue('user-1', mine);
    await enqueue('user-2', answer(9));
    const calls = fakeServer(applyAll);
    await syncNow();
    expect(calls.map((c) => c.ops)).toEqual([[mine]]);
    const { outbox } = await readAll();
    expect(outbox.map((r) => r.userId)).toEqual(['user-2']);
    expect(currentSyncView()).toMatchObject({
      phase: 'idle',
      justSynced: true,
      merged: false,
      pending: { answers: 0, changes: 0 },
    });
  });

  it('drops an op the server can never accept (400 names it) and sends the rest', async () => {
    await setSyncUser(null);
    fakeServer(() => 'network');
    await setSyncUser('user-1');
    const [a, b, c] = [answer(10), answer(11), answer(12)];
    for (const op of [a, b, c]) await enqueue('user-1', op);
    const calls = fakeServer((call, n) =>
      n === 1
        ? json(
            {
              error: {
                code: 'invalid-argument',
                message: 'Invalid request: ops.1.choiceIndex: Too big.',
                details: { path: ['ops', 1, 'choiceIndex'] },
              },
            },
            400,
          )
        : applyAll(call),
    );
    await syncNow();
    expect(calls.map((call) => call.ops.map((o) => o.opId))).toEqual([
      [a.opId, b.opId, c.opId],
      [a.opId, c.opId],
    ]);
    expect((await readAll()).outbox).toEqual([]);
    expect(currentSyncView().dropped).toBe(1);
  });

  it('forgets rejected ops and counts them', async () => {
    await setSyncUser(null);
    fakeServer(() => 'network');
    await setSyncUser('user-1');
    const op = answer(13);
    await enqueue('user-1', op);
    fakeServer(() =>
      json({
        results: [
          { opId: op.opId, status: 'rejected', error: { code: 'not-found', message: 'gone' } },
        ],
      }),
    );
    await syncNow();
    expect((await readAll()).outbox).toEqual([]);
    expect(currentSyncView()).toMatchObject({ dropped: 1, justSynced: false });
  });

  it('keeps everything when the session has ended (401)', async () => {
    await setSyncUser(null);
    fakeServer(() => 'network');
    await setSyncUser('user-1');
    await enqueue('user-1', answer(14));
    fakeServer(() => json({ error: { code: 'unauthenticated', message: 'Please log in.' } }, 401));
    await syncNow();
    expect((await readAll()).outbox).toHaveLength(1);
    expect(currentSyncView().phase).toBe('idle');
  });
});
