import { Hono } from 'hono';
import { z } from 'zod';
import { MAX_RECORDING_MS, type Recording } from '../../../core/interviews';
import { MAX_AUDIO_BYTES, type StorageFolder } from '../../../core/magic-bytes';
import { requireUser } from '../../auth/session';
import type { Catalog } from '../../content/catalog';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../http/env';
import { notFound, payloadTooLarge } from '../../http/errors';
import { validate } from '../../http/validate';
import { requirePremiumFor } from '../content/premium';
import { deleteInFolder, listFolder, putObject, readUpload } from '../storage/service';

const FOLDER = 'recordings' satisfies StorageFolder;

const ZListQuery = z.object({ interview: z.string().min(1).max(120).optional() });
const ZUploadQuery = z.object({
  durationMs: z.coerce.number().int().min(0).max(MAX_RECORDING_MS).default(0),
});

/** Recorded answers to interview questions: audio files in storage, listed per question. */
export function recordingRoutes(db: Db, catalog: Catalog, quotaBytes: number) {
  return new Hono<AppEnv>()
    .get('/', validate('query', ZListQuery), async (c) => {
      const user = requireUser(c);
      const { interview } = c.req.valid('query');
      const rows = await listFolder(db, user.id, FOLDER);
      const recordings: Recording[] = rows
        .filter((r) => !interview || r.meta.interviewId === interview)
        .map((r) => ({
          id: r.id,
          interviewId: r.meta.interviewId ?? '',
          url: r.url,
          contentType: r.contentType,
          size: r.size,
          durationMs: Number(r.meta.durationMs ?? 0),
          createdAt: r.createdAt,
        }));
      c.header('Cache-Control', 'no-store');
      return c.json({ recordings });
    })
    .post('/:interviewId', validate('query', ZUploadQuery), async (c) => {
      const user = requireUser(c);
      const interviewId = c.req.param('interviewId');
      if (!catalog.itemIds.interview.has(interviewId)) {
        c.var.log.info({ interviewId }, 'recording for an unknown interview question');
        throw notFound(`There is no interview question "${interviewId}".`);
      }
      requirePremiumFor(c, catalog, 'interview', interviewId);
      if (Number(c.req.header('content-length')) > MAX_AUDIO_BYTES)
        throw payloadTooLarge(MAX_AUDIO_BYTES);
      const { data, media } = await readUpload(
        c.req.raw.body,
        FOLDER,
        c.req.header('content-type') ?? '',
      );
      const { durationMs } = c.req.valid('query');
      const stored = await putObject(db, {
        ownerId: user.id,
        folder: FOLDER,
        ext: media.ext,
        contentType: media.contentType,
        data,
        customMetadata: { interviewId, durationMs: String(durationMs) },
        quotaBytes,
      });
      const recording: Recording = {
        id: stored.id,
        interviewId,
        url: stored.url,
        contentType: media.contentType,
        size: data.byteLength,
        durationMs,
        createdAt: stored.metadata.timeCreated,
      };
      return c.json(recording, 201);
    })
    .delete('/:id', async (c) => {
      const user = requireUser(c);
      await deleteInFolder(db, user.id, FOLDER, c.req.param('id'), 'recording');
      return c.json({ deleted: true });
    });
}
