import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../content/catalog';
import { createLogger } from '../../logger';
import { createMailer } from '../../mail/mailer';
import { startTestServer, testDialect, type TestServer } from '../../test/support';
import { createUser, jsonCall } from '../../test/users';
import { dueAssignmentsOf, myAssignments } from '../teams/assignments';
import { teamFixtures } from '../teams/team-fixtures';
import {
  browserKeys,
  startPushEndpoint,
  startSmtpPeer,
  type PushEndpoint,
  type SmtpPeer,
} from './peers.test-support';
import { webPushSender } from './push';
import { runPass, type ReminderDeps } from './scheduler';

const contentDir = join(import.meta.dirname, '..', '..', '..', 'content');
let t: TestServer;
let smtp: SmtpPeer;
let pushEnd: PushEndpoint;
let deps: ReminderDeps;

beforeAll(async () => {
  t = await startTestServer({ contentDir, env: { TRUSTED_PROXIES: '127.0.0.1' } });
  smtp = await startSmtpPeer();
  pushEnd = await startPushEndpoint();
  const config = {
    ...t.config,
    mail: { smtpUrl: smtp.url, from: 'Skillway <reminders@example.com>' },
  };
  deps = {
    db: t.db.db,
    config: t.config,
    catalog: loadCatalog(contentDir),
    mailer: createMailer(config, t.db.db, createLogger(t.config)),
    push: webPushSender(t.db.db, t.config, pushEnd.agent),
    logger: createLogger(t.config),
  };
});
afterAll(async () => {
  await smtp.close();
  await pushEnd.close();
  await t.close();
});

const patch = (cookie: string, body: unknown) =>
  t.fetch('/api/reminders', {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    body: JSON.stringify(body),
  });
const at = (iso: string) => new Date(iso);
const mailsTo = (email: string) =>
  smtp.mails.filter((m) =>
    (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.text.includes(email)),
  );

/** A learner who turned reminders on; their settings saved as of `now` (so the schedule starts there). */
async function learner(settings: Record<string, unknown>, now: string) {
  const user = await createUser(t, { verified: true });
  expect((await patch(user.cookie, settings)).status).toBe(200);
  // The scheduler's clock is the test's: look at them first at the instant given.
  await t.db.db
    .updateTable('reminder_setting')
    .set({ next_at: now })
    .where('user_id', '=', user.id)
    .execute();
  return user;
}

/** A browser subscribes through the API, to the loopback push service. */
async function addBrowser(cookie: string, path: string) {
  const keys = browserKeys();
  pushEnd.keysFor.set(path, keys);
  const res = await t.fetch('/api/reminders/push', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    body: JSON.stringify({
      endpoint: `${pushEnd.origin}${path}`,
      expirationTime: null,
      keys: { p256dh: keys.p256dh, auth: keys.auth },
    }),
  });
  expect(res.status).toBe(201);
}

const points = (userId: string, n: number, iso: string) =>
  t.db.db
    .insertInto('points_event')
    .values({
      user_id: userId,
      source: `question:${crypto.randomUUID()}`,
      tag: 'total',
      points: n,
      created_at: iso,
    })
    .execute();

const { ok, join: joinTeam, teamWith } = teamFixtures(() => t);

describe(`reminder scheduling (${testDialect})`, () => {
  it('tells of a team assignment due within a day and once it is overdue, the week on Monday, and admins the team digest', async () => {
    const call = jsonCall(() => t);
    const { slug, owner, admin } = await teamWith();
    const topic = [...deps.catalog.grammar.topics.values()][0]!;
    await ok(
      call(admin.cookie, 'POST', `/api/teams/${slug}/assignments`, {
        kind: 'topic',
        contentId: topic.topic,
        dueOn: '2026-11-28',
      }),
      201,
    );
    const on = async (u: { cookie: string; id: string }, kinds: Record<string, unknown>) => {
      expect((await patch(u.cookie, { timeZone: 'UTC', kinds })).status).toBe(200);
      await t.db.db
        .updateTable('reminder_setting')
        .set({ next_at: '2026-11-27T00:00:00.000Z' })
        .where('user_id', '=', u.id)
        .execute();
    };
    await on(admin, { assignments: { email: true }, weekly: { email: true } });
    await on(owner, { teamDigest: { email: true } });

    // Due at the end of 28 November (UTC): more than a day ahead on the 27th, within one after 00:00.
    await runPass(deps, at('2026-11-27T10:20:00Z'));
    await runPass(deps, at('2026-11-28T01:10:00Z'));
    await runPass(deps, at('2026-11-28T02:10:00Z'));
    // Overdue on the 29th: told once, and not every day after.
    await runPass(deps, at('2026-11-29T03:10:00Z'));
    await runPass(deps, at('2026-11-30T03:10:00Z'));
    // Monday 30 November, 08:00: the week, and the digest.
    await runPass(deps, at('2026-11-30T08:05:00Z'));
    await runPass(deps, at('2026-11-30T09:05:00Z'));

    expect(mailsTo(admin.email).map((m) => m.subject)).toEqual([
      `Due soon: ${topic.title}`,
      `Overdue: ${topic.title}`,
      'Your week in Skillway',
    ]);
    const week = mailsTo(admin.email)[2]!;
    expect(week.text).toContain('Last 7 days: 0 points.');
    expect(week.text).toContain('No review cards are due.');
    const [digest, ...more] = mailsTo(owner.email);
    expect(more).toEqual([]);
    expect(digest?.subject).toBe('Your team’s week');
    expect(digest?.text).toContain(
      'Learning Guild: 0 of 3 members on target this week; 3 members with overdue work.',
    );
  });

  it('reads a batch’s assignments and teams at once: each learner gets what their own assignments say', async () => {
    const call = jsonCall(() => t);
    const first = await teamWith();
    const second = await teamWith();
    // The first team's member is in the second team too.
    await joinTeam(second.owner, second.slug, first.member);
    const topics = [...deps.catalog.grammar.topics.values()];
    const assign = (team: typeof first, dueOn: string | null, extra: object = {}, n = 0) =>
      ok(
        call(team.admin.cookie, 'POST', `/api/teams/${team.slug}/assignments`, {
          kind: 'topic',
          contentId: topics[n]!.topic,
          dueOn,
          ...extra,
        }),
        201,
      );
    await assign(first, '2026-12-01');
    await assign(first, '2026-11-30', { members: [first.member.id] }, 1);
    await assign(first, null, {}, 2);
    await assign(first, '2026-12-20', {}, 3);
    await assign(second, '2026-11-30', {}, 4);
    await assign(second, '2026-11-29', { members: [second.admin.id] }, 5);

    // The batch read gives each learner what their own read gives, among the days asked.
    const everyone = [first, second].flatMap((x) => [x.owner, x.admin, x.member]);
    const span = { from: '2026-11-29', to: '2026-12-01' } as const;
    const batch = await dueAssignmentsOf(
      t.db.db,
      deps.catalog,
      everyone.map((u) => u.id),
      span,
    );
    for (const u of everyone) {
      const own = (await myAssignments(t.db.db, deps.catalog, { id: u.id } as never)).filter(
        (a) => a.dueOn !== null && a.dueOn >= span.from && a.dueOn <= span.to,
      );
      expect(batch.get(u.id) ?? [], u.email).toEqual(own);
    }
    expect(
      batch
        .get(first.member.id)
        ?.map((a) => a.dueOn)
        .sort(),
    ).toEqual(['2026-11-30', '2026-11-30', '2026-12-01']);

    // A pass over them, two learners a batch: the reminders their assignments call for, and
    // the same digest for the owner and the admin of one team in one zone.
    for (const u of everyone) {
      const runs = u === first.owner || u === first.admin;
      expect(
        (
          await patch(u.cookie, {
            timeZone: 'UTC',
            kinds: {
              assignments: { email: true },
              ...(runs ? { teamDigest: { email: true } } : {}),
            },
          })
        ).status,
      ).toBe(200);
    }
    // Members join unconfirmed; mail goes to confirmed addresses only.
    await t.db.db
      .updateTable('user')
      .set({ emailVerified: (t.db.dialect === 'postgres' ? true : 1) as never })
      .where('id', '=', first.member.id)
      .execute();
    await t.db.db
      .updateTable('reminder_setting')
      .set({ next_at: '2026-11-30T08:00:00.000Z' })
      .where(
        'user_id',
        'in',
        everyone.map((u) => u.id),
      )
      .execute();
    const before = new Map(everyone.map((u) => [u.id, mailsTo(u.email).length]));
    await runPass(deps, at('2026-11-30T08:00:30Z'), 2);
    const got = (u: (typeof everyone)[number]) =>
      mailsTo(u.email)
        .slice(before.get(u.id))
        .map((m) => m.subject)
        .sort();
    // Monday 30 November, 08:00 UTC: what is due today is due soon, yesterday's overdue.
    expect(got(first.member)).toEqual([
      `Due soon: ${topics[1]!.title}`,
      `Due soon: ${topics[4]!.title}`,
    ]);
    expect(got(first.owner)).toEqual(['Your team’s week']);
    expect(got(first.admin)).toEqual(['Your team’s week']);
    expect(got(second.owner)).toEqual([`Due soon: ${topics[4]!.title}`]);
    expect(got(second.admin)).toEqual([
      `Due soon: ${topics[4]!.title}`,
      `Overdue: ${topics[5]!.title}`,
    ]);
    expect(got(second.member)).toEqual([]); // unconfirmed
    const digestOf = (u: (typeof everyone)[number]) => mailsTo(u.email).at(-1)?.text ?? '';
    expect(digestOf(first.owner)).toContain('Learning Guild: 0 of 3 members on target this week');
    expect(digestOf(first.admin).match(/Learning Guild: [^\n]*/)?.[0]).toBe(
      digestOf(first.owner).match(/Learning Guild: [^\n]*/)?.[0],
    );
  });

  it('sends the daily reminder once at the learner’s time, by mail and push, with one-click unsubscribe', async () => {
    const a = await learner(
      {
        timeZone: 'Europe/Berlin',
        dailyAt: '18:00',
        kinds: { daily: { email: true, push: true } },
      },
      '2026-11-27T12:00:00Z',
    );
    await addBrowser(a.cookie, '/push/a');

    // Before 18:00 in Berlin (17:00 UTC): nothing.
    await runPass(deps, at('2026-11-27T16:59:00Z'));
    expect(mailsTo(a.email)).toHaveLength(0);

    const r = await runPass(deps, at('2026-11-27T17:01:00Z'));
    expect(r.sent).toBe(2);
    const [mail] = mailsTo(a.email);
    expect(mail?.subject).toBe('Time for today’s practice');
    // The raw header lines, as a mail client reads them.
    const header = (name: string) =>
      mail?.headerLines.find((h) => h.key === name)?.line.replace(/^[^:]+:\s*/, '');
    const postUrl = (header('list-unsubscribe') ?? '').replace(/^<|>$/g, '');
    expect(postUrl).toMatch(new RegExp(`^${t.config.appUrl}/api/reminders/unsubscribe\\?t=`));
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const token = new URL(postUrl).searchParams.get('t') ?? '';
    const page = `${t.config.appUrl}/reminders/unsubscribe?t=${token}`;
    expect(mail?.text).toContain(page);
    expect(mail?.text).toContain('Your daily goal is 150 points');
    expect(mail?.html).toContain(`href="${page}"`);
    expect(mail?.html).toContain('Practice now');

    expect(pushEnd.received.filter((p) => p.path === '/push/a')).toEqual([
      {
        path: '/push/a',
        vapidKey: t.config.vapid.publicKey,
        payload: {
          title: 'Time for today’s practice',
          body: 'Your daily goal is 150 points. A few minutes of practice keeps the habit going.',
          url: '/',
        },
      },
    ]);

    // Again in the same window, even with the index pointing back at it: the ledger holds.
    await t.db.db
      .updateTable('reminder_setting')
      .set({ next_at: '2026-11-27T17:00:00.000Z' })
      .where('user_id', '=', a.id)
      .execute();
    expect((await runPass(deps, at('2026-11-27T17:30:00Z'))).sent).toBe(0);
    expect(mailsTo(a.email)).toHaveLength(1);

    // The next day, goal met by 18:00: nothing. The day after, the server was down past
    // 20:00 (grace ends 19:00 UTC): skipped, not sent late.
    await points(a.id, 150, '2026-11-28T09:00:00.000Z');
    await runPass(deps, at('2026-11-28T17:02:00Z'));
    await runPass(deps, at('2026-11-29T19:30:00Z'));
    expect(mailsTo(a.email)).toHaveLength(1);
    const row = await t.db.db
      .selectFrom('reminder_setting')
      .select('next_at')
      .where('user_id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(row.next_at).toBe('2026-11-30T17:00:00.000Z');

    // The mail's one-click POST (from the mail provider: no session, no Origin).
    const res = await t.fetch(new URL(postUrl).pathname + new URL(postUrl).search, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(await res.json()).toEqual({ kind: 'daily', channel: 'email', done: true });
    await runPass(deps, at('2026-11-30T17:01:00Z'));
    expect(mailsTo(a.email)).toHaveLength(1); // the mail is off…
    expect(pushEnd.received.filter((p) => p.path === '/push/a')).toHaveLength(2); // …push is not
  });

  it('warns of a streak ending tonight once, and of due reviews over the threshold', async () => {
    const b = await learner(
      {
        timeZone: 'America/New_York',
        reviewsThreshold: 2,
        kinds: { streak: { email: true }, reviews: { email: true } },
      },
      '2026-11-27T12:00:00Z',
    );
    // Goal met the two days before (New York), not yet today.
    await points(b.id, 200, '2026-11-25T15:00:00.000Z');
    await points(b.id, 200, '2026-11-26T15:00:00.000Z');
    await points(b.id, 20, '2026-11-27T15:00:00.000Z');
    for (const [i, due] of [
      '2026-11-26T00:00:00.000Z',
      '2026-11-27T10:00:00.000Z',
      '2026-11-29T10:00:00.000Z',
    ].entries())
      await t.db.db
        .insertInto('review_card')
        .values({
          user_id: b.id,
          card_id: `word:w${i}`,
          kind: 'word',
          item_id: `w${i}`,
          due,
          stability: 1,
          difficulty: 5,
          elapsed_days: 0,
          scheduled_days: 1,
          learning_steps: 0,
          reps: 1,
          lapses: 0,
          state: 2,
          last_review: null,
          suspended: 0,
          created_at: '2026-11-20T00:00:00.000Z',
        })
        .execute();
    // 09:00 in New York is 14:00 UTC: two cards due today, at the threshold.
    await runPass(deps, at('2026-11-27T14:05:00Z'));
    // 20:00 in New York is 01:00 UTC the next day.
    await runPass(deps, at('2026-11-28T01:05:00Z'));
    await runPass(deps, at('2026-11-28T01:35:00Z'));
    expect(mailsTo(b.email).map((m) => m.subject)).toEqual([
      '2 cards ready to review',
      'Your 2-day streak ends tonight',
    ]);
  });

  it('cleans up a subscription the push service says is gone, and retries a failed mail with backoff', async () => {
    const c = await learner(
      { timeZone: 'UTC', dailyAt: '08:00', kinds: { daily: { email: true, push: true } } },
      '2026-11-27T06:00:00Z',
    );
    await addBrowser(c.cookie, '/push/gone');
    pushEnd.answer.set('/push/gone', 410);
    smtp.refuse.add(c.email);

    const first = await runPass(deps, at('2026-11-27T08:00:30Z'));
    expect(first.failed).toBe(1); // the mail; push to a gone browser is not a failure
    const subs = await t.db.db
      .selectFrom('push_subscription')
      .select('id')
      .where('user_id', '=', c.id)
      .execute();
    expect(subs).toEqual([]);
    const row = await t.db.db
      .selectFrom('reminder_setting')
      .select(['next_at', 'failures'])
      .where('user_id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ next_at: '2026-11-27T08:01:30.000Z', failures: 1 });
    const ledger = await t.db.db
      .selectFrom('reminder_sent')
      .select(['channel'])
      .where('user_id', '=', c.id)
      .execute();
    expect(ledger).toEqual([{ channel: 'push' }]);

    smtp.refuse.delete(c.email);
    expect((await runPass(deps, at('2026-11-27T08:01:40Z'))).sent).toBe(1);
    expect(mailsTo(c.email)).toHaveLength(1);
    expect(
      await t.db.db
        .selectFrom('reminder_setting')
        .select(['next_at', 'failures'])
        .where('user_id', '=', c.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ next_at: '2026-11-28T08:00:00.000Z', failures: 0 });
  });

  it('never posts to a stored endpoint outside the push services, and forgets it', async () => {
    // A listener inside "the network": it counts every connection made to it.
    let connections = 0;
    const inside = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => inside.listen(0, '127.0.0.1', resolve));
    const port = (inside.address() as AddressInfo).port;
    try {
      const d = await learner(
        { timeZone: 'UTC', dailyAt: '09:00', kinds: { daily: { push: true } } },
        '2026-11-27T07:00:00Z',
      );
      await addBrowser(d.cookie, '/push/d');
      // A row from before the rule, or written by SQL: localhost is not a push service.
      const keys = browserKeys();
      await t.db.db
        .insertInto('push_subscription')
        .values({
          id: crypto.randomUUID(),
          user_id: d.id,
          endpoint: `https://localhost:${port}/admin`,
          p256dh: keys.p256dh,
          auth: keys.auth,
          created_at: '2026-11-27T07:00:00.000Z',
        })
        .execute();

      const r = await runPass(deps, at('2026-11-27T09:00:30Z'));
      expect(r).toMatchObject({ sent: 1, failed: 0 });
      expect(pushEnd.received.filter((p) => p.path === '/push/d')).toHaveLength(1);
      expect(connections).toBe(0);
      const kept = await t.db.db
        .selectFrom('push_subscription')
        .select('endpoint')
        .where('user_id', '=', d.id)
        .execute();
      expect(kept).toEqual([{ endpoint: `${pushEnd.origin}/push/d` }]);
    } finally {
      await new Promise<void>((resolve) => inside.close(() => resolve()));
    }
  });

  it('sends nothing while paused or to an unconfirmed address', async () => {
    const d = await learner(
      {
        timeZone: 'UTC',
        dailyAt: '08:00',
        pausedUntil: '2026-11-28',
        kinds: { daily: { email: true } },
      },
      '2026-11-27T06:00:00Z',
    );
    await runPass(deps, at('2026-11-27T08:00:30Z'));
    await runPass(deps, at('2026-11-28T08:00:30Z'));
    expect(mailsTo(d.email)).toHaveLength(0);
    await runPass(deps, at('2026-11-29T08:00:30Z'));
    expect(mailsTo(d.email)).toHaveLength(1);

    const u = await createUser(t);
    await patch(u.cookie, { timeZone: 'UTC', kinds: { daily: { email: true } } });
    await t.db.db
      .updateTable('reminder_setting')
      .set({ next_at: '2026-11-27T00:00:00.000Z' })
      .where('user_id', '=', u.id)
      .execute();
    await runPass(deps, at('2026-11-27T18:00:30Z'));
    expect(mailsTo(u.email)).toHaveLength(0);
  });
});
