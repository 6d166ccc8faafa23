import { Hono } from 'hono';
import { z } from 'zod';
import { ITEM_KINDS, LIST_OPS, type ItemKind } from '../../../core/items/items';
import { ZItemPatch } from '../../../core/requests';
import { requireUser } from '../../auth/session';
import type { Catalog } from '../../content/catalog';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import type { AppEnv } from '../../http/env';
import { validate } from '../../http/validate';
import type { PremiumGate } from '../content/premium';
import { applyListOp, getLists, getRecord, patchRecord, recordVisit } from './service';

const ZKindParam = z.object({ kind: z.enum(ITEM_KINDS) });
const ZItemParams = z.object({ kind: z.enum(ITEM_KINDS), itemId: z.string().min(1).max(120) });
const ZOpParams = ZItemParams.extend({ op: z.enum(LIST_OPS) });

/** Per-item records for every kind: /api/items/{kind}/{itemId}[/{op}]. */
export function itemRoutes(db: Db, catalog: Catalog, premium: PremiumGate) {
  // Spec 5: a lookup with a missing item id logs a message and returns nothing (404 here).
  const known = (c: { var: AppEnv['Variables'] }, kind: ItemKind, itemId: string) => {
    if (catalog.itemIds[kind].has(itemId)) return;
    c.var.log.info({ kind, itemId }, 'item lookup for an unknown id');
    throw notFound(`There is no ${kind} "${itemId}".`);
  };
  return new Hono<AppEnv>()
    .get('/:kind', validate('param', ZKindParam), async (c) => {
      const user = requireUser(c);
      c.header('Cache-Control', 'no-store');
      return c.json(await getLists(db, user.id, c.req.valid('param').kind));
    })
    .post('/:kind/:itemId/visit', validate('param', ZItemParams), async (c) => {
      const user = requireUser(c);
      const { kind, itemId } = c.req.valid('param');
      known(c, kind, itemId);
      return c.json(await recordVisit(db, user.id, kind, itemId));
    })
    .get('/:kind/:itemId', validate('param', ZItemParams), async (c) => {
      const user = requireUser(c);
      const { kind, itemId } = c.req.valid('param');
      known(c, kind, itemId);
      c.header('Cache-Control', 'no-store');
      return c.json(await getRecord(db, user.id, kind, itemId));
    })
    .patch(
      '/:kind/:itemId',
      validate('param', ZItemParams),
      validate('json', ZItemPatch),
      async (c) => {
        const user = requireUser(c);
        const { kind, itemId } = c.req.valid('param');
        known(c, kind, itemId);
        premium.require(c.var.user, kind, itemId);
        return c.json(await patchRecord(db, user.id, kind, itemId, c.req.valid('json')));
      },
    )
    .post('/:kind/:itemId/:op', validate('param', ZOpParams), async (c) => {
      const user = requireUser(c);
      const { kind, itemId, op } = c.req.valid('param');
      known(c, kind, itemId);
      return c.json(await applyListOp(db, user.id, kind, itemId, op));
    });
}
