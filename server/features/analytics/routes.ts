import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ZAnalyticsBatch } from '../../../core/analytics';
import { ANALYTICS_LIMIT } from '../../../core/limits';
import { clientKey, consume } from '../../auth/limits';
import type { Db } from '../../db/client';
import { requestAddress } from '../../http/client-address';
import { invalidArgument, payloadTooLarge, tooManyRequests } from '../../http/errors';
import type { AppEnv } from '../../http/env';
import { parseOrThrow } from '../../http/validate';
import { recordEvents } from './service';

export const ANALYTICS_BODY_LIMIT = 16 * 1024;

export function analyticsRoutes(db: Db, trustedProxies: readonly string[]) {
  const trusted = new Set(trustedProxies);
  return new Hono<AppEnv>().post(
    '/events',
    bodyLimit({
      maxSize: ANALYTICS_BODY_LIMIT,
      onError: () => {
        throw payloadTooLarge(ANALYTICS_BODY_LIMIT);
      },
    }),
    async (c) => {
      // navigator.sendBeacon posts text/plain (a CORS-safe type); fetch posts JSON.
      const type = c.req.header('content-type') ?? '';
      if (!/^(application\/json|text\/plain)\b/i.test(type)) {
        throw invalidArgument('Send the events as application/json or text/plain JSON.');
      }
      let data: unknown;
      try {
        data = JSON.parse(await c.req.text());
      } catch {
        throw invalidArgument('The request body is not valid JSON.');
      }
      const batch = parseOrThrow(ZAnalyticsBatch, data);
      // Only writes count: a request refused above stored nothing.
      const user = c.var.user;
      // A guest by their client address, IPv6 by its /64 (one host holds a whole /64).
      const key = user
        ? `analytics:user:${user.id}`
        : `analytics:ip:${clientKey(requestAddress(c, trusted))}`;
      const limit = await consume(db, key, ANALYTICS_LIMIT.windowMs, ANALYTICS_LIMIT.max);
      if (!limit.allowed)
        throw tooManyRequests('Too many analytics events. Please slow down.', limit.retryAfter);
      const stored = await recordEvents(db, c.var.user?.id ?? null, batch.events);
      return c.json({ stored }, 202);
    },
  );
}
