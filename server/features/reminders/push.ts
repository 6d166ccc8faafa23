import type { Agent } from 'node:https';
import webpush from 'web-push';
import { pushEndpointAllowed } from '../../../core/reminders/push-hosts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';

/** What a push notification carries: no answers, drafts or recordings. */
export interface PushPayload {
  title: string;
  body: string;
  /** The page the notification opens (a path of the app). */
  url: string;
}

export interface PushTarget {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** 'sent'; 'gone' (404/410: the subscription was deleted); 'failed' (try again later). */
export type PushResult = 'sent' | 'gone' | 'failed';

export type PushSender = (target: PushTarget, payload: PushPayload) => Promise<PushResult>;

/** How long a push service keeps an undelivered reminder (a day: later, it is stale). */
const PUSH_TTL_SECONDS = 24 * 3600;

/**
 * Sends Web Push with the server's VAPID keys (RFC 8291 encryption, aes128gcm). A 404 or
 * 410 from the push service means the browser dropped the subscription: its row goes, so
 * it is not tried again. Success and failure times are kept on the row. An endpoint whose
 * host is not a known push service's (a row from before the rule, or written by SQL) is not
 * posted to: its row goes too.
 */
export function webPushSender(
  db: Db,
  { vapid, pushHosts }: Pick<Config, 'vapid' | 'pushHosts'>,
  /** The HTTPS agent (tests pass one that trusts their loopback push service's certificate). */
  agent?: Agent,
): PushSender {
  const details = {
    subject: vapid.subject,
    publicKey: vapid.publicKey,
    privateKey: vapid.privateKey,
  };
  return async (target, payload) => {
    const now = new Date().toISOString();
    if (!pushEndpointAllowed(target.endpoint, pushHosts)) {
      await db.deleteFrom('push_subscription').where('id', '=', target.id).execute();
      return 'gone';
    }
    try {
      await webpush.sendNotification(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: details,
          TTL: PUSH_TTL_SECONDS,
          contentEncoding: 'aes128gcm',
          timeout: 10_000,
          ...(agent ? { agent } : {}),
        },
      );
      await db
        .updateTable('push_subscription')
        .set({ last_success_at: now })
        .where('id', '=', target.id)
        .execute();
      return 'sent';
    } catch (err) {
      const status = (err as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) {
        await db.deleteFrom('push_subscription').where('id', '=', target.id).execute();
        return 'gone';
      }
      await db
        .updateTable('push_subscription')
        .set({ last_failure_at: now })
        .where('id', '=', target.id)
        .execute();
      return 'failed';
    }
  };
}
