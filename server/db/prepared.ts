import { CompiledQuery, PostgresAdapter, type Compilable } from 'kysely';
import type { Db } from './client';

/** A named stand-in for a value: compiled as a parameter, replaced at each call. */
class Slot {
  constructor(readonly name: string) {}
}

export type Param = <T>(name: string) => T;

export const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * A query built and compiled once per dialect, then run with new values: on a hot path
 * Kysely's building and compiling cost more than running the statement. `build` writes the
 * query as usual, with `p('name')` wherever a value changes from call to call; each call
 * only binds `args` by name. A value left as a literal (not through `p`) is fixed for good.
 */
export function prepared<R>(build: (db: Db, p: Param) => Compilable<R>) {
  const shapes = new WeakMap<object, { sql: string; params: readonly unknown[] }>();
  return (db: Db, args: Readonly<Record<string, unknown>>): CompiledQuery<R> => {
    const adapter = db.getExecutor().adapter;
    let shape = shapes.get(adapter);
    if (!shape) {
      const p = <T>(name: string) => new Slot(name) as unknown as T;
      const compiled = build(db, p).compile();
      shape = { sql: compiled.sql, params: compiled.parameters };
      shapes.set(adapter, shape);
    }
    const params = shape.params.map((v) => {
      if (!(v instanceof Slot)) return v;
      if (!(v.name in args)) throw new Error(`prepared query: no value for "${v.name}"`);
      return args[v.name];
    });
    return CompiledQuery.raw(shape.sql, params) as CompiledQuery<R>;
  };
}

/** Runs a prepared query: its rows. */
export async function run<R>(db: Db, query: CompiledQuery<R>): Promise<R[]> {
  return (await db.executeQuery(query)).rows;
}
