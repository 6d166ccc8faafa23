/**
 * Concurrency (issue 9): for every counter and list, N requests at once (N = 20–50) give
 * exactly the right totals, checked by counting rows in the database. Runs on SQLite by
 * default and on PostgreSQL under `scripts/with-postgres.mjs`.
 *
 * Covered elsewhere, not repeated here: concurrent review answers to one card
 * (server/features/review/review.test.ts, "ten concurrent answers to one card apply once"
 * and "a retried answer with the same reviewId …"), one Stripe event delivered ten times at
 * once (billing.test.ts), and the same counters across two app servers (two-servers.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OP_ID_HEADER, type SyncResponse, type TSyncOp } from '../core/sync/ops';
import { loadCatalog } from './content/catalog';
import type { Database } from './db/schema';
import { startTestServer, testDialect, type TestServer } from './test/support';
import { createUser } from './test/users';

const contentDir = join(import.meta.dirname, '..', 'content');
const catalog = loadCatalog(contentDir);
const topics = [...catalog.grammar.topics].map(([id, topic]) => ({ id, ...topic }));
const questions = topics.flatMap((t) => t.questions);
const words = [...catalog.itemIds.word];
const freePrompts = [...catalog.itemIds.prompt].filter((id) => !catalog.premiumIds.prompt.has(id));
const skills = catalog.skills?.skills.map((s) => s.id) ?? [];
if (words.length < 20 || freePrompts.length < 20 || skills.length < 5 || questions.length < 50)
  throw new Error('expected more content');

/** Storage quota for the doodle tests: room for exactly QUOTA_FILES big PNGs. */
const BIG_PNG_BYTES = 1000;
const QUOTA_FILES = 10;
const QUOTA = BIG_PNG_BYTES * QUOTA_FILES;
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const png = (bytes: number) => {
  const data = new Uint8Array(bytes);
  data.set(PNG_HEAD);
  return data;
};

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({
    contentDir,
    env: { TRUSTED_PROXIES: '127.0.0.1', STORAGE_QUOTA_BYTES: String(QUOTA) },
  });
});
afterAll(() => t.close());

const times = <T>(n: number, fn: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => fn(i)));

async function call(cookie: string, method: string, path: string, body?: unknown) {
  return t.fetch(path, {
    method,
    headers: {
      Cookie: cookie,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

type UserTable =
  | 'user_item'
  | 'item_visit'
  | 'grammar_answer'
  | 'points_event'
  | 'quiz_attempt'
  | 'topic_score'
  | 'review_card'
  | 'skill_score'
  | 'client_op';

/** Rows of a per-user table, optionally narrowed to one column value. */
async function count<T extends UserTable>(
  table: T,
  userId: string,
  where?: [keyof Database[T] & string, string],
): Promise<number> {
  // Kysely's generic column typing does not follow a table parameter; these are plain reads.
  let q = t.db.db
    .selectFrom(table as 'user_item')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId);
  if (where) q = q.where(where[0] as 'kind', '=', where[1]);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

async function totalPoints(userId: string): Promise<number> {
  const row = await t.db.db
    .selectFrom('points_event')
    .select((eb) => eb.fn.sum<number>('points').as('p'))
    .where('user_id', '=', userId)
    .where('tag', '=', 'total')
    .executeTakeFirst();
  return Number(row?.p ?? 0);
}

const item = (userId: string, kind: string, itemId: string) =>
  t.db.db
    .selectFrom('user_item')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('item_id', '=', itemId)
    .execute();

async function doodleFiles(userId: string): Promise<number> {
  const row = await t.db.db
    .selectFrom('storage_object')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_id', '=', userId)
    .where('full_path', 'like', `users/${userId}/doodles/%`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const statuses = (responses: Response[]) => responses.map((r) => r.status);
const all = (n: number, status: number) => Array.from({ length: n }, () => status);

describe(`concurrency: N requests at once give exact totals (${testDialect})`, () => {
  describe('visits', () => {
    it('50 visits to one item at once: visits = 50 and 50 visit times', async () => {
      const u = await createUser(t);
      const res = await times(50, () => call(u.cookie, 'POST', '/api/items/word/metric/visit'));
      expect(statuses(res)).toEqual(all(50, 200));
      const rows = await item(u.id, 'word', 'metric');
      expect(rows).toHaveLength(1);
      expect(Number(rows[0]!.visits)).toBe(50);
      expect(rows[0]!.status).toBe('visited');
      expect(await count('item_visit', u.id)).toBe(50);
      // Every response saw a distinct count: 1…50, each once.
      const seen = await Promise.all(res.map(async (r) => (await r.json()).visits as number));
      expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    });

    it('10 users × 5 items, 2 visits each, all 100 at once: every record exactly 2', async () => {
      const users = await Promise.all(Array.from({ length: 10 }, () => createUser(t)));
      const targets = words.slice(0, 5);
      const res = await Promise.all(
        users.flatMap((u) =>
          targets.flatMap((w) =>
            [0, 1].map(() => call(u.cookie, 'POST', `/api/items/word/${w}/visit`)),
          ),
        ),
      );
      expect(statuses(res)).toEqual(all(100, 200));
      for (const u of users) {
        const rows = await t.db.db
          .selectFrom('user_item')
          .select(['item_id', 'visits'])
          .where('user_id', '=', u.id)
          .orderBy('item_id')
          .execute();
        expect(rows.map((r) => [r.item_id, Number(r.visits)])).toEqual(
          [...targets].sort().map((w) => [w, 2]),
        );
        expect(await count('item_visit', u.id)).toBe(10);
      }
    });
  });

  describe('points', () => {
    it('30 users answer the same question correctly at once: 10 points each', async () => {
      const q = questions[0]!;
      const users = await Promise.all(Array.from({ length: 30 }, () => createUser(t)));
      const res = await Promise.all(
        users.map((u) =>
          call(u.cookie, 'POST', '/api/grammar/answers', {
            questionId: q.id,
            choiceIndex: q.correctIndex,
          }),
        ),
      );
      expect(statuses(res)).toEqual(all(30, 200));
      for (const u of users) {
        expect(await totalPoints(u.id)).toBe(10);
        expect(await count('grammar_answer', u.id)).toBe(1);
      }
    });

    it('one user answers one question 30 times at once: the first answer counts, points once', async () => {
      const u = await createUser(t);
      const q = questions[1]!;
      const wrong = (q.correctIndex + 1) % q.options.length;
      const res = await times(30, (i) =>
        call(u.cookie, 'POST', '/api/grammar/answers', {
          questionId: q.id,
          choiceIndex: i % 2 === 0 ? q.correctIndex : wrong,
        }),
      );
      expect(statuses(res)).toEqual(all(30, 200));
      const bodies = await Promise.all(
        res.map(
          async (r) =>
            (await r.json()) as { firstAnswer: boolean; pointsAdded: number; choiceIndex: number },
        ),
      );
      expect(bodies.filter((b) => b.firstAnswer)).toHaveLength(1);
      const stored = await t.db.db
        .selectFrom('grammar_answer')
        .select(['choice', 'correct'])
        .where('user_id', '=', u.id)
        .execute();
      expect(stored).toHaveLength(1);
      const correct = stored[0]!.correct === 1;
      // Every reply names the one stored answer; points only if that one was right.
      for (const b of bodies) expect(b.choiceIndex).toBe(stored[0]!.choice);
      expect(bodies.reduce((n, b) => n + b.pointsAdded, 0)).toBe(correct ? 10 : 0);
      expect(await totalPoints(u.id)).toBe(correct ? 10 : 0);
      // A wrong first answer makes one review card, however many came at once.
      expect(await count('review_card', u.id)).toBe(correct ? 0 : 1);
    });

    it('one user answers 40 different questions at once: 10 points for each', async () => {
      const u = await createUser(t);
      const qs = questions.slice(2, 42);
      const res = await Promise.all(
        qs.map((q) =>
          call(u.cookie, 'POST', '/api/grammar/answers', {
            questionId: q.id,
            choiceIndex: q.correctIndex,
          }),
        ),
      );
      expect(statuses(res)).toEqual(all(40, 200));
      expect(await count('grammar_answer', u.id)).toBe(40);
      expect(await totalPoints(u.id)).toBe(400);
      // Per tag: each question adds 10 to each of its tags.
      const expected = new Map<string, number>();
      for (const q of qs)
        for (const tag of q.tags) expected.set(tag, (expected.get(tag) ?? 0) + 10);
      const byTag = await t.db.db
        .selectFrom('points_event')
        .select(['tag', t.db.db.fn.sum<number>('points').as('p')])
        .where('user_id', '=', u.id)
        .where('tag', '!=', 'total')
        .groupBy('tag')
        .execute();
      expect(new Map(byTag.map((r) => [r.tag, Number(r.p)]))).toEqual(expected);
    });

    it('a quiz submitted 20 times at once with one attempt id adds its points once', async () => {
      const u = await createUser(t);
      const topic = topics[0]!;
      const attemptId = randomUUID();
      const answers = topic.questions.map((q) => q.correctIndex);
      const res = await times(20, () =>
        call(u.cookie, 'POST', '/api/grammar/attempts', {
          attemptId,
          topicId: topic.id,
          answers,
        }),
      );
      expect(statuses(res)).toEqual(all(20, 200));
      const bodies = await Promise.all(
        res.map(async (r) => (await r.json()) as { replayed: boolean; pointsAdded: number }),
      );
      expect(bodies.filter((b) => !b.replayed)).toHaveLength(1);
      expect(bodies.reduce((n, b) => n + b.pointsAdded, 0)).toBe(10 * topic.questions.length);
      expect(await count('quiz_attempt', u.id)).toBe(1);
      expect(await count('topic_score', u.id)).toBe(1);
      expect(await totalPoints(u.id)).toBe(10 * topic.questions.length);
    });

    it('20 different quiz runs at once each add their points', async () => {
      const u = await createUser(t);
      const topic = topics[1]!;
      const answers = topic.questions.map((q) => q.correctIndex);
      const res = await times(20, () =>
        call(u.cookie, 'POST', '/api/grammar/attempts', {
          attemptId: randomUUID(),
          topicId: topic.id,
          answers,
        }),
      );
      expect(statuses(res)).toEqual(all(20, 200));
      expect(await count('quiz_attempt', u.id)).toBe(20);
      expect(await count('topic_score', u.id)).toBe(1);
      expect(await totalPoints(u.id)).toBe(20 * 10 * topic.questions.length);
    });
  });

  describe('plans, saves and completes', () => {
    it('20 identical plans at once: one record, planned once', async () => {
      const u = await createUser(t);
      const p = freePrompts[0]!;
      const res = await times(20, () => call(u.cookie, 'POST', `/api/items/prompt/${p}/plan`));
      expect(statuses(res)).toEqual(all(20, 200));
      const rows = await item(u.id, 'prompt', p);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.planned_at).not.toBeNull();
      const lists = await (await call(u.cookie, 'GET', '/api/items/prompt')).json();
      expect(lists.planned).toEqual([p]);
    });

    it('20 identical completes of a word at once: completed once, one review card', async () => {
      const u = await createUser(t);
      const w = words[1]!;
      const res = await times(20, () => call(u.cookie, 'POST', `/api/items/word/${w}/complete`));
      expect(statuses(res)).toEqual(all(20, 200));
      expect(await item(u.id, 'word', w)).toHaveLength(1);
      expect(await count('review_card', u.id)).toBe(1);
      const lists = await (await call(u.cookie, 'GET', '/api/items/word')).json();
      expect(lists.completed).toEqual([w]);
    });

    it('20 items × plan, save, complete, all 60 at once: every item saved and completed, none planned', async () => {
      const u = await createUser(t);
      const ps = freePrompts.slice(0, 20);
      const res = await Promise.all(
        ps.flatMap((p) =>
          (['plan', 'save', 'complete'] as const).map((op) =>
            call(u.cookie, 'POST', `/api/items/prompt/${p}/${op}`),
          ),
        ),
      );
      expect(statuses(res)).toEqual(all(60, 200));
      expect(await count('user_item', u.id)).toBe(20);
      expect(await count('user_item', u.id, ['kind', 'prompt'])).toBe(20);
      const rows = await t.db.db
        .selectFrom('user_item')
        .select(['item_id', 'saved_at', 'completed_at', 'planned_at'])
        .where('user_id', '=', u.id)
        .execute();
      for (const r of rows) {
        expect(r.saved_at).not.toBeNull();
        expect(r.completed_at).not.toBeNull();
      }
      // A plan that lands after the complete or save puts the item back on the plan; the
      // list agrees with the rows either way.
      const lists = await (await call(u.cookie, 'GET', '/api/items/prompt')).json();
      expect(lists.saved).toHaveLength(20);
      expect(lists.completed).toHaveLength(20);
      expect([...lists.planned].sort()).toEqual(
        rows
          .filter((r) => r.planned_at !== null)
          .map((r) => r.item_id)
          .sort(),
      );
    });

    it('20 plans of different items at once, then 10 unplans at once: 10 left planned', async () => {
      const u = await createUser(t);
      const ws = words.slice(0, 20);
      const planned = await Promise.all(
        ws.map((w) => call(u.cookie, 'POST', `/api/items/word/${w}/plan`)),
      );
      expect(statuses(planned)).toEqual(all(20, 200));
      const unplanned = await Promise.all(
        ws.slice(0, 10).map((w) => call(u.cookie, 'POST', `/api/items/word/${w}/unplan`)),
      );
      expect(statuses(unplanned)).toEqual(all(10, 200));
      expect(await count('user_item', u.id)).toBe(20);
      const left = await t.db.db
        .selectFrom('user_item')
        .select('item_id')
        .where('user_id', '=', u.id)
        .where('planned_at', 'is not', null)
        .execute();
      expect(left.map((r) => r.item_id).sort()).toEqual(ws.slice(10).sort());
      const lists = await (await call(u.cookie, 'GET', '/api/items/word')).json();
      expect([...lists.planned].sort()).toEqual(ws.slice(10).sort());
    });
  });

  describe('doodles', () => {
    const upload = (cookie: string, word: string, body: Uint8Array<ArrayBuffer>, opId?: string) =>
      t.fetch(`/api/doodles/${word}`, {
        method: 'POST',
        headers: {
          Cookie: cookie,
          'Content-Type': 'image/png',
          ...(opId ? { [OP_ID_HEADER]: opId } : {}),
        },
        body,
      });

    it('20 uploads of the same word at once: 20 files, the word doodled once', async () => {
      const u = await createUser(t);
      const w = words[2]!;
      const res = await times(20, () => upload(u.cookie, w, png(100)));
      expect(statuses(res)).toEqual(all(20, 201));
      expect(await doodleFiles(u.id)).toBe(20);
      const rows = await item(u.id, 'word', w);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.doodled_at).not.toBeNull();
      const lists = await (await call(u.cookie, 'GET', '/api/items/word')).json();
      expect(lists.doodled).toEqual([w]);
      const gallery = await (await call(u.cookie, 'GET', '/api/doodles')).json();
      expect(gallery.doodles).toHaveLength(20);
    });

    it('one upload retried 20 times at once with one op id stores one doodle', async () => {
      const u = await createUser(t);
      const w = words[3]!;
      const opId = randomUUID();
      const res = await times(20, () => upload(u.cookie, w, png(100), opId));
      expect(statuses(res).filter((s) => s === 201)).toHaveLength(1);
      expect(statuses(res).filter((s) => s === 200)).toHaveLength(19);
      const ids = new Set(await Promise.all(res.map(async (r) => (await r.json()).id as string)));
      expect(ids.size).toBe(1);
      expect(await doodleFiles(u.id)).toBe(1);
      expect(await count('client_op', u.id)).toBe(1);
    });

    it('20 uploads at once against a quota with room for 10: exactly 10 stored', async () => {
      const u = await createUser(t);
      const res = await times(2 * QUOTA_FILES, (i) =>
        upload(u.cookie, words[i % 5]!, png(BIG_PNG_BYTES)),
      );
      expect(statuses(res).filter((s) => s === 201)).toHaveLength(QUOTA_FILES);
      expect(statuses(res).filter((s) => s === 402)).toHaveLength(QUOTA_FILES);
      expect(await doodleFiles(u.id)).toBe(QUOTA_FILES);
      const used = await t.db.db
        .selectFrom('storage_object')
        .select((eb) => eb.fn.sum<number>('size').as('bytes'))
        .where('owner_id', '=', u.id)
        .executeTakeFirstOrThrow();
      expect(Number(used.bytes)).toBe(QUOTA);
    });
  });

  describe('skills', () => {
    it('20 PUTs of one skill at once leave one row holding one of the sent scores', async () => {
      const u = await createUser(t);
      const skill = skills[0]!;
      const res = await times(20, (i) =>
        call(u.cookie, 'PUT', `/api/skills/${skill}`, { score: (i % 5) + 1 }),
      );
      expect(statuses(res)).toEqual(all(20, 200));
      const rows = await t.db.db
        .selectFrom('skill_score')
        .select(['skill_id', 'score'])
        .where('user_id', '=', u.id)
        .execute();
      expect(rows).toHaveLength(1);
      expect([1, 2, 3, 4, 5]).toContain(Number(rows[0]!.score));
      const state = await (await call(u.cookie, 'GET', '/api/skills')).json();
      expect(state.scores[skill]).toBe(Number(rows[0]!.score));
    });

    it('PUTs of every skill at once, 4 each: one row per skill with a sent score', async () => {
      const u = await createUser(t);
      const score = (skill: string) => (skills.indexOf(skill) % 5) + 1;
      const res = await Promise.all(
        skills.flatMap((s) =>
          [0, 1, 2, 3].map(() => call(u.cookie, 'PUT', `/api/skills/${s}`, { score: score(s) })),
        ),
      );
      expect(statuses(res)).toEqual(all(4 * skills.length, 200));
      expect(await count('skill_score', u.id)).toBe(skills.length);
      const state = await (await call(u.cookie, 'GET', '/api/skills')).json();
      for (const s of skills) expect(state.scores[s]).toBe(score(s));
    });
  });

  describe('sync replays', () => {
    const sync = (cookie: string, ops: TSyncOp[]) => call(cookie, 'POST', '/api/sync', { ops });

    it('one batch of answers, quiz, list ops and a like sent 20 times at once applies each op once', async () => {
      const u = await createUser(t);
      const qs = questions.slice(60, 70);
      const topic = topics[2]!;
      const ops: TSyncOp[] = [
        ...qs.map((q): TSyncOp => ({
          opId: randomUUID(),
          type: 'answer',
          questionId: q.id,
          choiceIndex: q.correctIndex,
        })),
        {
          opId: randomUUID(),
          type: 'attempt',
          attemptId: randomUUID(),
          topicId: topic.id,
          answers: topic.questions.map((q) => q.correctIndex),
        },
        ...words.slice(0, 5).map((w): TSyncOp => ({
          opId: randomUUID(),
          type: 'item',
          kind: 'word',
          itemId: w,
          op: 'plan',
        })),
        { opId: randomUUID(), type: 'item', kind: 'word', itemId: words[5]!, op: 'complete' },
        { opId: randomUUID(), type: 'like', kind: 'prompt', itemId: freePrompts[0]!, liked: true },
      ];
      const res = await times(20, () => sync(u.cookie, ops));
      expect(statuses(res)).toEqual(all(20, 200));
      const bodies = await Promise.all(res.map(async (r) => (await r.json()) as SyncResponse));
      // Across the 20 replies, each op is applied exactly once and replayed 19 times.
      ops.forEach((op, i) => {
        const s = bodies.map((b) => b.results[i]!);
        for (const r of s) expect(r.opId).toBe(op.opId);
        expect(s.filter((r) => r.status === 'applied')).toHaveLength(1);
        expect(s.filter((r) => r.status === 'replayed')).toHaveLength(19);
      });
      expect(await count('client_op', u.id)).toBe(ops.length);
      expect(await count('grammar_answer', u.id)).toBe(qs.length);
      expect(await count('quiz_attempt', u.id)).toBe(1);
      expect(await totalPoints(u.id)).toBe(10 * qs.length + 10 * topic.questions.length);
      expect(await count('user_item', u.id)).toBe(7);
      expect(await count('review_card', u.id, ['kind', 'word'])).toBe(1);
      const lists = await (await call(u.cookie, 'GET', '/api/items/word')).json();
      expect([...lists.planned].sort()).toEqual(words.slice(0, 5).sort());
      expect(lists.completed).toEqual([words[5]]);
    });

    it('20 tabs at once, each with its own ops plus one shared op: all applied once', async () => {
      const u = await createUser(t);
      const shared = questions[80]!;
      const sharedOp: TSyncOp = {
        opId: randomUUID(),
        type: 'answer',
        questionId: shared.id,
        choiceIndex: shared.correctIndex,
      };
      const own = questions.slice(81, 101);
      const batches = own.map((q): TSyncOp[] => [
        { opId: randomUUID(), type: 'answer', questionId: q.id, choiceIndex: q.correctIndex },
        sharedOp,
      ]);
      const res = await Promise.all(batches.map((ops) => sync(u.cookie, ops)));
      expect(statuses(res)).toEqual(all(20, 200));
      const bodies = await Promise.all(res.map(async (r) => (await r.json()) as SyncResponse));
      for (const b of bodies) expect(b.results[0]!.status).toBe('applied');
      expect(bodies.filter((b) => b.results[1]!.status === 'applied')).toHaveLength(1);
      expect(bodies.filter((b) => b.results[1]!.status === 'replayed')).toHaveLength(19);
      expect(await count('client_op', u.id)).toBe(21);
      expect(await count('grammar_answer', u.id)).toBe(21);
      expect(await totalPoints(u.id)).toBe(210);
    });
  });
});
