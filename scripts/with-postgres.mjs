// Runs a command with TEST_DATABASE_URL pointing at a PostgreSQL server:
//  - the one given in TEST_DATABASE_URL, if set; otherwise
//  - a throwaway cluster made with the system initdb/pg_ctl in a temp dir, on a free
//    loopback port (as the `postgres` OS user when running as root), stopped afterwards.
// Usage: node scripts/with-postgres.mjs <command> [args…]
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PG_INSTALL_HINT, findPgBin } from './with-postgres-bin.mjs';

const [cmd, ...args] = process.argv.slice(2);
if (!cmd) {
  console.error('usage: node scripts/with-postgres.mjs <command> [args…]');
  process.exit(2);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function run(command, commandArgs, env) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, {
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main() {
  if (process.env.TEST_DATABASE_URL) {
    process.exit(await run(cmd, args, {}));
  }
  const bin = findPgBin();
  if (!bin) {
    console.error(PG_INSTALL_HINT);
    process.exit(1);
  }
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'skillway-pg-'));
  const data = join(dir, 'data');
  const port = await freePort();
  const asPg = (exe, exeArgs) =>
    asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, exe), ...exeArgs]]
      : [join(bin, exe), exeArgs];
  if (asRoot) {
    chmodSync(dir, 0o700);
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const sh = (exe, exeArgs) => {
    const [c, a] = asPg(exe, exeArgs);
    execFileSync(c, a, { stdio: ['ignore', 'ignore', 'inherit'] });
  };
  let code = 1;
  try {
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
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    console.log(`PostgreSQL test cluster running on 127.0.0.1:${port}`);
    code = await run(cmd, args, { TEST_DATABASE_URL: url });
  } catch (err) {
    console.error(`Could not start the PostgreSQL test cluster: ${err.message}`);
  } finally {
    try {
      if (existsSync(join(data, 'postmaster.pid')))
        sh('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    } catch {
      // already stopped
    }
    rmSync(dir, { recursive: true, force: true });
  }
  process.exit(code);
}

await main();
