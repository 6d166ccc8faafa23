import { Hono } from 'hono';
import { CompiledQuery } from 'kysely';
import type { DbHandle } from '../../db/client';
import { errorBody } from '../../http/errors';
import type { AppEnv } from '../../http/env';

const SELECT_1 = CompiledQuery.raw('select 1');

export function healthRoutes({ db, dialect }: DbHandle) {
  return new Hono<AppEnv>().get('/', async (c) => {
    c.header('Cache-Control', 'no-store');
    try {
      await db.executeQuery(SELECT_1);
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
