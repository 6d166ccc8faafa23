import { Hono } from 'hono';
import { WRITING_CHECK_LIMIT } from '../../../core/limits';
import { ZWritingCheckRequest } from '../../../core/requests';
import type { WritingCheckResult } from '../../../core/writing/findings';
import { clientKey, consume } from '../../auth/limits';
import type { Catalog } from '../../content/catalog';
import type { Db } from '../../db/client';
import { requestAddress } from '../../http/client-address';
import { AppError, tooManyRequests } from '../../http/errors';
import type { AppEnv } from '../../http/env';
import { validate } from '../../http/validate';
import { dictionaryOf } from '../account/settings';
import { topicChecks } from './checker';
import {
  BUSY_RETRY_AFTER_SECONDS,
  CheckerBusy,
  CheckerFailed,
  sharedCheckerThread,
} from './checker-thread';

/**
 * The writing checker's API (decision 050). Guests may check too, rate-limited by address;
 * a signed-in learner's personal dictionary applies. The text is checked in this process, in
 * the checker's own thread (decision 052), and never stored or logged.
 */
export function writingRoutes(db: Db, catalog: Catalog, trustedProxies: readonly string[]) {
  const checker = sharedCheckerThread(topicChecks(catalog.grammar.topics.values()));
  const trusted = new Set(trustedProxies);
  return new Hono<AppEnv>().post('/check', validate('json', ZWritingCheckRequest), async (c) => {
    const user = c.var.user;
    const limit = user
      ? await consume(
          db,
          `writing-check:user:${user.id}`,
          WRITING_CHECK_LIMIT.windowMs,
          WRITING_CHECK_LIMIT.user,
        )
      : await consume(
          db,
          `writing-check:ip:${clientKey(requestAddress(c, trusted))}`,
          WRITING_CHECK_LIMIT.windowMs,
          WRITING_CHECK_LIMIT.guest,
        );
    if (!limit.allowed) {
      throw tooManyRequests('Too many writing checks. Please wait a moment.', limit.retryAfter);
    }
    const dictionary = user ? await dictionaryOf(db, user.id) : [];
    const findings = await checker.check(c.req.valid('json').text, dictionary).catch((err) => {
      if (err instanceof CheckerBusy) {
        throw tooManyRequests(
          'The writing checker is busy. Please try again in a moment.',
          BUSY_RETRY_AFTER_SECONDS,
        );
      }
      if (err instanceof CheckerFailed) {
        c.var.log.error({ err }, 'writing check failed');
        throw new AppError(
          'unavailable',
          'The writing checker could not finish. Please try again.',
          {
            headers: { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) },
          },
        );
      }
      throw err;
    });
    c.header('Cache-Control', 'no-store');
    return c.json({ findings } satisfies WritingCheckResult);
  });
}
