// Session-resolution micro-benchmark (run by `npm run bench`): resolves one signed-in
// session N times with our middleware's path (`resolveSessionUser`: HMAC check + one
// indexed query) and with Better Auth's `auth.api.getSession({ headers })`, alternating
// call by call in the same process on the same database, and prints ops/s, mean and p99.
// On a temp SQLite file, and on PostgreSQL when BENCH_PG_URL names a server this may
// create (and drop) a database on.
// Usage: npx tsx scripts/bench-session.ts  (BENCH_SESSION_N, default 2000)
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAuth } from '../server/auth/auth';
import { resolveSessionUser } from '../server/auth/session';
import { loadConfig } from '../server/config';
import { openDb } from '../server/db/client';
import { migrateToLatest } from '../server/db/migrate';
import { createLogger } from '../server/logger';
import { createMailer } from '../server/mail/mailer';
// @ts-expect-error -- plain ESM helper (no types needed)
import { freshPostgresDatabase } from './with-postgres-bin.mjs';

const N = Number(process.env.BENCH_SESSION_N ?? 2000);
const WARMUP = Math.min(200, N);
const SECRET = 'bench-secret-bench-secret-bench-secret-000';
const COOKIE = 'better-auth.session_token';

interface Figures {
  opsPerSec: number;
  meanUs: number;
  p99Us: number;
}

function figures(samplesNs: number[]): Figures {
  const sorted = [...samplesNs].sort((a, b) => a - b);
  const total = sorted.reduce((s, x) => s + x, 0);
  const p99 = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? 0;
  return {
    opsPerSec: 1e9 / (total / sorted.length),
    meanUs: total / sorted.length / 1e3,
    p99Us: p99 / 1e3,
  };
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start);
}

async function measure(label: string, databaseUrl: string | undefined) {
  const dataDir = mkdtempSync(join(tmpdir(), 'skillway-bench-session-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    BETTER_AUTH_SECRET: SECRET,
    APP_URL: 'http://127.0.0.1:3000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const db = openDb(config);
  try {
    await migrateToLatest(db.db, db.dialect);
    const logger = createLogger(config);
    const auth = createAuth({ config, db, logger, mailer: createMailer(config, db.db, logger) });
    const email = `bench-${randomUUID()}@example.com`;
    const password = 'bench password 123';
    await auth.api.signUpEmail({ body: { email, password, name: 'Bench' } });
    const res = await auth.api.signInEmail({ body: { email, password }, asResponse: true });
    const set = res.headers.getSetCookie().find((c) => c.startsWith(`${COOKIE}=`));
    if (!set) throw new Error(`sign-in set no session cookie (status ${res.status})`);
    const cookie = set.split(';')[0] as string;
    const headers = new Headers({ cookie });

    const ours = () => resolveSessionUser(db.db, cookie, COOKIE, config.authSecret);
    const theirs = () => auth.api.getSession({ headers });
    const [a, b] = await Promise.all([ours(), theirs()]);
    if (!a || !b || a.id !== b.user.id) throw new Error('the two paths disagree on the session');

    for (let i = 0; i < WARMUP; i++) {
      await ours();
      await theirs();
    }
    const oursNs: number[] = [];
    const theirsNs: number[] = [];
    for (let i = 0; i < N; i++) {
      // Alternate which goes first, so neither always runs on a warmer cache.
      if (i % 2 === 0) {
        oursNs.push(await timed(ours));
        theirsNs.push(await timed(theirs));
      } else {
        theirsNs.push(await timed(theirs));
        oursNs.push(await timed(ours));
      }
    }
    return { label, ours: figures(oursNs), theirs: figures(theirsNs) };
  } finally {
    await db.db.destroy().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const rows = [await measure('sqlite', undefined)];
const pgBase = process.env.BENCH_PG_URL;
if (pgBase) {
  const fresh = await freshPostgresDatabase(pgBase, 'skillway_bench_session');
  try {
    rows.push(await measure('postgres', fresh.url));
  } finally {
    await fresh.drop();
  }
}

const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
console.log(`Session resolution, ${N} sequential calls each (alternating), same process:\n`);
console.log(line(['db', 'path', 'ops/s', 'mean µs', 'p99 µs', 'speed-up']));
console.log(line(['---', '---', '---:', '---:', '---:', '---:']));
for (const r of rows) {
  const x = (r.ours.opsPerSec / r.theirs.opsPerSec).toFixed(1);
  for (const [path, f, ratio] of [
    ['our session middleware', r.ours, `${x}×`],
    ['auth.api.getSession', r.theirs, '1×'],
  ] as const) {
    console.log(
      line([
        r.label,
        path,
        Math.round(f.opsPerSec),
        f.meanUs.toFixed(0),
        f.p99Us.toFixed(0),
        ratio,
      ]),
    );
  }
}
