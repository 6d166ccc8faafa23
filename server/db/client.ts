import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { SQLite } from './sqlite-native';
import { CachedSqliteDialect } from './sqlite-driver';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

/**
 * Runs `fn` in a transaction, joining the caller's when `db` already is one: Kysely does
 * not nest transactions, and a service called inside another's (the sync's `applyOnce`)
 * must commit or roll back with it.
 */
export function inTransaction<T>(
  db: Db,
  fn: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? fn(db as Transaction<Database>) : db.transaction().execute(fn);
}

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  /** Where the data lives, for logs: a file path or the Postgres host/database. */
  location: string;
}

// Postgres returns bigint/count(*) as strings by default; our counts fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export function openDb(
  opts: { databaseUrl?: string | undefined; dataDir: string },
  onIdleError: (err: Error) => void = () => undefined,
): DbHandle {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle client dying (database restart, admin termination) emits 'error' on the pool;
    // without a listener that would crash the process. The next query reconnects.
    pool.on('error', onIdleError);
    const url = new URL(opts.databaseUrl);
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      dialect: 'postgres',
      location: `${url.hostname}:${url.port || 5432}${url.pathname}`,
    };
  }
  mkdirSync(opts.dataDir, { recursive: true });
  const file = join(opts.dataDir, 'skillway.db');
  const sqlite = new SQLite(file);
  // WAL: readers never block the writer; synchronous=NORMAL is crash-safe in WAL mode.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return {
    db: new Kysely<Database>({ dialect: new CachedSqliteDialect(sqlite) }),
    dialect: 'sqlite',
    location: file,
  };
}
