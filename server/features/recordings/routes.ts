import { Hono } from 'hono';
import { z } from 'zod';
import { MAX_RECORDING_MS } from '../../../core/items/interviews';
import { MAX_AUDIO_BYTES } from '../../../core/magic-bytes';
import { requireUser } from '../../auth/session';
import type { Catalog } from '../../content/catalog';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../http/env';
import { notFound, payloadTooLarge } from '../../http/errors';
import { validate } from '../../http/validate';
import type { PremiumGate } from '../content/premium';
import { deleteRecording, listRecordings, storeRecording } from './service';

const ZListQuery = z.object({ interview: z.string().min(1).max(120).optional() });
const ZUploadQuery = z.object({
  durationMs: z.coerce.number().int().min(0).max(MAX_RECORDING_MS).default(0),
});

/** Recorded answers to interview questions: audio files in storage, listed per question. */
export function recordingRoutes(
  db: Db,
  catalog: Catalog,
  premium: PremiumGate,
  quotaBytes: number,
) {
  return new Hono<AppEnv>()
    .get('/', validate('query', ZListQuery), async (c) => {
      const user = requireUser(c);
      const recordings = await listRecordings(db, user.id, c.req.valid('query').interview);
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
      premium.require(c.var.user, 'interview', interviewId);
      if (Number(c.req.header('content-length')) > MAX_AUDIO_BYTES)
        throw payloadTooLarge(MAX_AUDIO_BYTES);
      const recording = await storeRecording(db, {
        userId: user.id,
        interviewId,
        body: c.req.raw.body,
        contentType: c.req.header('content-type') ?? '',
        durationMs: c.req.valid('query').durationMs,
        quotaBytes,
      });
      return c.json(recording, 201);
    })
    .delete('/:id', async (c) => {
      const user = requireUser(c);
      await deleteRecording(db, user.id, c.req.param('id'));
      return c.json({ deleted: true });
    });
}
