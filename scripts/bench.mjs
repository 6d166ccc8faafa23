// `npm run bench` (not part of `npm test`): the built server's hot endpoints — record a visit,
// answer a grammar question, read the grammar stats, plan a word, the health check — as
// signed-in users, on SQLite and on PostgreSQL, against a bare node:http hello-world
// measured in the same run, all with autocannon on loopback at a fixed concurrency for a
// bounded time per target. Prints one markdown table (server CPU µs per request, req/s,
// p50/p99, errors by status, % of bare, PostgreSQL statements and round trips per request,
// PASS/MISS against the targets), the server's RSS idle and under load, then the
// session-resolution micro-benchmark (scripts/bench-session.ts), the reminder scheduling
// pass for 100,000 learners (scripts/bench-reminders.ts) and the writing checker's benchmark
// (scripts/writing-benchmark.ts: quality, CPU per 300-word draft in the checker's thread, and
// the event loop's longest stall during a slow check).
//
// The figure to compare across runs is the server's CPU time per request (user + system from
// /proc/<pid>/stat over the run, divided by the responses): req/s on a small machine mostly
// measures the load generator, which shares the cores with the server.
//
// PostgreSQL: a fresh database on TEST_DATABASE_URL or DATABASE_URL when set, otherwise a
// throwaway cluster (scripts/with-postgres-bin.mjs). BENCH_SKIP_PG=1 runs SQLite only.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import net from 'node:net';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import pg from 'pg';
import { benchHistory, benchStall, benchTeams, reportScale } from './bench-scale.mjs';
import { freePort, freshPostgresDatabase, startPgCluster } from './with-postgres-bin.mjs';

const root = join(import.meta.dirname, '..');
/** The server bundle under test; another build (e.g. a branch's) can be compared with BENCH_SERVER. */
const SERVER = process.env.BENCH_SERVER ?? join(root, 'dist/server/main.js');
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const USERS = Number(process.env.BENCH_USERS ?? 100);
/** Only the targets whose names contain one of these comma-separated words (all by default). */
const ONLY = (process.env.BENCH_TARGETS ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
/** A folder: the app servers run under `--cpu-prof` and write their profiles there. */
const PROFILE_DIR = process.env.BENCH_PROFILE || null;
const SECRET = 'bench-secret-bench-secret-bench-secret-000';
const PASSWORD = 'bench password 123';
/**
 * Targets: server CPU µs per request by target and database, PostgreSQL round trips per
 * hot write, p99 on SQLite, no errors, RSS under load.
 */
const HOT_WRITES = ['record a visit', 'answer a question', 'plan a word'];
const TARGET_CPU_US = {
  sqlite: {
    'record a visit': 200,
    'answer a question': 200,
    'plan a word': 200,
    'read stats': 100,
    health: 40,
  },
  postgres: { 'record a visit': 300, 'answer a question': 300, 'plan a word': 300 },
};
const TARGET_PG_ROUND_TRIPS = 2;
const TARGET_P99_MS = 25;
const TARGET_RSS_MIB = 200;
/** Requests per target in the PostgreSQL statement-counting pass. */
const COUNT_REQUESTS = 200;

// ---------------------------------------------------------------------------------------
// Clean-up: everything started is stopped on success, failure and Ctrl-C.

const cleanups = [];
async function cleanUp() {
  while (cleanups.length > 0) {
    try {
      await cleanups.pop()();
    } catch (err) {
      console.error(`clean-up: ${err.message}`);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping what the bench started…`);
    cleanUp().finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------------------
// Processes.

/** A node child; `stop()` sends SIGTERM, then SIGKILL after 5 s, and waits for the exit. */
function startNode(args, env) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  cleanups.push(stop);
  return { child, stop };
}

async function waitFor(url, child) {
  const deadline = Date.now() + 120_000; // a loaded machine starts slowly
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited during start`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

/** CPU time (user + system) a process has used, in µs, from /proc (null where there is none). */
const CLK_TCK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;
function cpuMicros(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / CLK_TCK) * 1e6;
  } catch {
    return null;
  }
}

/** Resident set size of a process in MiB, from /proc (null where there is no /proc). */
function rssMiB(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------
// Build.

function newestMtime(dir) {
  let newest = 0;
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    const s = statSync(full);
    newest = Math.max(newest, s.isDirectory() ? newestMtime(full) : s.mtimeMs);
  }
  return newest;
}

function ensureBuilt() {
  if (process.env.BENCH_SERVER) return;
  const bundle = join(root, 'dist/server/main.js');
  const missing = !existsSync(bundle) || !existsSync(join(root, 'dist/client/index.html'));
  const stale =
    !missing &&
    Math.max(newestMtime(join(root, 'server')), newestMtime(join(root, 'core'))) >
      statSync(bundle).mtimeMs;
  if (!missing && !stale) return;
  console.log(missing ? 'Building first…' : 'server/ or core/ changed since the build: building…');
  // Other builds may run at the same time: one at a time through the shared lock.
  const r = spawnSync('flock', ['/tmp/skillway-dist.lock', 'npm', 'run', 'build', '--silent'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('the build failed');
}

// ---------------------------------------------------------------------------------------
// The app under test: started, signed-in users made through the real HTTP API.

async function startApp(dialect, databaseUrl) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'skillway-bench-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const url = `http://127.0.0.1:${port}`;
  const profile = PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', PROFILE_DIR] : [];
  const { child, stop } = startNode([...profile, SERVER], {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    BETTER_AUTH_SECRET: SECRET,
    // The bench stands in for a reverse proxy, so each user signs up from an address of its
    // own (Better Auth allows 5 sign-ups a minute per address).
    TRUSTED_PROXIES: '127.0.0.1',
    DATABASE_URL: databaseUrl ?? '',
  });
  await waitFor(`${url}/api/health`, child);
  return { dialect, url, pid: child.pid, dataDir, databaseUrl, stop };
}

async function createUsers(url, count, prefix = 'bench') {
  return (await createNamedUsers(url, count, prefix)).cookies;
}

/** Each sign-up comes from an address of its own: Better Auth allows 5 a minute per address. */
let addresses = 0;
const address = () => {
  const i = addresses++;
  return `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
};

/** Signed-up, signed-in users: their session cookies and their addresses. */
async function createNamedUsers(url, count, prefix) {
  const runId = Math.random().toString(36).slice(2, 8);
  const emails = [];
  const one = async (i) => {
    const email = `${prefix}-${runId}-${i}@example.com`;
    emails[i] = email;
    const headers = {
      'Content-Type': 'application/json',
      Origin: url,
      'X-Forwarded-For': address(),
    };
    const post = (path, body) =>
      fetch(`${url}/api/auth${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const up = await post('/sign-up/email', { email, password: PASSWORD, name: `Bench ${i}` });
    if (up.status !== 200) throw new Error(`sign-up: ${up.status} ${await up.text()}`);
    const res = await post('/sign-in/email', { email, password: PASSWORD });
    if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
    const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token='));
    if (!cookie) throw new Error('sign-in set no session cookie');
    return cookie.split(';')[0];
  };
  const cookies = [];
  // Four at a time: the server hashes at most four passwords at once anyway.
  for (let i = 0; i < count; i += 4) {
    const batch = [];
    for (let j = i; j < Math.min(count, i + 4); j++) batch.push(one(j));
    cookies.push(...(await Promise.all(batch)));
  }
  return { cookies, emails };
}

/** Learners whose stats are read: each answers the same questions before the timed runs. */
const READERS = 10;
const READER_ANSWERS = { deepDive: 30, topic: 30 };

async function seedReaders(url, readers, { questions }) {
  const deep = questions.filter((q) => q.id.startsWith('deep-dive-'));
  const topic = questions.filter((q) => !q.id.startsWith('deep-dive-'));
  const asked = [
    ...deep.slice(0, READER_ANSWERS.deepDive),
    ...topic.slice(0, READER_ANSWERS.topic),
  ];
  for (const cookie of readers)
    await Promise.all(
      asked.map(async (q, i) => {
        const res = await fetch(`${url}/api/grammar/answers`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: url, cookie },
          body: JSON.stringify({ questionId: q.id, choiceIndex: i % q.options }),
        });
        if (res.status !== 200) throw new Error(`seeding answers: ${res.status}`);
      }),
    );
}

/** Question ids (with their option counts) and word ids, from the public content API. */
async function loadContent(url) {
  const get = async (path) => {
    const res = await fetch(`${url}${path}`);
    if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
    return res.json();
  };
  const questions = [];
  const grammar = await get('/api/content/grammar');
  for (const topic of Object.keys(grammar.topics)) {
    const t = await get(`/api/content/grammar/topics/${encodeURIComponent(topic)}`);
    for (const q of t.questions) questions.push({ id: q.id, options: q.options.length });
  }
  const deepDive = await get('/api/content/grammar/deep-dive');
  for (const q of deepDive.questions)
    questions.push({ id: `deep-dive-${q.id}`, options: q.options.length });
  const vocabulary = await get('/api/content/vocabulary');
  const words = vocabulary.sets.flatMap((s) => s.items.map((w) => w.id));
  return { questions, words };
}

/**
 * The hot endpoints. Request n goes to user n % users (so concurrent requests are from
 * different users) and walks that user through the items, so writes are real: every visit
 * and plan is an upsert, and answers are first answers until users × questions run out.
 * The health check goes without a cookie, as a load balancer's probe does.
 */
function hotTargets(cookies, { questions, words }, readers) {
  const target = (name, method, build, { signedIn = true, users = cookies } = {}) => {
    const U = users.length;
    let n = 0;
    return {
      name,
      method,
      setupRequest: (req) => {
        const i = n++;
        const user = i % U;
        const step = Math.floor(i / U) + user * 7; // users start at different items
        const { path, body } = build(step, i);
        req.method = method;
        req.path = path;
        if (signedIn) req.headers = { ...req.headers, cookie: users[user] };
        if (body !== undefined) {
          req.headers['content-type'] = 'application/json';
          req.body = JSON.stringify(body);
        }
        return req;
      },
    };
  };
  const word = (step) => encodeURIComponent(words[step % words.length]);
  const all = [
    target('record a visit', 'POST', (step) => ({
      path: `/api/items/word/${word(step)}/visit`,
    })),
    target('answer a question', 'POST', (step, i) => {
      const q = questions[step % questions.length];
      return {
        // With the zone the daily goal is counted in, as the app sends it: the reply carries it.
        path: '/api/grammar/answers?tz=UTC',
        body: { questionId: q.id, choiceIndex: i % q.options },
      };
    }),
    // Learners with a fixed history (seedReaders), so the figure does not grow with how many
    // answers the faster server managed to record in the targets before it.
    target('read stats', 'GET', () => ({ path: '/api/grammar/stats' }), { users: readers }),
    // What the navigation reads on every page: the goal, the streak and the due count.
    target('read today', 'GET', () => ({ path: '/api/dashboard/today?tz=UTC' }), {
      users: readers,
    }),
    target('plan a word', 'POST', (step) => ({
      path: `/api/items/word/${word(step)}/plan`,
    })),
    target('health', 'GET', () => ({ path: '/api/health' }), { signedIn: false }),
  ];
  return ONLY.length === 0 ? all : all.filter((t) => ONLY.some((word) => t.name.includes(word)));
}

/** The hot targets by role, whatever BENCH_TARGETS says (the answer load of the stall test). */
function hotTargetsAll(cookies, content, readers) {
  const saved = ONLY.splice(0);
  try {
    const all = hotTargets(cookies, content, readers);
    return { answer: all.find((t) => t.name === 'answer a question') };
  } finally {
    ONLY.push(...saved);
  }
}

// ---------------------------------------------------------------------------------------
// Load.

/** autocannon for `seconds` (or `amount` requests), with the server's CPU time over the run. */
async function load(url, request, { seconds, amount, connections = CONNECTIONS, pid }) {
  const cpuBefore = cpuMicros(pid);
  const r = await new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections,
        ...(amount ? { amount } : { duration: seconds }),
        headers: { 'accept-encoding': 'br, gzip' },
        ...(request ? { requests: [request] } : {}),
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
  const cpuAfter = cpuMicros(pid);
  r.serverCpuMicros = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
  return r;
}

function summarize(name, db, r) {
  const byStatus = Object.entries(r.statusCodeStats ?? {})
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, { count }]) => `${code}×${count}`);
  if (r.errors > 0) byStatus.push(`socket errors×${r.errors}`);
  const responses = r['2xx'] + r.non2xx;
  return {
    name,
    db,
    cpuUs: r.serverCpuMicros === null || responses === 0 ? null : r.serverCpuMicros / responses,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
    byStatus,
    total: r.requests.total,
  };
}

/**
 * A TCP relay in front of PostgreSQL that counts what the app sends: statements (simple
 * Query and Execute messages) and round trips (simple Query and Sync messages; node-postgres
 * waits for each answer before it sends the next query, so it never pipelines).
 */
async function countingPgProxy(databaseUrl) {
  const target = new URL(databaseUrl);
  const counts = { statements: 0, roundTrips: 0 };
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    client.pipe(upstream);
    upstream.pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close);
    upstream.on('error', close);
    // Frontend messages: an untyped start-up message (after an optional SSL/GSS request),
    // then 1 type byte and an Int32 length that counts itself but not the type byte.
    let buffer = Buffer.alloc(0);
    let started = false;
    client.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (!started) {
          if (buffer.length < 8) return;
          const len = buffer.readInt32BE(0);
          const code = buffer.readInt32BE(4);
          if (buffer.length < len) return;
          buffer = buffer.subarray(len);
          if (code !== 80877103 && code !== 80877104) started = true; // not SSL/GSS
          continue;
        }
        if (buffer.length < 5) return;
        const len = buffer.readInt32BE(1);
        if (buffer.length < len + 1) return;
        const type = String.fromCharCode(buffer[0]);
        if (type === 'Q' || type === 'E') counts.statements++;
        if (type === 'Q' || type === 'S') counts.roundTrips++;
        buffer = buffer.subarray(len + 1);
      }
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(server.address().port);
  return { url: url.toString(), counts };
}

/**
 * Statements and round trips per request on PostgreSQL: a second app on the same database,
 * through the counting relay, serves a fixed number of each target's requests (after the
 * timed runs, so the relay costs them nothing).
 */
async function countStatements(databaseUrl, targets) {
  const proxy = await countingPgProxy(databaseUrl);
  const app = await startApp('postgres', proxy.url);
  const perRequest = {};
  try {
    for (const t of targets) await load(app.url, t, { amount: 20, connections: 5, pid: app.pid });
    for (const t of targets) {
      const before = { ...proxy.counts };
      const r = await load(app.url, t, { amount: COUNT_REQUESTS, connections: 10, pid: app.pid });
      const n = r['2xx'] + r.non2xx;
      perRequest[t.name] = {
        statements: (proxy.counts.statements - before.statements) / n,
        roundTrips: (proxy.counts.roundTrips - before.roundTrips) / n,
      };
    }
  } finally {
    await app.stop();
  }
  return perRequest;
}

/** Bare node:http, then the hot endpoints on one database; CPU and RSS measured throughout. */
async function benchDatabase(dialect, databaseUrl, bareServer, pgPid) {
  const bare = summarize(
    'bare node:http',
    '—',
    await load(`http://127.0.0.1:${bareServer.port}/`, null, {
      seconds: DURATION,
      pid: bareServer.pid,
    }),
  );
  const app = await startApp(dialect, databaseUrl);
  const cookies = await createUsers(app.url, USERS);
  const readers = await createUsers(app.url, READERS);
  const content = await loadContent(app.url);
  await seedReaders(app.url, readers, content);
  const targets = hotTargets(cookies, content, readers);
  for (const t of targets) await load(app.url, t, { seconds: WARMUP, pid: app.pid });
  await new Promise((r) => setTimeout(r, 1000));
  const memory = { idle: rssMiB(app.pid), peak: 0, after: null };
  const sampler = setInterval(() => {
    memory.peak = Math.max(memory.peak, rssMiB(app.pid) ?? 0);
  }, 100);
  const rows = [bare];
  const before = await storedRows(app);
  try {
    for (const t of targets) {
      const r = summarize(
        t.name,
        dialect,
        await load(app.url, t, { seconds: DURATION, pid: app.pid }),
      );
      r.ratio = r.rps / bare.rps;
      r.cpuRatio = r.cpuUs === null || !bare.cpuUs ? null : r.cpuUs / bare.cpuUs;
      rows.push(r);
    }
  } finally {
    clearInterval(sampler);
  }
  const after = await storedRows(app);
  const requests = Object.fromEntries(rows.map((r) => [r.name, r.total]));
  const writes = [
    requests['record a visit'] !== undefined &&
      `${after.visits - before.visits} visits stored for ${requests['record a visit']} visit requests`,
    requests['answer a question'] !== undefined &&
      `${after.answers - before.answers} first answers for ${requests['answer a question']} answers`,
    requests['plan a word'] !== undefined &&
      `${after.planned - before.planned} words newly on plan lists for ${requests['plan a word']} plans (a repeat plan updates its row)`,
  ]
    .filter(Boolean)
    .join(', ');
  await new Promise((r) => setTimeout(r, 2000));
  memory.after = rssMiB(app.pid);
  const burst = dialect === 'sqlite' && wanted('junk') ? await junkBurst(app) : null;
  // Issue 32: a learner's history and a team's size (scripts/bench-scale.mjs).
  const scale = {};
  const h = {
    cpuMicros,
    rssMiB,
    load,
    seconds: DURATION,
    pgPid: pgPid?.() ?? null,
    createUsers: createNamedUsers,
    answerTarget: (users, c) => () => hotTargetsAll(users, c, readers).answer,
  };
  if (wanted('history')) scale.history = await benchHistory(h, app);
  if (wanted('teams')) {
    scale.teams = await benchTeams(h, app);
    scale.stall = await benchStall(h, app, cookies, content, scale.teams);
  }
  await app.stop();
  if (databaseUrl) {
    const counted = await countStatements(databaseUrl, targets);
    for (const r of rows) if (counted[r.name]) Object.assign(r, counted[r.name]);
  }
  return { rows, memory, writes, burst, ...scale };
}

/** Whether a part of the run was asked for (BENCH_TARGETS), or everything was. */
const wanted = (word) => ONLY.length === 0 || ONLY.some((w) => word.includes(w));

const JUNK_PER_KIND = 5000;
const JUNK_KINDS = [
  (v) => `/activity?activity=${v}`,
  (v) => `/activity/activities?activity=${v}`,
  (v) => `/teams/${v}`,
  (v) => `/teams/invitations/${v}`,
];

/**
 * Issue 24's probe: 5,000 distinct junk addresses of each personal page kind, with 4 KB
 * values, as a guest. Each once made a permanent page-cache entry (~1 GB for 20,000); the
 * server's RSS before and after the burst shows whether anything is kept.
 */
async function junkBurst(app) {
  const before = rssMiB(app.pid);
  const statuses = {};
  for (const kind of JUNK_KINDS) {
    let n = 0;
    const worker = async () => {
      while (n < JUNK_PER_KIND) {
        const value = `${n++}-${'x'.repeat(4096)}`;
        const res = await fetch(`${app.url}${kind(value)}`, {
          headers: { 'Accept-Encoding': 'br, gzip' },
        });
        await res.arrayBuffer();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  }
  await new Promise((r) => setTimeout(r, 2000));
  return { before, after: rssMiB(app.pid), requests: JUNK_PER_KIND * JUNK_KINDS.length, statuses };
}

const STORED_SQL = `select (select count(*) from item_visit) as visits,
  (select count(*) from grammar_answer) as answers,
  (select count(*) from user_item where planned_at is not null) as planned`;

/** Rows the hot endpoints write, read from the app's database: proof the writes happened. */
async function storedRows(app) {
  if (app.databaseUrl) {
    const c = new pg.Client({ connectionString: app.databaseUrl });
    await c.connect();
    try {
      const row = (await c.query(STORED_SQL)).rows[0];
      return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]));
    } finally {
      await c.end();
    }
  }
  const db = new Database(join(app.dataDir, 'skillway.db'), { readonly: true });
  try {
    return db.prepare(STORED_SQL).get();
  } finally {
    db.close();
  }
}

// ---------------------------------------------------------------------------------------
// Report.

function verdict(r) {
  if (r.ratio === undefined) return '';
  const missed = [];
  const cpuTarget = TARGET_CPU_US[r.db]?.[r.name];
  if (cpuTarget !== undefined && (r.cpuUs === null || r.cpuUs > cpuTarget))
    missed.push(`CPU > ${cpuTarget} µs`);
  if (
    r.db === 'postgres' &&
    HOT_WRITES.includes(r.name) &&
    !(r.roundTrips <= TARGET_PG_ROUND_TRIPS)
  )
    missed.push(`> ${TARGET_PG_ROUND_TRIPS} round trips`);
  if (r.db === 'sqlite' && r.p99 > TARGET_P99_MS) missed.push(`p99 > ${TARGET_P99_MS} ms`);
  if (r.errors > 0) missed.push('errors');
  return missed.length === 0 ? 'PASS' : `MISS (${missed.join(', ')})`;
}

function report(sections) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  const mib = (x) => (x === null ? 'n/a' : `${x.toFixed(0)} MiB`);
  const perReq = (x) => (x === undefined ? '' : x.toFixed(1));
  console.log(
    line([
      'target',
      'db',
      'CPU µs/req',
      '× bare CPU',
      'req/s',
      'p50 ms',
      'p99 ms',
      'errors',
      '% of bare',
      'statements/req',
      'round trips/req',
      'target met',
    ]),
  );
  console.log(
    line([
      '---',
      '---',
      '---:',
      '---:',
      '---:',
      '---:',
      '---:',
      '---:',
      '---:',
      '---:',
      '---:',
      '---',
    ]),
  );
  for (const { rows } of sections) {
    for (const r of rows) {
      console.log(
        line([
          r.name,
          r.db,
          r.cpuUs === null ? 'n/a' : Math.round(r.cpuUs),
          r.ratio === undefined ? '1×' : r.cpuRatio ? `${r.cpuRatio.toFixed(1)}×` : 'n/a',
          Math.round(r.rps),
          r.p50,
          r.p99,
          r.errors === 0 ? 0 : `${r.errors} (${r.byStatus.join(', ')})`,
          r.ratio === undefined ? '100 %' : `${(r.ratio * 100).toFixed(1)} %`,
          perReq(r.statements),
          perReq(r.roundTrips),
          verdict(r),
        ]),
      );
    }
  }
  const cpu = (db) =>
    Object.entries(TARGET_CPU_US[db])
      .map(([name, us]) => `${name} ≤ ${us} µs`)
      .join(', ');
  console.log(
    `\nTargets (server CPU per request): SQLite ${cpu('sqlite')}; PostgreSQL ${cpu('postgres')} and ≤ ${TARGET_PG_ROUND_TRIPS} round trips (the session lookup included); p99 ≤ ${TARGET_P99_MS} ms on SQLite; no errors (any non-2xx is one); RSS under load ≤ ${TARGET_RSS_MIB} MiB. CPU is user + system time of the server process over the run divided by its responses; each database's % of bare uses the bare run just before it. PostgreSQL statements are counted through a relay in a separate pass of ${COUNT_REQUESTS} requests per target.\n`,
  );
  for (const { dialect, writes } of sections) console.log(`Writes (${dialect}): ${writes}.`);
  console.log('');
  console.log(line(['server RSS', 'idle', 'peak under load', 'after load', 'target met']));
  console.log(line(['---', '---:', '---:', '---:', '---']));
  for (const { dialect, memory } of sections)
    console.log(
      line([
        dialect,
        mib(memory.idle),
        mib(memory.peak),
        mib(memory.after),
        memory.peak <= TARGET_RSS_MIB ? 'PASS' : `MISS (> ${TARGET_RSS_MIB} MiB)`,
      ]),
    );
  console.log('');
  for (const { dialect, burst } of sections) {
    if (!burst) continue;
    const by = Object.entries(burst.statuses)
      .map(([status, n]) => `${n} × ${status}`)
      .join(', ');
    console.log(
      `Junk-URL burst (${dialect}): ${burst.requests} distinct addresses under /activity, /activity/activities, /teams and /teams/invitations with 4 KB values (${by}): server RSS ${mib(burst.before)} before, ${mib(burst.after)} after.\n`,
    );
  }
}

// ---------------------------------------------------------------------------------------

async function main() {
  ensureBuilt();
  const load1 = () =>
    loadavg()
      .map((x) => x.toFixed(2))
      .join(' ');
  console.log(
    `autocannon: ${CONNECTIONS} connections, ${DURATION} s per target (after ${WARMUP} s warm-up), ${USERS} signed-in users, loopback; load average before: ${load1()}\n`,
  );
  const barePort = await freePort();
  const bare = startNode([
    '-e',
    `require('node:http').createServer((q, s) => { s.writeHead(200, { 'content-type': 'text/plain' }); s.end('hello'); }).listen(${barePort}, '127.0.0.1')`,
  ]);
  await waitFor(`http://127.0.0.1:${barePort}/`, bare.child);
  const bareServer = { port: barePort, pid: bare.child.pid };

  const sections = [];
  sections.push({ dialect: 'sqlite', ...(await benchDatabase('sqlite', undefined, bareServer)) });

  let pgBase = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || null;
  /** The throwaway cluster, when the bench started one: its backends' CPU is counted. */
  let pgCluster = null;
  if (process.env.BENCH_SKIP_PG !== '1') {
    if (!pgBase) {
      pgCluster = await startPgCluster();
      cleanups.push(pgCluster.stop);
      pgBase = pgCluster.url;
    }
    const fresh = await freshPostgresDatabase(pgBase, 'skillway_bench');
    cleanups.push(fresh.drop);
    const url = fresh.url;
    sections.push({
      dialect: 'postgres',
      ...(await benchDatabase('postgres', url, bareServer, pgCluster?.pid)),
    });
  }
  await bare.stop();
  console.log(`load average after: ${load1()}\n`);
  report(sections);
  reportScale(sections);
  if (ONLY.length > 0) return;

  const session = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(root, 'scripts/bench-session.ts')],
    {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        ...(pgBase && process.env.BENCH_SKIP_PG !== '1' ? { BENCH_PG_URL: pgBase } : {}),
      },
    },
  );
  if (session.status !== 0) throw new Error('the session micro-benchmark failed');

  const reminders = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(root, 'scripts/bench-reminders.ts')],
    {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        ...(pgBase && process.env.BENCH_SKIP_PG !== '1' ? { BENCH_PG_URL: pgBase } : {}),
      },
    },
  );
  if (reminders.status !== 0) throw new Error('the reminder scheduling benchmark failed');

  console.log('\nWriting checker (scripts/writing-benchmark.ts):\n');
  const writing = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(root, 'scripts/writing-benchmark.ts')],
    { cwd: root, stdio: 'inherit' },
  );
  if (writing.status !== 0) throw new Error('the writing checker benchmark failed');
}

let code = 0;
try {
  await main();
} catch (err) {
  console.error(`bench: ${err.message}`);
  code = 1;
} finally {
  await cleanUp();
}
process.exit(code);
