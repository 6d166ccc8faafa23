import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

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
