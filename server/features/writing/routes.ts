import { Hono } from 'hono';
import { WRITING_CHECK_LIMIT } from '../../../core/limits';
import { ZWritingCheckRequest } from '../../../core/requests';
import type { WritingCheckResult } from '../../../core/writing/findings';
import { clientKey, consume } from '../../auth/limits';
import type { Catalog } from '../../content/catalog';
import type { Db } from '../../db/client';
import { requestAddress } from '../../http/client-address';
import { tooManyRequests } from '../../http/errors';
import type { AppEnv } from '../../http/env';
import { validate } from '../../http/validate';
import { dictionaryOf } from '../account/settings';
import { WritingChecker } from './checker';

/**
 * The writing checker's API (decision 050). Guests may check too, rate-limited by address;
 * a signed-in learner's personal dictionary applies. The text is checked in this process and
 * never stored or logged.
 */
export function writingRoutes(db: Db, catalog: Catalog, trustedProxies: readonly string[]) {
  const checker = WritingChecker.fromTopics(catalog.grammar.topics.values());
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
    const findings = await checker.check(c.req.valid('json').text, dictionary);
    c.header('Cache-Control', 'no-store');
    return c.json({ findings } satisfies WritingCheckResult);
  });
}
