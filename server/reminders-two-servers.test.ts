/**
 * Reminders on two app servers sharing one database (issue 30): both run the same
 * scheduling pass at the same instant for 1,000 learners, and every learner gets exactly
 * the reminders due to them, once. Under `scripts/with-postgres.mjs` both servers use one
 * PostgreSQL database, each through its own pool; on SQLite they open the same file.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultReminderSettings } from '../core/reminders/settings';
import { loadCatalog } from './content/catalog';
import { webPushSender } from './features/reminders/push';
import { runPass, type ReminderDeps } from './features/reminders/scheduler';
import { startSmtpPeer, type SmtpPeer } from './features/reminders/peers.test-support';
import { createLogger } from './logger';
import { createMailer } from './mail/mailer';
import { startTestServer, testDialect, type TestServer } from './test/support';
import { createUser } from './test/users';

const contentDir = join(import.meta.dirname, '..', 'content');
const LEARNERS = 1000;
/** 17:00 UTC: the same instant is each zone's chosen time below. */
const NOW = new Date('2026-11-27T17:00:30Z');
const ZONES = [
  { zone: 'UTC', at: '17:00', day: '2026-11-27' },
  { zone: 'Europe/Berlin', at: '18:00', day: '2026-11-27' },
  { zone: 'Asia/Tokyo', at: '02:00', day: '2026-11-28' },
  { zone: 'America/New_York', at: '12:00', day: '2026-11-27' },
];

let s1: TestServer;
let s2: TestServer;
let smtp: SmtpPeer;
const deps = (t: TestServer): ReminderDeps => {
  const logger = createLogger(t.config);
  return {
    db: t.db.db,
    config: t.config,
    catalog: loadCatalog(contentDir),
    mailer: createMailer(
      { ...t.config, mail: { smtpUrl: smtp.url, from: 'Skillway <r@example.com>' } },
      t.db.db,
      logger,
    ),
    push: webPushSender(t.db.db, t.config),
    logger,
  };
};

beforeAll(async () => {
  s1 = await startTestServer({ contentDir, env: { TRUSTED_PROXIES: '127.0.0.1' } });
  s2 = await startTestServer({ contentDir, shareWith: s1 });
  smtp = await startSmtpPeer();
});
afterAll(async () => {
  await smtp?.close();
  await s2?.close();
  await s1?.close();
});

/** 1,000 confirmed learners in bulk (copies of one signed-up account), daily mail on. */
async function learners() {
  const model = await createUser(s1, { verified: true });
  const row = await s1.db.db
    .selectFrom('user')
    .selectAll()
    .where('id', '=', model.id)
    .executeTakeFirstOrThrow();
  const users = Array.from({ length: LEARNERS }, (_, i) => ({
    ...row,
    id: `learner-${i}`,
    email: `learner-${i}@example.com`,
  }));
  const kinds = defaultReminderSettings().kinds;
  kinds.daily.email = true;
  for (let i = 0; i < LEARNERS; i += 200) {
    const chunk = users.slice(i, i + 200);
    await s1.db.db.insertInto('user').values(chunk).execute();
    await s1.db.db
      .insertInto('reminder_setting')
      .values(
        chunk.map((u, j) => {
          const z = ZONES[(i + j) % ZONES.length]!;
          return {
            user_id: u.id,
            time_zone: z.zone,
            daily_at: z.at,
            reviews_threshold: 20,
            quiet_from: null,
            quiet_to: null,
            paused_until: null,
            kinds: JSON.stringify(kinds),
            next_at: '2026-11-27T16:00:00.000Z',
            updated_at: '2026-11-27T16:00:00.000Z',
          };
        }),
      )
      .execute();
  }
  // Every third learner met today's goal already: nothing is due to them.
  const met = users.filter((_, i) => i % 3 === 0);
  for (let i = 0; i < met.length; i += 200)
    await s1.db.db
      .insertInto('points_event')
      .values(
        met.slice(i, i + 200).map((u) => ({
          user_id: u.id,
          source: 'question:seed',
          tag: 'total',
          points: 150,
          created_at: '2026-11-27T16:30:00.000Z',
        })),
      )
      .execute();
  return users.map((u, i) => ({
    email: u.email,
    due: i % 3 !== 0,
    day: ZONES[i % ZONES.length]!.day,
  }));
}

describe(`reminders on two servers (${testDialect})`, () => {
  it('1,000 learners: both servers run the pass at once, and each learner gets what is due, once', async () => {
    const expected = await learners();
    // Batches of 50, so the two servers' passes interleave and share the learners.
    const [a, b] = await Promise.all([runPass(deps(s1), NOW, 50), runPass(deps(s2), NOW, 50)]);
    expect(a.learners + b.learners).toBe(LEARNERS);
    const dueCount = expected.filter((e) => e.due).length;
    expect(a.sent + b.sent).toBe(dueCount);
    expect(a.failed + b.failed).toBe(0);

    // Again, both, with every learner's index pointing back at the window: nothing more.
    await s1.db.db
      .updateTable('reminder_setting')
      .set({ next_at: '2026-11-27T16:00:00.000Z' })
      .execute();
    const again = await Promise.all([
      runPass(deps(s1), new Date(NOW.getTime() + 60_000), 50),
      runPass(deps(s2), new Date(NOW.getTime() + 60_000), 50),
    ]);
    expect(again[0].learners + again[1].learners).toBe(LEARNERS);
    expect(again[0].sent + again[1].sent).toBe(0);

    const received = new Map<string, number>();
    for (const m of smtp.mails) {
      const to = (Array.isArray(m.to) ? m.to[0] : m.to)?.value[0]?.address ?? '';
      received.set(to, (received.get(to) ?? 0) + 1);
    }
    for (const e of expected) expect(received.get(e.email) ?? 0, e.email).toBe(e.due ? 1 : 0);
    const ledger = await s1.db.db
      .selectFrom('reminder_sent')
      .select(['period'])
      .where('user_id', 'like', 'learner-%')
      .execute();
    expect(ledger).toHaveLength(dueCount);
    expect(new Set(ledger.map((l) => l.period))).toEqual(new Set(['2026-11-27', '2026-11-28']));
  }, 120_000);
});
