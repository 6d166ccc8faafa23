import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';

/** Distinct SQL texts kept prepared; the hot paths use a few dozen. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite connection, with prepared statements kept by SQL text: Kysely's own
 * driver prepares every query anew, which costs more than running most of ours.
 */
class SqliteConnection implements DatabaseConnection {
  readonly #db: SQLite.Database;
  readonly #statements = new Map<string, SQLite.Statement>();

  constructor(db: SQLite.Database) {
    this.#db = db;
  }

  #prepare(sql: string): SQLite.Statement {
    let stmt = this.#statements.get(sql);
    if (!stmt) {
      // Queries with variable-length lists have many texts: start over rather than grow.
      if (this.#statements.size >= STATEMENT_CACHE_SIZE) this.#statements.clear();
      stmt = this.#db.prepare(sql);
      this.#statements.set(sql, stmt);
    }
    return stmt;
  }

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const stmt = this.#prepare(compiledQuery.sql);
    const parameters = compiledQuery.parameters as unknown[];
    if (stmt.reader) return Promise.resolve({ rows: stmt.all(parameters) as R[] });
    const { changes, lastInsertRowid } = stmt.run(parameters);
    return Promise.resolve({
      numAffectedRows: BigInt(changes),
      insertId: BigInt(lastInsertRowid),
      rows: [],
    });
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    // A statement being iterated is busy until the iteration ends: never a shared one.
    const stmt = this.#db.prepare(compiledQuery.sql);
    if (!stmt.reader) throw new Error('SQLite streams only queries that return rows');
    for (const row of stmt.iterate(compiledQuery.parameters as unknown[]))
      yield { rows: [row as R] };
  }
}

const savepoint = (command: string, name: string) =>
  CompiledQuery.raw(`${command} "${name.replace(/"/g, '""')}"`);

/**
 * The one SQLite connection, handed to one holder at a time in arrival order. (Kysely's
 * driver wakes every waiter on each release, which grows with the queue under load.)
 */
class SqliteDriver implements Driver {
  readonly #db: SQLite.Database;
  readonly #connection: SqliteConnection;
  readonly #waiting: (() => void)[] = [];
  #busy = false;

  constructor(db: SQLite.Database) {
    this.#db = db;
    this.#connection = new SqliteConnection(db);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.#busy) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#busy = true;
    return this.#connection;
  }

  async releaseConnection(): Promise<void> {
    const next = this.#waiting.shift();
    // Hand the connection straight to the next in line; it stays busy.
    if (next) next();
    else this.#busy = false;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(savepoint('savepoint', name));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(savepoint('rollback to', name));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(savepoint('release', name));
  }

  async destroy(): Promise<void> {
    this.#db.close();
  }
}

/** Kysely's SQLite dialect (compiler, adapter, introspector) on the driver above. */
export class CachedSqliteDialect extends SqliteDialect {
  readonly #db: SQLite.Database;

  constructor(db: SQLite.Database) {
    super({ database: db });
    this.#db = db;
  }

  override createDriver(): Driver {
    return new SqliteDriver(this.#db);
  }
}
