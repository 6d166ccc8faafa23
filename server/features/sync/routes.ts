import { Hono } from 'hono';
import type { SyncResponse } from '../../../core/sync/ops';
import { ZSyncBatch } from '../../../core/sync/schema';
import { requireUser } from '../../auth/session';
import type { Catalog } from '../../content/catalog';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../http/env';
import { validate } from '../../http/validate';
import { reviewScheduler } from '../../../core/review/schedule';
import { questionIndex } from '../grammar/service';
import { reviewContent } from '../review/questions';
import type { PremiumGate } from '../content/premium';
import { applyBatch } from './service';

/**
 * `POST /api/sync {ops}`: guest progress merged on sign-in and answers made offline. A batch
 * that does not parse is refused whole (400 whose `details.path` names the op, e.g.
 * `['ops', 3, 'choiceIndex']`); otherwise each op gets its own result, in order (see
 * service.ts).
 */
export function syncRoutes(db: Db, catalog: Catalog, premium: PremiumGate) {
  const ctx = {
    db,
    catalog,
    premium,
    questions: questionIndex(catalog),
    review: { ask: reviewContent(catalog), scheduler: reviewScheduler({ fuzz: true }) },
  };
  return new Hono<AppEnv>().post(
    '/',
    // Guests get 401 whatever they send.
    async (c, next) => {
      requireUser(c);
      await next();
    },
    validate('json', ZSyncBatch),
    async (c) => {
      const user = requireUser(c);
      const results = await applyBatch(ctx, user, c.req.valid('json').ops);
      c.header('Cache-Control', 'no-store');
      return c.json({ results } satisfies SyncResponse);
    },
  );
}
