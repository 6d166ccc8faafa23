import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import type { AppEnv } from '../../http/env';

const objectNotFound = () =>
  new AppError('not-found', 'object-not-found: No file at this address.');

/** Token download URLs: whoever holds the URL may read the file, as with signed links. */
export function fileRoutes(db: Db) {
  return new Hono<AppEnv>().get('/:id', async (c) => {
    const token = c.req.query('token') ?? '';
    const row = await db
      .selectFrom('storage_object')
      .select(['data', 'content_type', 'download_token', 'name', 'cache_control', 'md5_hash'])
      .where('id', '=', c.req.param('id'))
      .executeTakeFirst();
    const expected = Buffer.from(row?.download_token ?? '');
    const given = Buffer.from(token);
    if (
      !row ||
      expected.length === 0 ||
      expected.length !== given.length ||
      !timingSafeEqual(expected, given)
    ) {
      throw objectNotFound();
    }
    return c.body(new Uint8Array(row.data), 200, {
      'Content-Type': row.content_type,
      'Content-Disposition': `inline; filename="${row.name}"`,
      'Cache-Control': row.cache_control ?? 'private, max-age=3600',
      'X-Content-Type-Options': 'nosniff',
      ETag: `"${row.md5_hash}"`,
    });
  });
}
