import { Hono } from 'hono';
import { ZAnswerRequest, ZAttemptRequest } from '../../../core/requests';
import { requireUser } from '../../auth/session';
import type { Catalog } from '../../content/catalog';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../http/env';
import { validate } from '../../http/validate';
import { answerQuestion, grammarStats, questionIndex, submitAttempt } from './service';

export function grammarRoutes(db: Db, catalog: Catalog) {
  const questions = questionIndex(catalog);
  return new Hono<AppEnv>()
    .post('/answers', validate('json', ZAnswerRequest), async (c) => {
      const user = requireUser(c);
      return c.json(await answerQuestion(db, questions, user.id, c.req.valid('json')));
    })
    .post('/attempts', validate('json', ZAttemptRequest), async (c) => {
      const user = requireUser(c);
      return c.json(await submitAttempt(db, catalog, user.id, c.req.valid('json')));
    })
    .get('/stats', async (c) => {
      const user = requireUser(c);
      c.header('Cache-Control', 'no-store');
      return c.json(await grammarStats(db, user.id));
    });
}
