import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { MAX_PHOTO_BYTES } from '../../../core/magic-bytes';
import { OP_ID_HEADER } from '../../../core/sync/ops';
import { requireUser } from '../../auth/session';
import type { Catalog } from '../../content/catalog';
import type { Db } from '../../db/client';
import { invalidArgument, notFound, payloadTooLarge } from '../../http/errors';
import type { AppEnv } from '../../http/env';
import { deleteDoodle, listDoodles, storeDoodle } from './service';

/** A user's drawings of words: PNGs in storage, each marking its word doodled. */
export function doodleRoutes(db: Db, catalog: Catalog, quotaBytes: number) {
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const user = requireUser(c);
      const doodles = await listDoodles(db, user.id);
      c.header('Cache-Control', 'no-store');
      return c.json({ doodles });
    })
    .post(
      '/:wordId',
      bodyLimit({
        maxSize: MAX_PHOTO_BYTES,
        onError: () => {
          throw payloadTooLarge(MAX_PHOTO_BYTES);
        },
      }),
      async (c) => {
        const user = requireUser(c);
        const wordId = c.req.param('wordId');
        // Spec 5: completing a doodle does nothing when the word is missing.
        if (!catalog.itemIds.word.has(wordId)) {
          c.var.log.info({ wordId }, 'doodle for an unknown word');
          throw notFound(`There is no word "${wordId}".`);
        }
        // Sync: a retried upload naming an op id is answered 200 with the first doodle.
        const opId = c.req.header(OP_ID_HEADER);
        if (opId !== undefined && !z.uuid().safeParse(opId).success)
          throw invalidArgument(`${OP_ID_HEADER} must be a UUID.`);
        const data = new Uint8Array(await c.req.arrayBuffer());
        const { doodle, created } = await storeDoodle(db, {
          userId: user.id,
          wordId,
          data,
          quotaBytes,
          opId,
        });
        return c.json(doodle, created ? 201 : 200);
      },
    )
    .delete('/:id', async (c) => {
      const user = requireUser(c);
      await deleteDoodle(db, user.id, c.req.param('id'));
      return c.json({ deleted: true });
    });
}
