import { Hono } from 'hono';
import { sql } from 'kysely';
import type { DbHandle } from '../../db/client';
import { errorBody } from '../../http/errors';
import type { AppEnv } from '../../http/env';

export function healthRoutes({ db, dialect }: DbHandle) {
  return new Hono<AppEnv>().get('/', async (c) => {
    c.header('Cache-Control', 'no-store');
    try {
      await sql`select 1`.execute(db);
      return c.json({ status: 'ok' as const, db: { status: 'ok' as const, dialect } }, 200);
    } catch (err) {
      c.var.log.error({ err }, 'health check: database unreachable');
      return c.json(
        {
          ...errorBody('unavailable', 'The database is not reachable.'),
          db: { status: 'error' as const, dialect },
        },
        503,
      );
    }
  });
}
