// Reminder scheduling benchmark (issue 30; run by `npm run bench`): one scheduling pass for
// 100,000 learners who all turned the daily reminder on, in four zones, all due in the same
// minute (the worst case: a whole instance's learners at once), a third of them with
// today's goal met already; then the pass of the next minute, when nobody is due (what
// every other minute costs). The learners, their settings and points go in as bulk SQL.
// Sends go to a transport that only counts them (what is timed is the scheduling: the
// reads, the ledger's claims and the index updates — SMTP's own time is the relay's).
// On a temp SQLite file, and on PostgreSQL when BENCH_PG_URL names a server this may
// create (and drop) a database on.
// A second pass is timed for teams: 10,000 learners in 100 teams (BENCH_REMINDER_TEAM_LEARNERS),
// each with the team's assignments due today and yesterday and the assignment reminders on,
// the owners with the weekly team digest on, on a Monday morning: what an hour's assignment
// check and the Monday digest cost. `BENCH_REMINDER_ONLY=teams` (or `daily`) times one.
// Usage: npx tsx scripts/bench-reminders.ts  (BENCH_REMINDER_LEARNERS, default 100000)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultReminderSettings } from '../core/reminders/settings';
import { loadConfig } from '../server/config';
import { loadCatalog } from '../server/content/catalog';
import { openDb } from '../server/db/client';
import { migrateToLatest } from '../server/db/migrate';
import { runPass } from '../server/features/reminders/scheduler';
import { createLogger } from '../server/logger';
import type { Mailer } from '../server/mail/mailer';
import { projectRoot } from '../server/project-root';
// @ts-expect-error -- plain ESM helper (no types needed)
import { freshPostgresDatabase } from './with-postgres-bin.mjs';

const LEARNERS = Number(process.env.BENCH_REMINDER_LEARNERS ?? 100_000);
const TEAM_LEARNERS = Number(process.env.BENCH_REMINDER_TEAM_LEARNERS ?? 10_000);
const TEAMS = 100;
const ONLY = process.env.BENCH_REMINDER_ONLY;
/** A Monday, just after the weekly mails' time (08:00) in UTC. */
const MONDAY = new Date('2026-11-30T08:00:30Z');
const CHUNK = 1000;
const NOW = new Date('2026-11-27T17:00:30Z');
/** Each zone's time that falls on NOW. */
const ZONES = [
  ['UTC', '17:00'],
  ['Europe/Berlin', '18:00'],
  ['Asia/Tokyo', '02:00'],
  ['America/New_York', '12:00'],
] as const;

async function measure(label: string, databaseUrl: string | undefined) {
  const dataDir = mkdtempSync(join(tmpdir(), 'skillway-bench-reminders-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-000',
    APP_URL: 'http://127.0.0.1:3000',
    CONTENT_DIR: join(projectRoot(), 'content'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const db = openDb(config);
  try {
    await migrateToLatest(db.db, db.dialect);
    const kinds = defaultReminderSettings().kinds;
    kinds.daily.email = true;
    const verified = db.dialect === 'postgres' ? true : 1;
    const stamp = db.dialect === 'postgres' ? NOW : NOW.toISOString();
    const fillStart = performance.now();
    for (let i = 0; i < LEARNERS; i += CHUNK) {
      const ids = Array.from({ length: Math.min(CHUNK, LEARNERS - i) }, (_, j) => i + j);
      await db.db
        .insertInto('user')
        .values(
          ids.map((n) => ({
            id: `learner-${n}`,
            name: `Learner ${n}`,
            email: `learner-${n}@example.com`,
            emailVerified: verified,
            image: null,
            createdAt: stamp,
            updatedAt: stamp,
            stripeRole: null,
            joined: null,
          })),
        )
        .execute();
      await db.db
        .insertInto('reminder_setting')
        .values(
          ids.map((n) => ({
            user_id: `learner-${n}`,
            time_zone: ZONES[n % ZONES.length]![0],
            daily_at: ZONES[n % ZONES.length]![1],
            reviews_threshold: 20,
            quiet_from: null,
            quiet_to: null,
            paused_until: null,
            kinds: JSON.stringify(kinds),
            next_at: '2026-11-27T16:00:00.000Z',
            updated_at: '2026-11-27T16:00:00.000Z',
          })),
        )
        .execute();
      const met = ids.filter((n) => n % 3 === 0);
      if (met.length > 0)
        await db.db
          .insertInto('points_event')
          .values(
            met.map((n) => ({
              user_id: `learner-${n}`,
              source: 'question:bench',
              tag: 'total',
              points: 150,
              created_at: '2026-11-27T16:30:00.000Z',
            })),
          )
          .execute();
    }
    const fillMs = performance.now() - fillStart;
    let sent = 0;
    const mailer: Mailer = {
      transport: 'smtp',
      send: async () => {
        sent++;
      },
    };
    const deps = {
      db: db.db,
      config,
      catalog: loadCatalog(config.contentDir),
      mailer,
      push: async () => 'sent' as const,
      logger: createLogger(config),
    };
    const t0 = performance.now();
    const due = await runPass(deps, NOW);
    const dueMs = performance.now() - t0;
    const t1 = performance.now();
    const idle = await runPass(deps, new Date(NOW.getTime() + 60_000));
    const idleMs = performance.now() - t1;
    if (due.sent !== sent || sent !== LEARNERS - Math.ceil(LEARNERS / 3))
      throw new Error(`expected ${LEARNERS - Math.ceil(LEARNERS / 3)} sends, got ${sent}`);
    return { label, fillMs, due, dueMs, idle, idleMs };
  } finally {
    await db.db.destroy().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A pass on Monday morning for learners in teams: assignments due, owners' digest. */
async function measureTeams(label: string, databaseUrl: string | undefined) {
  const dataDir = mkdtempSync(join(tmpdir(), 'skillway-bench-reminders-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-000',
    APP_URL: 'http://127.0.0.1:3000',
    CONTENT_DIR: join(projectRoot(), 'content'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const db = openDb(config);
  try {
    await migrateToLatest(db.db, db.dialect);
    const catalog = loadCatalog(config.contentDir);
    const [topic] = catalog.grammar.topics.keys();
    if (!topic) throw new Error('the content has no grammar topic to assign');
    const learnerKinds = defaultReminderSettings().kinds;
    learnerKinds.assignments.email = true;
    const ownerKinds = structuredClone(learnerKinds);
    ownerKinds.teamDigest.email = true;
    const verified = db.dialect === 'postgres' ? true : 1;
    const stamp = db.dialect === 'postgres' ? MONDAY : MONDAY.toISOString();
    const perTeam = Math.ceil(TEAM_LEARNERS / TEAMS);
    const fillStart = performance.now();
    for (let t = 0; t < TEAMS; t++) {
      const team = `team-${t}`;
      await db.db
        .insertInto('organization')
        .values({
          id: team,
          name: `Team ${t}`,
          slug: team,
          logo: null,
          createdAt: stamp,
          metadata: null,
        })
        .execute();
      const ids = Array.from(
        { length: Math.max(0, Math.min(perTeam, TEAM_LEARNERS - t * perTeam)) },
        (_, j) => t * perTeam + j,
      );
      if (ids.length === 0) continue;
      await db.db
        .insertInto('user')
        .values(
          ids.map((n) => ({
            id: `learner-${n}`,
            name: `Learner ${n}`,
            email: `learner-${n}@example.com`,
            emailVerified: verified,
            image: null,
            createdAt: stamp,
            updatedAt: stamp,
            stripeRole: null,
            joined: null,
          })),
        )
        .execute();
      await db.db
        .insertInto('member')
        .values(
          ids.map((n, j) => ({
            id: `member-${n}`,
            organizationId: team,
            userId: `learner-${n}`,
            role: j === 0 ? 'owner' : 'member',
            createdAt: stamp,
          })),
        )
        .execute();
      await db.db
        .insertInto('reminder_setting')
        .values(
          ids.map((n, j) => ({
            user_id: `learner-${n}`,
            time_zone: 'UTC',
            daily_at: '18:00',
            reviews_threshold: 20,
            quiet_from: null,
            quiet_to: null,
            paused_until: null,
            kinds: JSON.stringify(j === 0 ? ownerKinds : learnerKinds),
            next_at: '2026-11-30T08:00:00.000Z',
            updated_at: '2026-11-30T07:00:00.000Z',
          })),
        )
        .execute();
      // Due today (due soon) and yesterday (newly overdue), for the whole team.
      await db.db
        .insertInto('team_assignment')
        .values(
          ['2026-11-30', '2026-11-29'].map((due, k) => ({
            id: `${team}-a${k}`,
            team_id: team,
            kind: 'topic',
            content_id: topic,
            due_on: due,
            note: null,
            everyone: 1,
            created_by: `learner-${ids[0]}`,
            created_at: '2026-11-20T10:00:00.000Z',
          })),
        )
        .execute();
    }
    const fillMs = performance.now() - fillStart;
    let sent = 0;
    const mailer: Mailer = {
      transport: 'smtp',
      send: async () => {
        sent++;
      },
    };
    const deps = {
      db: db.db,
      config,
      catalog,
      mailer,
      push: async () => 'sent' as const,
      logger: createLogger(config),
    };
    const t0 = performance.now();
    const due = await runPass(deps, MONDAY);
    const dueMs = performance.now() - t0;
    const expected = TEAM_LEARNERS * 2 + Math.min(TEAMS, Math.ceil(TEAM_LEARNERS / perTeam));
    if (due.sent !== sent || sent !== expected)
      throw new Error(`expected ${expected} sends, got ${sent}`);
    return { label, fillMs, due, dueMs };
  } finally {
    await db.db.destroy().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const pgBase = process.env.BENCH_PG_URL ?? process.env.TEST_DATABASE_URL;
const databases: [string, () => Promise<{ url: string; drop: () => Promise<void> } | null>][] = [
  ['sqlite', async () => null],
  ...(pgBase
    ? [
        [
          'postgres',
          () =>
            freshPostgresDatabase(pgBase, 'skillway_bench_reminders') as Promise<{
              url: string;
              drop: () => Promise<void>;
            }>,
        ] as [string, () => Promise<{ url: string; drop: () => Promise<void> }>],
      ]
    : []),
];
const rows: Awaited<ReturnType<typeof measure>>[] = [];
const teamRows: Awaited<ReturnType<typeof measureTeams>>[] = [];
for (const [label, fresh] of databases) {
  if (ONLY !== 'teams') {
    const db = await fresh();
    try {
      rows.push(await measure(label, db?.url));
    } finally {
      await db?.drop();
    }
  }
  if (ONLY !== 'daily') {
    const db = await fresh();
    try {
      teamRows.push(await measureTeams(label, db?.url));
    } finally {
      await db?.drop();
    }
  }
}

if (rows.length > 0) {
  console.log(
    `\nReminder scheduling: one pass, ${LEARNERS.toLocaleString('en-US')} learners due at once\n`,
  );
  console.log(
    '| database | learners looked at | sent | pass (ms) | µs per learner | next minute, none due (ms) | fixture (s) |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of rows)
    console.log(
      `| ${r.label} | ${r.due.learners} | ${r.due.sent} | ${r.dueMs.toFixed(0)} | ${((r.dueMs * 1000) / r.due.learners).toFixed(1)} | ${r.idleMs.toFixed(1)} | ${(r.fillMs / 1000).toFixed(1)} |`,
    );
}
if (teamRows.length > 0) {
  console.log(
    `\nTeam reminders: one Monday pass, ${TEAM_LEARNERS.toLocaleString('en-US')} learners in ${TEAMS} teams (two assignments due each, owners' digest)\n`,
  );
  console.log(
    '| database | learners looked at | sent | pass (ms) | µs per learner | fixture (s) |',
  );
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of teamRows)
    console.log(
      `| ${r.label} | ${r.due.learners} | ${r.due.sent} | ${r.dueMs.toFixed(0)} | ${((r.dueMs * 1000) / r.due.learners).toFixed(1)} | ${(r.fillMs / 1000).toFixed(1)} |`,
    );
}
