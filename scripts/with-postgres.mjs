// Runs a command with TEST_DATABASE_URL pointing at a PostgreSQL server:
//  - the one given in TEST_DATABASE_URL, if set; otherwise
//  - a throwaway cluster made with the system initdb/pg_ctl in a temp dir, on a free
//    loopback port (as the `postgres` OS user when running as root), stopped afterwards.
// Usage: node scripts/with-postgres.mjs <command> [args…]
import { spawn } from 'node:child_process';
import { startPgCluster } from './with-postgres-bin.mjs';

const [cmd, ...args] = process.argv.slice(2);
if (!cmd) {
  console.error('usage: node scripts/with-postgres.mjs <command> [args…]');
  process.exit(2);
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
  let cluster;
  try {
    cluster = await startPgCluster();
  } catch (err) {
    console.error(`Could not start the PostgreSQL test cluster: ${err.message}`);
    process.exit(1);
  }
  let code = 1;
  try {
    console.log(`PostgreSQL test cluster running on 127.0.0.1:${cluster.port}`);
    code = await run(cmd, args, { TEST_DATABASE_URL: cluster.url });
  } finally {
    cluster.stop();
  }
  process.exit(code);
}

await main();
