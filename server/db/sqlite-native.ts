import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

const load = createRequire(import.meta.url);
const major = Number(process.versions.node.split('.')[0]);

/**
 * The SQLite binding for the Node.js that runs us (docs/decisions/014-node-20.md):
 * better-sqlite3 12 on Node 20, and from Node 22 on better-sqlite3 13 (installed as
 * `better-sqlite3-napi`), a Node-API build with its binaries inside the package. 12 built
 * against Node 24's headers aborts the process when a statement is garbage-collected, and
 * 13 crashes on Node 20, so each runtime loads the one it can. Their APIs are the same.
 */
export const SQLite = load(
  major >= 22 ? 'better-sqlite3-napi' : 'better-sqlite3',
) as typeof BetterSqlite3;
