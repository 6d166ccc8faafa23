import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import type { GrammarStats } from '../../core/grammar/results';
import type { ItemLists } from '../../core/items/items';
import { MAX_SYNC_OPS, SYNC_BATCH_BYTES } from '../../core/constants';
import type { TSyncOp } from '../../core/sync/ops';
import {
  addGuestDoodle,
  addGuestOp,
  addOutboxOp,
  closeStore,
  DB_NAME,
  describePending,
  keptEntriesRecord,
  overlayLists,
  overlayStats,
  putOutboxEntries,
  readAll,
  removeGuestDoodle,
  removeOps,
  summarize,
  toBatches,
  type LocalRecord,
} from './offline-store';

afterEach(async () => {
  await closeStore();
  await deleteDB(DB_NAME);
});

const uuid = () => crypto.randomUUID();
const answer = (questionId: string, choiceIndex: number): TSyncOp => ({
  opId: uuid(),
  type: 'answer',
  questionId,
  choiceIndex,
});
const item = (itemId: string, op: 'plan' | 'unplan' | 'complete'): TSyncOp => ({
  opId: uuid(),
  type: 'item',
  kind: 'word',
  itemId,
  op,
});
let seq = 0;
const rec = (op: TSyncOp, view?: LocalRecord['view']): LocalRecord => ({
  seq: ++seq,
  op,
  at: '2026-01-01T00:00:00.000Z',
  ...(view ? { view } : {}),
});

describe('offline store (IndexedDB)', () => {
  it('keeps guest ops and per-user outbox ops in order across a reopen', async () => {
    const a = answer('deep-dive-1', 2);
    const b = item('batna', 'plan');
    await addGuestOp(a, { correct: true, tags: ['verbs'] });
    await addGuestOp(b);
    await addOutboxOp('user-1', answer('deep-dive-2', 0));
    await addOutboxOp('user-2', answer('deep-dive-3', 1));
    await closeStore();

    const all = await readAll();
    expect(all.guest.map((r) => r.op)).toEqual([a, b]);
    expect(all.guest[0]!.view).toEqual({ correct: true, tags: ['verbs'] });
    expect(all.outbox.map((r) => [r.userId, r.op.type])).toEqual([
      ['user-1', 'answer'],
      ['user-2', 'answer'],
    ]);
    expect(all.guest.every((r) => typeof r.seq === 'number')).toBe(true);
  });

  it('removes exactly the records it is given', async () => {
    const kept = await addGuestOp(answer('deep-dive-1', 0));
    const gone = await addGuestOp(answer('deep-dive-2', 0));
    const out = await addOutboxOp('u', item('batna', 'plan'));
    await removeOps('guest', [gone!.seq]);
    await removeOps('outbox', [out!.seq]);
    const all = await readAll();
    expect(all.guest.map((r) => r.seq)).toEqual([kept!.seq]);
    expect(all.outbox).toEqual([]);
  });

  it('keeps one unsaved draft per user and item in the outbox, the newest', async () => {
    const draft = (userId: string, itemId: string, text: string) =>
      putOutboxEntries(userId, {
        opId: uuid(),
        type: 'entries',
        kind: 'prompt',
        itemId,
        entries: [{ type: 'response', text }],
      });
    const other = await addOutboxOp('user-1', answer('deep-dive-1', 0));
    await draft('user-1', 'decline', 'I');
    await draft('user-2', 'decline', 'theirs');
    await draft('user-1', 'other-prompt', 'else');
    const last = await draft('user-1', 'decline', 'I cannot');
    expect(last!.replaced).toHaveLength(1);
    const { outbox } = await readAll();
    expect(outbox.map((r) => r.seq)).toContain(other!.seq);
    const mine = outbox.filter((r) => r.userId === 'user-1');
    expect(keptEntriesRecord(mine, 'prompt', 'decline')?.op.entries).toEqual([
      { type: 'response', text: 'I cannot' },
    ]);
    expect(mine.filter((r) => r.op.type === 'entries')).toHaveLength(2);
    expect(outbox.filter((r) => r.userId === 'user-2')).toHaveLength(1);
  });

  it('keeps a guest doodle’s PNG bytes until it is removed', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]).buffer;
    expect(await addGuestDoodle('batna', png)).toMatchObject({ wordId: 'batna' });
    const [d] = (await readAll()).doodles;
    expect(d).toMatchObject({ wordId: 'batna' });
    expect(new Uint8Array(d!.png)).toEqual(new Uint8Array(png));
    expect(d!.opId).toMatch(/^[0-9a-f-]{36}$/);
    await removeGuestDoodle(d!.opId);
    expect((await readAll()).doodles).toEqual([]);
  });
});

describe('batches', () => {
  it('cut at 200 ops and at 48 KiB of JSON, keeping the order', () => {
    const small = Array.from({ length: 450 }, (_, i) => rec(answer(`q-${i}`, 0)));
    const batches = toBatches(small);
    expect(batches.map((b) => b.length)).toEqual([MAX_SYNC_OPS, MAX_SYNC_OPS, 50]);
    expect(batches.flat()).toEqual(small);

    const big = Array.from({ length: 200 }, () =>
      rec({
        opId: uuid(),
        type: 'attempt',
        attemptId: uuid(),
        topicId: 'nouns',
        answers: Array.from({ length: 100 }, () => 3),
      }),
    );
    const cut = toBatches(big);
    expect(cut.length).toBeGreaterThan(1);
    for (const b of cut)
      expect(JSON.stringify({ ops: b.map((r) => r.op) }).length).toBeLessThanOrEqual(
        SYNC_BATCH_BYTES + 16,
      );
    expect(cut.flat()).toEqual(big);
    expect(toBatches([])).toEqual([]);
  });
});

describe('overlays (what the learner sees before the server has it)', () => {
  const empty: GrammarStats = {
    pts: { total: 0, byTag: {} },
    questions: {},
    choices: {},
    topics: {},
  };

  it('count the first answer per question, points only for a right one, and quiz results', () => {
    const stats = overlayStats(
      { ...empty, questions: { 'deep-dive-9': false }, choices: { 'deep-dive-9': 1 } },
      [
        rec(answer('deep-dive-1', 2), { correct: true, tags: ['verbs', 'tenses'] }),
        rec(answer('deep-dive-1', 0), { correct: false, tags: ['verbs'] }), // later: ignored
        rec(answer('deep-dive-2', 1), { correct: false, tags: ['nouns'] }),
        rec(answer('deep-dive-9', 3), { correct: true, tags: ['nouns'] }), // server's first wins
        rec(
          {
            opId: uuid(),
            type: 'attempt',
            attemptId: uuid(),
            topicId: 'nouns',
            answers: [0, 1, 2],
          },
          { score: 67, points: 20, byTag: { nouns: 20, articles: 10 } },
        ),
      ],
    );
    expect(stats.choices).toEqual({ 'deep-dive-1': 2, 'deep-dive-2': 1, 'deep-dive-9': 1 });
    expect(stats.questions).toEqual({
      'deep-dive-1': true,
      'deep-dive-2': false,
      'deep-dive-9': false,
    });
    expect(stats.pts).toEqual({
      total: 30,
      byTag: { verbs: 10, tenses: 10, nouns: 20, articles: 10 },
    });
    expect(stats.topics).toEqual({ nouns: 67 });
  });

  it('apply list changes and likes of the kind in order, and ignore other kinds', () => {
    const base: ItemLists = {
      planned: ['a'],
      completed: [],
      saved: [],
      doodled: [],
      learning: [],
      liked: [],
    };
    const lists = overlayLists(
      base,
      [
        rec(item('b', 'plan')),
        rec(item('b', 'plan')),
        rec(item('a', 'complete')),
        rec({ opId: uuid(), type: 'like', kind: 'word', itemId: 'c', liked: true }),
        rec({ opId: uuid(), type: 'like', kind: 'word', itemId: 'c', liked: false }),
        rec({ opId: uuid(), type: 'like', kind: 'word', itemId: 'd', liked: true }),
        rec({ opId: uuid(), type: 'item', kind: 'prompt', itemId: 'p', op: 'plan' }),
        rec(answer('deep-dive-1', 0)),
      ],
      'word',
    );
    expect(lists).toEqual({
      planned: ['b'],
      completed: ['a'],
      saved: [],
      doodled: [],
      learning: [],
      liked: ['d'],
    });
  });

  it('describe what is waiting', () => {
    const records = [rec(answer('q1', 0)), rec(answer('q2', 0)), rec(item('b', 'plan'))];
    expect(describePending(summarize(records))).toBe('2 answers and 1 change');
    expect(describePending(summarize(records.slice(0, 1)))).toBe('1 answer');
    expect(describePending(summarize([], 2))).toBe('2 changes');
    expect(describePending(summarize([]))).toBe('');
    const review = (cardId: string) =>
      rec({ opId: uuid(), type: 'review', cardId, choiceIndex: 0, tz: 'UTC' });
    expect(describePending(summarize([review('word:a'), review('word:b')]))).toBe(
      '2 review answers',
    );
    expect(describePending(summarize([...records, review('grammar:deep-dive-1')]))).toBe(
      '2 answers, 1 review answer and 1 change',
    );
    expect(summarize([review('word:a')], 1)).toEqual({ answers: 0, reviews: 1, changes: 1 });
  });
});
