/**
 * Two app servers on one database (issue 9): each its own Hono app, HTTP server on
 * 127.0.0.1 and database pool, sharing nothing but the database (and the auth secret, as
 * two servers behind one load balancer do). The issue asks for PostgreSQL — under
 * `scripts/with-postgres.mjs` both servers use the same PostgreSQL database; on SQLite
 * they open the same file (WAL lets several connections share it), which proves the same
 * on one machine. (Both SQLite servers run in this one process on two connections;
 * better-sqlite3 is synchronous and a transaction's statements run without yielding to
 * the event loop, so neither server ever sits in SQLite's busy wait on the other.)
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyAssignment, TeamAssignment } from '../core/teams/assignments';
import type { SyncResponse, TSyncOp } from '../core/sync/ops';
import type { TeamProgress } from '../core/teams/teams';
import { AUTH_ROUTE_LIMITS, SIGN_IN_FAILURES } from '../core/limits';
import { loadCatalog } from './content/catalog';
import { teamFixtures } from './features/teams/team-fixtures';
import { startTestServer, testDialect, type TestServer } from './test/support';
import { authPost, createUser, nextIp, PASSWORD, uniqueEmail } from './test/users';

const contentDir = join(import.meta.dirname, '..', 'content');
const catalog = loadCatalog(contentDir);
const WEBHOOK_SECRET = 'whsec_test_two_servers_secret';
const env = { TRUSTED_PROXIES: '127.0.0.1', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET };

let s1: TestServer;
let s2: TestServer;
beforeAll(async () => {
  s1 = await startTestServer({ contentDir, env });
  s2 = await startTestServer({ contentDir, env, shareWith: s1 });
});
afterAll(async () => {
  await s2?.close();
  await s1?.close();
});

/** Request i goes to server 1 when i is even, server 2 when odd. */
const pick = (i: number) => (i % 2 === 0 ? s1 : s2);
const db = () => s1.db.db;

async function call(t: TestServer, cookie: string, method: string, path: string, body?: unknown) {
  return t.fetch(path, {
    method,
    headers: {
      Cookie: cookie,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

const team = teamFixtures(() => s1);

describe(`two app servers on one ${testDialect} database`, () => {
  it('are two servers: different ports, different pools, one database', async () => {
    expect(s1.url).not.toBe(s2.url);
    expect(s1.db.db).not.toBe(s2.db.db);
    expect(s1.config.databaseUrl).toBe(s2.config.databaseUrl);
    expect(s1.db.location).toBe(s2.db.location);
    expect((await s1.fetch('/api/health')).status).toBe(200);
    expect((await s2.fetch('/api/health')).status).toBe(200);
  });

  it('a session made on server 1 works on server 2; signing out on server 1 ends it on both', async () => {
    const u = await createUser(s1);
    const me1 = await s1.fetch('/api/me', { headers: { Cookie: u.cookie } });
    const me2 = await s2.fetch('/api/me', { headers: { Cookie: u.cookie } });
    expect(me1.status).toBe(200);
    expect(me2.status).toBe(200);
    expect((await me2.json()).email).toBe(u.email);
    // Better Auth's own session endpoint on server 2 agrees.
    const session = await s2.fetch('/api/auth/get-session', { headers: { Cookie: u.cookie } });
    expect((await session.json())?.user?.email).toBe(u.email);

    const out = await authPost(s1, '/sign-out', {}, u.cookie);
    expect(out.status).toBe(200);
    expect((await s1.fetch('/api/me', { headers: { Cookie: u.cookie } })).status).toBe(401);
    expect((await s2.fetch('/api/me', { headers: { Cookie: u.cookie } })).status).toBe(401);
    const rows = await db().selectFrom('session').select('id').where('userId', '=', u.id).execute();
    expect(rows).toHaveLength(0);
  });

  it('50 visits to one item, alternating servers, all at once: visits = 50', async () => {
    const u = await createUser(s1);
    const N = 50;
    const statuses = await Promise.all(
      Array.from(
        { length: N },
        async (_, i) =>
          (await call(pick(i), u.cookie, 'POST', '/api/items/word/metric/visit')).status,
      ),
    );
    expect(statuses).toEqual(Array.from({ length: N }, () => 200));
    const row = await db()
      .selectFrom('user_item')
      .select('visits')
      .where('user_id', '=', u.id)
      .where('kind', '=', 'word')
      .where('item_id', '=', 'metric')
      .executeTakeFirstOrThrow();
    expect(Number(row.visits)).toBe(N);
    const visits = await db()
      .selectFrom('item_visit')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(Number(visits.n)).toBe(N);
    // Both servers read the same total.
    for (const t of [s1, s2]) {
      const rec = await (await call(t, u.cookie, 'GET', '/api/items/word/metric')).json();
      expect(rec.visits).toBe(N);
    }
  });

  it('answers sent to both servers at once add points once per question', async () => {
    const u = await createUser(s1);
    const questions = [...catalog.grammar.topics.values()].flatMap((t) => t.questions).slice(0, 12);
    // Every question answered correctly on both servers at the same time.
    const results = await Promise.all(
      questions.flatMap((q) =>
        [s1, s2].map(async (t) => {
          const res = await call(t, u.cookie, 'POST', '/api/grammar/answers', {
            questionId: q.id,
            choiceIndex: q.correctIndex,
          });
          expect(res.status).toBe(200);
          return (await res.json()) as { questionId: string; pointsAdded: number };
        }),
      ),
    );
    for (const q of questions) {
      const added = results.filter((r) => r.questionId === q.id).map((r) => r.pointsAdded);
      expect(added.sort((a, b) => a - b)).toEqual([0, 10]);
    }
    const total = await db()
      .selectFrom('points_event')
      .select((eb) => eb.fn.sum<number>('points').as('p'))
      .where('user_id', '=', u.id)
      .where('tag', '=', 'total')
      .executeTakeFirstOrThrow();
    expect(Number(total.p)).toBe(10 * questions.length);
    const answers = await db()
      .selectFrom('grammar_answer')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(Number(answers.n)).toBe(questions.length);
    for (const t of [s1, s2]) {
      const stats = await (await call(t, u.cookie, 'GET', '/api/grammar/stats')).json();
      expect(stats.pts.total).toBe(10 * questions.length);
    }
  });

  it('a sync batch replayed on both servers at once (10 each) applies each op once', async () => {
    const u = await createUser(s1);
    const qs = [...catalog.grammar.topics.values()].flatMap((t) => t.questions).slice(20, 30);
    const ops: TSyncOp[] = [
      ...qs.map((q): TSyncOp => ({
        opId: randomUUID(),
        type: 'answer',
        questionId: q.id,
        choiceIndex: q.correctIndex,
      })),
      { opId: randomUUID(), type: 'item', kind: 'word', itemId: 'trend', op: 'plan' },
    ];
    const res = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call(pick(i), u.cookie, 'POST', '/api/sync', { ops })),
    );
    expect(res.map((r) => r.status)).toEqual(Array.from({ length: 20 }, () => 200));
    const bodies = await Promise.all(res.map(async (r) => (await r.json()) as SyncResponse));
    ops.forEach((_, i) => {
      const st = bodies.map((b) => b.results[i]?.status);
      expect(st.filter((x) => x === 'applied')).toHaveLength(1);
      expect(st.filter((x) => x === 'replayed')).toHaveLength(19);
    });
    const n = async (table: 'client_op' | 'grammar_answer') =>
      Number(
        (
          await db()
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', u.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await n('client_op')).toBe(ops.length);
    expect(await n('grammar_answer')).toBe(qs.length);
    const stats = await (await call(s2, u.cookie, 'GET', '/api/grammar/stats')).json();
    expect(stats.pts.total).toBe(10 * qs.length);
  });

  it('the per-IP sign-in limit counts across both servers, also when hit at once', async () => {
    const { max } = AUTH_ROUTE_LIMITS['/sign-in/email'];
    const u = await createUser(s1);
    // One client address, wrong passwords for different addresses (so only the per-IP
    // limit applies), alternating servers one after another: 401 up to the limit, then 429.
    const ip = nextIp();
    const seq: number[] = [];
    for (let i = 0; i < max + 3; i++) {
      const res = await authPost(
        pick(i),
        '/sign-in/email',
        { email: i === 0 ? u.email : uniqueEmail('nobody'), password: 'wrong password 1' },
        undefined,
        ip,
      );
      seq.push(res.status);
    }
    expect(seq).toEqual([...Array(max).fill(401), 429, 429, 429]);
    // Another address, all at once across both servers: exactly `max` get through.
    const burstIp = nextIp();
    const burst = await Promise.all(
      Array.from({ length: 4 * max }, async (_, i) => {
        const res = await authPost(
          pick(i),
          '/sign-in/email',
          { email: uniqueEmail('nobody'), password: 'wrong password 1' },
          undefined,
          burstIp,
        );
        return res.status;
      }),
    );
    expect(burst.filter((s) => s === 401)).toHaveLength(max);
    expect(burst.filter((s) => s === 429)).toHaveLength(3 * max);
    // The right password from a fresh address still works: only that client was limited.
    const ok = await authPost(s2, '/sign-in/email', { email: u.email, password: PASSWORD });
    expect(ok.status).toBe(200);
  });

  it('sign-in failures for an address count across both servers, also when they come at once', async () => {
    const { perClient, perAddress } = SIGN_IN_FAILURES;
    // One client, one address, alternating servers: the failures add up on both, and past
    // them that client waits out the window (Better Auth's per-IP limit is one minute).
    const a = await createUser(s1);
    const ip = nextIp();
    const seq: number[] = [];
    for (let i = 0; i < perClient + 1; i++) {
      const res = await authPost(
        pick(i),
        '/sign-in/email',
        { email: a.email, password: 'wrong password 1' },
        undefined,
        ip,
      );
      seq.push(res.status);
    }
    expect(seq).toEqual([...Array(perClient).fill(401), 429]);
    for (const t of [s1, s2]) {
      const res = await authPost(
        t,
        '/sign-in/email',
        { email: a.email, password: PASSWORD },
        undefined,
        ip,
      );
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(60);
    }
    // The owner, from another client, is not locked out on either server.
    for (const t of [s1, s2])
      expect(
        (await authPost(t, '/sign-in/email', { email: a.email, password: PASSWORD })).status,
      ).toBe(200);

    // Many clients at once against one address, across both servers: each failure counts once.
    const b = await createUser(s2);
    const clients = Array.from({ length: perAddress + 4 }, () => nextIp());
    const burst = await Promise.all(
      clients.map(async (client, i) => {
        const res = await authPost(
          pick(i),
          '/sign-in/email',
          { email: b.email, password: 'wrong password 1' },
          undefined,
          client,
        );
        return res.status;
      }),
    );
    expect(burst).toEqual(Array(perAddress + 4).fill(401));
    const bucket = await db()
      .selectFrom('rate_limit_bucket')
      .select('count')
      .where('key', '=', `sign-in-failures:${b.email}`)
      .executeTakeFirstOrThrow();
    expect(Number(bucket.count)).toBe(perAddress + 4);
    // Past the ceiling, a client that has failed waits on both servers; the owner does not.
    for (const t of [s1, s2]) {
      const res = await authPost(
        t,
        '/sign-in/email',
        { email: b.email, password: 'wrong password 2' },
        undefined,
        clients[0],
      );
      expect(res.status).toBe(429);
      expect(
        (await authPost(t, '/sign-in/email', { email: b.email, password: PASSWORD })).status,
      ).toBe(200);
    }
  });

  it('a team assignment made on server 1 shows on server 2 with the member’s status; deleted on 2, it is gone on 1', async () => {
    const { ok, refused, teamWith } = team;
    const { slug, owner, admin, member } = await teamWith();
    const set = catalog.vocabulary.sets.find((s) => s.words.length >= 2)!;
    const words = set.words.map((w) => w.id);
    const teamList = async (t: TestServer, u: { cookie: string }) =>
      (
        await ok<{ assignments: TeamAssignment[] }>(
          call(t, u.cookie, 'GET', `/api/teams/${slug}/assignments`),
        )
      ).assignments;
    const mine = (t: TestServer, u: { cookie: string }) =>
      ok<MyAssignment[]>(call(t, u.cookie, 'GET', '/api/teams/assignments'));

    // Made on server 1 (by the admin, for the member only); the member starts it on 1.
    const { id } = await ok<{ id: string }>(
      call(s1, admin.cookie, 'POST', `/api/teams/${slug}/assignments`, {
        kind: 'word-set',
        contentId: set.id,
        dueOn: '2099-01-31',
        members: [member.id],
      }),
      201,
    );
    await ok(call(s1, member.cookie, 'POST', `/api/items/word/${words[0]}/complete`));

    // Server 2 sees it, with that status, for the member, the owner and in the report.
    expect(await mine(s2, member)).toEqual([
      expect.objectContaining({
        id,
        teamSlug: slug,
        kind: 'word-set',
        status: 'in-progress',
        done: 1,
        of: words.length,
      }),
    ]);
    expect(await mine(s2, owner)).toEqual([]);
    const [seen] = await teamList(s2, owner);
    expect(seen).toMatchObject({ id, everyone: false, createdBy: 'Adam Admin' });
    expect(seen).toMatchObject({ audience: 1, done: 0 });
    const statuses = (t: TestServer, u: { cookie: string }) =>
      ok<{ members: unknown[] }>(
        call(t, u.cookie, 'GET', `/api/teams/${slug}/assignments/${id}/members`),
      );
    expect((await statuses(s2, owner)).members).toEqual([
      {
        userId: member.id,
        name: expect.any(String),
        status: 'in-progress',
        done: 1,
        of: words.length,
      },
    ]);
    const report = await ok<TeamProgress>(
      call(s2, owner.cookie, 'GET', `/api/teams/${slug}/progress?tz=UTC`),
    );
    expect(report.members.find((m) => m.userId === member.id)?.assignments).toEqual({
      assigned: 1,
      done: 0,
      overdue: 0,
    });

    // The member finishes the set on server 2; server 1 reads it done.
    for (const w of words.slice(1))
      await ok(call(s2, member.cookie, 'POST', `/api/items/word/${w}/complete`));
    expect(await mine(s1, member)).toEqual([
      expect.objectContaining({ id, status: 'done', done: words.length }),
    ]);
    expect((await statuses(s1, admin)).members[0]).toMatchObject({ status: 'done' });

    // Deleted on server 2 by the owner: gone on server 1, where deleting again is 404.
    await ok(call(s2, owner.cookie, 'DELETE', `/api/teams/${slug}/assignments/${id}`));
    expect(await teamList(s1, admin)).toEqual([]);
    expect(await mine(s1, member)).toEqual([]);
    await refused(call(s1, admin.cookie, 'DELETE', `/api/teams/${slug}/assignments/${id}`), 404);
    const rows = await db()
      .selectFrom('team_assignment_member')
      .select('user_id')
      .where('assignment_id', '=', id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('one Stripe webhook event delivered to both servers at once takes effect once', async () => {
    const signer = new Stripe('sk_test_unused');
    const u = await createUser(s1);
    const event = {
      id: `evt_two_servers_${Date.now()}`,
      object: 'event',
      type: 'customer.subscription.created',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: `sub_${u.id}`,
          object: 'subscription',
          customer: `cus_${u.id}`,
          status: 'active',
          metadata: { userId: u.id },
        },
      },
    };
    const payload = JSON.stringify(event);
    const deliver = (t: TestServer) =>
      t.fetch('/api/billing/webhook', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Stripe-Signature': signer.webhooks.generateTestHeaderString({
            payload,
            secret: WEBHOOK_SECRET,
          }),
        },
        body: payload,
      });
    const responses = await Promise.all([deliver(s1), deliver(s2)]);
    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    const outcomes = await Promise.all(
      responses.map(async (r) => ((await r.json()) as { outcome: string }).outcome),
    );
    expect(outcomes.sort()).toEqual(['applied', 'duplicate']);
    const rows = await db()
      .selectFrom('stripe_event')
      .select('id')
      .where('id', '=', event.id)
      .execute();
    expect(rows).toHaveLength(1);
    for (const t of [s1, s2]) {
      const me = await (await t.fetch('/api/me', { headers: { Cookie: u.cookie } })).json();
      expect(me.stripeRole).toBe('premium');
    }
  });
});
