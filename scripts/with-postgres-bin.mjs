import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** initdb/pg_ctl on PATH, else Debian's versioned folder. */
export function findPgBin() {
  const onPath = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  if (onPath) return onPath.replace(/\/initdb$/, '');
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
    for (const v of versions)
      if (existsSync(join(base, v, 'bin', 'initdb'))) return join(base, v, 'bin');
  }
  return null;
}

export const PG_INSTALL_HINT =
  'PostgreSQL server binaries (initdb, pg_ctl) were not found. Install them ' +
  '(Debian/Ubuntu: `sudo apt-get install -y postgresql`), add their folder to PATH, ' +
  'or set TEST_DATABASE_URL to a PostgreSQL server the tests may create databases on.';

/** A free TCP port on loopback. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * A throwaway PostgreSQL cluster made with the system initdb/pg_ctl in a temp dir, on a
 * free loopback port (as the `postgres` OS user when running as root). Returns its URL and
 * `stop()`, which stops it and removes the dir (safe to call twice). Throws when the
 * binaries are missing or the cluster does not start (having cleaned up after itself).
 */
export async function startPgCluster() {
  const bin = findPgBin();
  if (!bin) throw new Error(PG_INSTALL_HINT);
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'skillway-pg-'));
  const data = join(dir, 'data');
  const port = await freePort();
  const sh = (exe, exeArgs) => {
    const [c, a] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, exe), ...exeArgs]]
      : [join(bin, exe), exeArgs];
    execFileSync(c, a, { stdio: ['ignore', 'ignore', 'inherit'] });
  };
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      if (existsSync(join(data, 'postmaster.pid')))
        sh('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    } catch {
      // already stopped
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    if (asRoot) {
      chmodSync(dir, 0o700);
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
      chownSync(dir, uid, gid);
    }
    sh('initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--no-instructions',
    ]);
    sh('pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'server.log'),
      '-w',
      '-t',
      '60',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off -c full_page_writes=off`,
      'start',
    ]);
  } catch (err) {
    stop();
    throw err;
  }
  /** The postmaster's process id (its children are the backends), for CPU accounting. */
  const pid = () => Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, stop, pid };
}

/**
 * A fresh, empty database on the PostgreSQL server of `base` (tests, journeys, benchmarks):
 * its URL, and `drop()` to remove it again.
 */
export async function freshPostgresDatabase(base, prefix = 'skillway') {
  const name = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await c.end();
    },
  };
}
