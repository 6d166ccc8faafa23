import { Hono } from 'hono';
import { ZMatchTime, ZWordSetParam } from '../../../core/requests';
import type { MatchBest } from '../../../core/vocabulary/match';
import { requireUser } from '../../auth/session';
import type { Catalog } from '../../content/catalog';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import type { AppEnv } from '../../http/env';
import { validate } from '../../http/validate';
import { matchBest, recordMatchTime } from './service';

/**
 * Studying a word set, for the session user: `GET /api/vocabulary/:set/match` (the best Match
 * time) and `POST …/match {ms}` (a finished game; the best is kept). Guests keep theirs on
 * the device and send it through `/api/sync` when they sign up.
 */
export function vocabularyRoutes(db: Db, catalog: Catalog) {
  const known = (set: string) => {
    if (!catalog.vocabulary.setById.has(set)) throw notFound(`There is no word set "${set}".`);
  };
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      requireUser(c); // guests get 401 whatever they send
      await next();
    })
    .get('/:set/match', validate('param', ZWordSetParam), async (c) => {
      const user = requireUser(c);
      const { set } = c.req.valid('param');
      known(set);
      c.header('Cache-Control', 'no-store');
      return c.json({ bestMs: await matchBest(db, user.id, set) } satisfies MatchBest);
    })
    .post(
      '/:set/match',
      validate('param', ZWordSetParam),
      validate('json', ZMatchTime),
      async (c) => {
        const user = requireUser(c);
        const { set } = c.req.valid('param');
        known(set);
        return c.json(await recordMatchTime(db, user.id, set, c.req.valid('json').ms));
      },
    );
}
