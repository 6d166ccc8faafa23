import { Hono } from 'hono';
import { reviewScheduler } from '../../../core/review/schedule';
import {
  ZPracticeRequest,
  ZReviewAnswer,
  ZReviewCardParam,
  ZReviewQuery,
  ZReviewTzQuery,
} from '../../../core/requests';
import { requireUser } from '../../auth/session';
import type { Catalog } from '../../content/catalog';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../http/env';
import { validate } from '../../http/validate';
import { goalAfterWrite } from '../dashboard/service';
import { practiceTopic } from './practice';
import { reviewContent } from './questions';
import { answerCard, dueCount, reviewQueue } from './service';

/**
 * Spaced review for the session user: /api/review, /count, /:cardId/answer (days in ?tz=),
 * and /practice (a topic from the learner's writing into review).
 */
export function reviewRoutes(db: Db, catalog: Catalog, opts: { fuzz: boolean } = { fuzz: true }) {
  const ask = reviewContent(catalog);
  const scheduler = reviewScheduler(opts);
  return new Hono<AppEnv>()
    .get('/', validate('query', ZReviewQuery), async (c) => {
      const user = requireUser(c);
      const { tz, mode } = c.req.valid('query');
      c.header('Cache-Control', 'no-store');
      return c.json(
        await reviewQueue(db, ask, user.id, { tz, mode: mode ?? 'today', now: new Date() }),
      );
    })
    .get('/count', validate('query', ZReviewTzQuery), async (c) => {
      const user = requireUser(c);
      c.header('Cache-Control', 'no-store');
      return c.json({ due: await dueCount(db, user.id, c.req.valid('query').tz, new Date()) });
    })
    .post('/practice', validate('json', ZPracticeRequest), async (c) => {
      const user = requireUser(c);
      const { topic } = c.req.valid('json');
      return c.json(await practiceTopic(db, catalog, user.id, topic, new Date()));
    })
    .post(
      '/:cardId/answer',
      validate('param', ZReviewCardParam),
      validate('query', ZReviewTzQuery),
      validate('json', ZReviewAnswer),
      async (c) => {
        const user = requireUser(c);
        const { cardId } = c.req.valid('param');
        const { tz } = c.req.valid('query');
        const now = new Date();
        const result = await answerCard(db, ask, scheduler, user.id, cardId, c.req.valid('json'), {
          tz,
          now,
        });
        // Like a grammar answer's reply: what the goal banner needs, without a dashboard request.
        const goal = await goalAfterWrite(db, user.id, tz, result.pointsAdded, now);
        return c.json({ ...result, goal });
      },
    );
}
