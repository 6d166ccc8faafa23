import { Hono } from 'hono';
import { z } from 'zod';
import { pushEndpointAllowed } from '../../../core/reminders/push-hosts';
import {
  ZPushSubscription,
  ZPushUnsubscribe,
  ZReminderPatch,
  type RemindersResponse,
} from '../../../core/reminders/settings';
import { requireUser } from '../../auth/session';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { invalidArgument } from '../../http/errors';
import type { AppEnv } from '../../http/env';
import { validate } from '../../http/validate';
import {
  addSubscription,
  deviceCount,
  patchSettings,
  readSettings,
  readUnsubscribeToken,
  removeSubscription,
  turnOff,
} from './service';

const ZToken = z.object({ t: z.string().min(1).max(512) });

/**
 * Reminder settings and push subscriptions (the session user's), and the one-click
 * unsubscribe of a reminder mail (RFC 8058), which needs no session: its signed token names
 * the learner, the kind and the channel. GET only says what the link would turn off (mail
 * scanners fetch links); POST turns it off.
 */
export function reminderRoutes(db: Db, config: Pick<Config, 'authSecret' | 'vapid' | 'pushHosts'>) {
  const unsubscribe = (token: string) => {
    const target = readUnsubscribeToken(config.authSecret, token);
    if (!target)
      throw invalidArgument(
        'This unsubscribe link is not valid; open your reminder settings instead.',
      );
    return target;
  };
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const user = requireUser(c);
      const [settings, devices] = await Promise.all([
        readSettings(db, user.id),
        deviceCount(db, user.id),
      ]);
      c.header('Cache-Control', 'no-store');
      return c.json({
        settings,
        push: { publicKey: config.vapid.publicKey, devices },
        email: { address: user.email, verified: user.emailVerified },
      } satisfies RemindersResponse);
    })
    .patch('/', validate('json', ZReminderPatch), async (c) => {
      const user = requireUser(c);
      return c.json(await patchSettings(db, user.id, c.req.valid('json')));
    })
    .post('/push', validate('json', ZPushSubscription), async (c) => {
      const user = requireUser(c);
      const sub = c.req.valid('json');
      // Only a known push service's endpoint: the server posts to it (an SSRF guard).
      if (!pushEndpointAllowed(sub.endpoint, config.pushHosts))
        throw invalidArgument(
          'This browser’s push service is not one this server sends to. Use email, or ask your administrator to add it.',
        );
      await addSubscription(db, user.id, sub);
      return c.json({ devices: await deviceCount(db, user.id) }, 201);
    })
    .delete('/push', validate('json', ZPushUnsubscribe), async (c) => {
      const user = requireUser(c);
      await removeSubscription(db, user.id, c.req.valid('json').endpoint);
      return c.body(null, 204);
    })
    .get('/unsubscribe', validate('query', ZToken), async (c) => {
      const { userId, kind, channel } = unsubscribe(c.req.valid('query').t);
      const on = (await readSettings(db, userId)).kinds[kind][channel];
      c.header('Cache-Control', 'no-store');
      return c.json({ kind, channel, done: !on });
    })
    .post('/unsubscribe', validate('query', ZToken), async (c) => {
      const { userId, kind, channel } = unsubscribe(c.req.valid('query').t);
      await turnOff(db, userId, kind, channel);
      return c.json({ kind, channel, done: true });
    });
}
