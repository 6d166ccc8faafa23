import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { MAX_PHOTO_BYTES, sniffImage, type StorageFolder } from '../../../core/magic-bytes';
import { OP_ID_HEADER } from '../../../core/sync';
import { requireUser } from '../../auth/session';
import type { Catalog } from '../../content/catalog';
import type { Db } from '../../db/client';
import { invalidArgument, notFound, payloadTooLarge } from '../../http/errors';
import type { AppEnv } from '../../http/env';
import { applyListOp } from '../items/service';
import { deleteInFolder, listFolder, putObject } from '../storage/service';
import { applyOnce } from '../sync/service';

export const DOODLE_FOLDER = 'doodles' satisfies StorageFolder;

export interface Doodle {
  id: string;
  wordId: string;
  url: string;
  createdAt: string;
}

/** A user's drawings of words: PNGs in storage, each marking its word doodled. */
export function doodleRoutes(db: Db, catalog: Catalog, quotaBytes: number) {
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const user = requireUser(c);
      const rows = await listFolder(db, user.id, DOODLE_FOLDER);
      c.header('Cache-Control', 'no-store');
      const doodles: Doodle[] = rows.map((r) => ({
        id: r.id,
        wordId: r.meta.wordId ?? '',
        url: r.url,
        createdAt: r.createdAt,
      }));
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
        // Sync: an upload naming an op id (a guest's doodle sent after sign-in) stores one
        // doodle however often it is retried; the second answer is 200 with the first doodle.
        const opId = c.req.header(OP_ID_HEADER);
        if (opId !== undefined && !z.uuid().safeParse(opId).success)
          throw invalidArgument(`${OP_ID_HEADER} must be a UUID.`);
        const data = new Uint8Array(await c.req.arrayBuffer());
        if (sniffImage(data) !== 'image/png')
          throw invalidArgument('A doodle must be a PNG image.');
        const store = async (d: Db): Promise<Doodle> => {
          const stored = await putObject(d, {
            ownerId: user.id,
            folder: DOODLE_FOLDER,
            ext: 'png',
            contentType: 'image/png',
            data,
            customMetadata: { wordId },
            quotaBytes,
          });
          await applyListOp(d, user.id, 'word', wordId, 'doodled');
          return { id: stored.id, wordId, url: stored.url, createdAt: stored.metadata.timeCreated };
        };
        if (opId === undefined) return c.json(await store(db), 201);
        const once = await applyOnce(db, user.id, opId, `doodle:${wordId}`, store);
        return c.json(once.result, once.status === 'applied' ? 201 : 200);
      },
    )
    .delete('/:id', async (c) => {
      const user = requireUser(c);
      await deleteInFolder(db, user.id, DOODLE_FOLDER, c.req.param('id'), 'doodle');
      return c.json({ deleted: true });
    });
}
