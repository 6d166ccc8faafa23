import { Hono } from 'hono';
import { ZAnswerRequest, ZAttemptRequest, ZGrammarWriteQuery } from '../../../core/requests';
import { requireUser } from '../../auth/session';
import type { Catalog } from '../../content/catalog';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../http/env';
import { validate } from '../../http/validate';
import { goalAfterWrite } from '../dashboard/service';
import {
  answerQuestion,
  grammarStats,
  questionIndex,
  submitAttempt,
  topicAnswers,
} from './service';

/**
 * The grammar writes answer with what the goal banner needs (`goal`: today's points in the
 * learner's `?tz=`, and whether this write met the goal), so no dashboard request follows.
 */
export function grammarRoutes(db: Db, catalog: Catalog) {
  const questions = questionIndex(catalog);
  return new Hono<AppEnv>()
    .post(
      '/answers',
      validate('query', ZGrammarWriteQuery),
      validate('json', ZAnswerRequest),
      async (c) => {
        const user = requireUser(c);
        const now = new Date();
        const result = await answerQuestion(db, questions, user.id, c.req.valid('json'), now);
        const { tz } = c.req.valid('query');
        const goal = await goalAfterWrite(db, user.id, tz, result.pointsAdded, now);
        return c.json({ ...result, goal });
      },
    )
    .post(
      '/attempts',
      validate('query', ZGrammarWriteQuery),
      validate('json', ZAttemptRequest),
      async (c) => {
        const user = requireUser(c);
        const now = new Date();
        const result = await submitAttempt(db, catalog, user.id, c.req.valid('json'), now);
        const { tz } = c.req.valid('query');
        const goal = await goalAfterWrite(db, user.id, tz, result.pointsAdded, now);
        return c.json({ ...result, goal });
      },
    )
    .get('/stats', async (c) => {
      const user = requireUser(c);
      c.header('Cache-Control', 'no-store');
      return c.json(await grammarStats(db, user.id));
    })
    .get('/stats/topics/:topic', async (c) => {
      // The stats carry what the screens show; a topic's answers one by one are asked for here.
      const user = requireUser(c);
      c.header('Cache-Control', 'no-store');
      return c.json(await topicAnswers(db, catalog, user.id, c.req.param('topic')));
    });
}
