import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { MAX_BYTES, STORAGE_FOLDERS, type StorageFolder } from '../../../core/magic-bytes';
import { requireUser } from '../../auth/session';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../http/env';
import { payloadTooLarge } from '../../http/errors';
import { validate } from '../../http/validate';
import {
  createDownloadUrl,
  dbBlobDriver,
  deleteObject,
  getDownloadUrl,
  getMetadata,
  putObject,
  readByToken,
  readUpload,
  revokeDownloadUrl,
  type BlobDriver,
} from './service';

const FOLDERS = Object.keys(STORAGE_FOLDERS) as [StorageFolder, ...StorageFolder[]];

const ZUploadQuery = z.object({ folder: z.enum(FOLDERS) });

/**
 * Only paths the server itself makes: `users/{uid}/{folder}/{uuid}.{ext}`. Nothing with
 * `..`, a leading slash, a backslash or an encoded character gets past this.
 */
const ZStoragePath = z
  .string()
  .max(300)
  .regex(
    new RegExp(`^users/[A-Za-z0-9_-]{1,128}/(${FOLDERS.join('|')})/[0-9a-f-]{36}\\.[a-z0-9]{2,5}$`),
    'must be a storage path of yours, like users/{uid}/doodles/{name}',
  );
const ZPathQuery = z.object({ path: ZStoragePath });

// Guests get 401 whatever else is wrong with the request.
const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireUser(c);
  await next();
};

/** Upload, metadata, download URLs and deletion of the signed-in user's files. */
export function storageRoutes(db: Db, config: Config, driver: BlobDriver = dbBlobDriver) {
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      await next();
      // Metadata and URLs are per user, and a URL is as good as the file.
      c.res.headers.set('Cache-Control', 'no-store');
    })
    .post('/upload', signedIn, validate('query', ZUploadQuery), async (c) => {
      const user = requireUser(c);
      const { folder } = c.req.valid('query');
      const cap = MAX_BYTES[STORAGE_FOLDERS[folder]];
      // An honest Content-Length over the cap fails at once; a lying or missing one is
      // caught by counting the bytes in readUpload.
      if (Number(c.req.header('content-length')) > cap) throw payloadTooLarge(cap);
      const { data, media } = await readUpload(
        c.req.raw.body,
        folder,
        c.req.header('content-type') ?? '',
      );
      const stored = await putObject(
        db,
        {
          ownerId: user.id,
          folder,
          ext: media.ext,
          contentType: media.contentType,
          data,
          quotaBytes: config.storageQuotaBytes,
        },
        driver,
      );
      return c.json({ metadata: stored.metadata, url: stored.url }, 201);
    })
    .get('/metadata', signedIn, validate('query', ZPathQuery), async (c) => {
      const user = requireUser(c);
      return c.json(await getMetadata(db, user.id, c.req.valid('query').path));
    })
    .get('/url', signedIn, validate('query', ZPathQuery), async (c) => {
      const user = requireUser(c);
      return c.json({ url: await getDownloadUrl(db, user.id, c.req.valid('query').path) });
    })
    .post('/url', signedIn, validate('query', ZPathQuery), async (c) => {
      const user = requireUser(c);
      return c.json({ url: await createDownloadUrl(db, user.id, c.req.valid('query').path) });
    })
    .post('/revoke', signedIn, validate('query', ZPathQuery), async (c) => {
      const user = requireUser(c);
      await revokeDownloadUrl(db, user.id, c.req.valid('query').path);
      return c.json({ revoked: true });
    })
    .delete('/object', signedIn, validate('query', ZPathQuery), async (c) => {
      const user = requireUser(c);
      await deleteObject(db, user.id, c.req.valid('query').path, driver);
      return c.json({ deleted: true });
    });
}

/** Token download URLs: whoever holds the URL may read the file, as with signed links. */
export function fileRoutes(db: Db, driver: BlobDriver = dbBlobDriver) {
  return new Hono<AppEnv>().get('/:id', async (c) => {
    const file = await readByToken(db, c.req.param('id'), c.req.query('token') ?? '', driver);
    // Names are server-made (`{uuid}.{ext}`); the filter only guards the header's syntax.
    const filename = file.name.replace(/[^A-Za-z0-9._-]/g, '_');
    return c.body(new Uint8Array(file.data), 200, {
      'Content-Type': file.content_type,
      'Content-Disposition': `inline; filename="${filename}"`,
      'Cache-Control': file.cache_control ?? 'private, max-age=3600',
      'X-Content-Type-Options': 'nosniff',
      ETag: `"${file.md5_hash}"`,
    });
  });
}
