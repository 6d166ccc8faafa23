import { Hono } from 'hono';
import { ZDashboardQuery } from '../../../core/requests';
import { requireUser } from '../../auth/session';
import type { Catalog } from '../../content/catalog';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../http/env';
import { validate } from '../../http/validate';
import { dashboard, todayGlance } from './service';

/**
 * GET /api/dashboard?tz=Europe/Berlin — the session user's results, days in that zone; and
 * GET /api/dashboard/today?tz= — the goal, streak and due reviews the navigation shows.
 */
export function dashboardRoutes(db: Db, catalog: Catalog) {
  return new Hono<AppEnv>()
    .get('/', validate('query', ZDashboardQuery), async (c) => {
      const user = requireUser(c);
      const { tz } = c.req.valid('query');
      c.header('Cache-Control', 'no-store');
      return c.json(await dashboard(db, catalog, user.id, tz));
    })
    .get('/today', validate('query', ZDashboardQuery), async (c) => {
      const user = requireUser(c);
      const { tz } = c.req.valid('query');
      c.header('Cache-Control', 'no-store');
      return c.json(await todayGlance(db, catalog, user.id, tz));
    });
}
