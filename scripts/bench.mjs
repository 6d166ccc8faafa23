// `npm run bench`: the built server on SQLite against a bare node:http hello-world, both
// measured in this run with autocannon on loopback (bounded: DURATION seconds per target).
// Prints requests/s, p50/p99 latency, errors and the ratio to the bare server. Numbers vary
// with the machine; the ratio is the figure to compare across runs.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

const root = join(import.meta.dirname, '..');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function waitFor(url) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

function start(args, env) {
  return spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

function run(url) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: DURATION,
        headers: { 'accept-encoding': 'br, gzip' },
      },
      (err, r) => (err ? reject(err) : resolve(r)),
    );
  });
}

if (
  !existsSync(join(root, 'dist/server/main.js')) ||
  !existsSync(join(root, 'dist/client/index.html'))
) {
  console.log('Building first…');
  if (spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' }).status !== 0)
    process.exit(1);
}

const barePort = await freePort();
const appPort = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'skillway-bench-'));
const bare = start([
  '-e',
  `require('node:http').createServer((q, s) => { s.writeHead(200, { 'content-type': 'text/plain' }); s.end('hello'); }).listen(${barePort}, '127.0.0.1')`,
]);
const app = start([join(root, 'dist/server/main.js')], {
  NODE_ENV: 'production',
  PORT: String(appPort),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-000',
});

try {
  await waitFor(`http://127.0.0.1:${barePort}/`);
  await waitFor(`http://127.0.0.1:${appPort}/api/health`);
  const targets = [
    ['bare node:http', `http://127.0.0.1:${barePort}/`],
    ['GET /api/health', `http://127.0.0.1:${appPort}/api/health`],
    ['GET /grammar (page)', `http://127.0.0.1:${appPort}/grammar`],
  ];
  console.log(
    `autocannon: ${CONNECTIONS} connections, ${DURATION}s per target, loopback, SQLite\n`,
  );
  const rows = [];
  for (const [name, url] of targets) {
    const r = await run(url);
    rows.push({
      name,
      rps: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      errors: r.errors + r.non2xx,
    });
  }
  const base = rows[0].rps;
  const line = (cells) => `| ${cells.join(' | ')} |`;
  console.log(line(['target', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'vs bare']));
  console.log(line(['---', '---:', '---:', '---:', '---:', '---:']));
  for (const r of rows) {
    console.log(
      line([
        r.name,
        Math.round(r.rps),
        r.p50,
        r.p99,
        r.errors,
        `${Math.round((r.rps / base) * 100)} %`,
      ]),
    );
  }
} finally {
  bare.kill('SIGTERM');
  app.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  rmSync(dataDir, { recursive: true, force: true });
}
