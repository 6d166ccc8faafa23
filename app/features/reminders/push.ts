import type { TPushSubscription } from '../../../core/reminders/settings';
import { ApiError, apiFetch } from '../../lib/http-client';

/**
 * Web Push on this device: whether the browser has it, asking for permission, subscribing
 * with the server's VAPID key and telling the server (POST /api/reminders/push), and
 * forgetting this device (DELETE). The service worker (app/public/push-worker.js) shows what
 * arrives.
 */

/** Why push could not be turned on, in words for the learner. */
export class PushProblem extends Error {}

export type PushState =
  /** No Push API here (an older browser, or iOS Safari outside an installed app). */
  | 'unsupported'
  /** The learner (or the browser's settings) blocked notifications for this site. */
  | 'denied'
  /** Push works here (the browser asks for permission when it is first turned on). */
  | 'ready';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

export function pushState(): PushState {
  if (!pushSupported()) return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'ready';
}

/** The key as `pushManager.subscribe` wants it: base64url text to bytes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

const WORKER_WAIT_MS = 10_000;

/** The installed service worker; it is registered after the page loads, so wait a little. */
async function workerRegistration(): Promise<ServiceWorkerRegistration> {
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(
      () =>
        reject(
          new PushProblem(
            'Push needs the app’s background worker, which has not started. Reload the page and try again.',
          ),
        ),
      WORKER_WAIT_MS,
    ),
  );
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/** This device's subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration();
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/**
 * Asks for permission when the browser has not been asked yet, subscribes this device with
 * the server's key (again if the key changed) and sends the subscription to the server.
 * Throws PushProblem with words for the learner when push cannot be turned on.
 */
export async function subscribeThisDevice(publicKey: string): Promise<void> {
  if (!pushSupported())
    throw new PushProblem('Push notifications are not available in this browser.');
  const permission =
    Notification.permission === 'default'
      ? await Notification.requestPermission()
      : Notification.permission;
  if (permission === 'denied')
    throw new PushProblem(
      'Notifications are blocked for Skillway in this browser, so push stays off. Allow them in the browser’s site settings, then try again.',
    );
  if (permission !== 'granted')
    throw new PushProblem('You didn’t allow notifications, so push stays off.');
  const reg = await workerRegistration();
  const key = keyBytes(publicKey);
  let sub = await reg.pushManager.getSubscription();
  const sameKey =
    sub?.options.applicationServerKey &&
    new Uint8Array(sub.options.applicationServerKey).join() === key.join();
  if (sub && !sameKey) {
    await sub.unsubscribe();
    sub = null;
  }
  try {
    sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  } catch {
    throw new PushProblem(
      'This browser could not sign up for push notifications. Try again, or use email.',
    );
  }
  try {
    await apiFetch('/api/reminders/push', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(sub.toJSON() as TPushSubscription),
    });
  } catch (err) {
    // Not kept by the server (refused, or not reached): the browser forgets it too, so this
    // device does not look subscribed when it gets nothing.
    await sub.unsubscribe().catch(() => false);
    // The server's refusal says why in the learner's words (a push service it does not send to).
    throw err instanceof ApiError && err.status === 400 ? new PushProblem(err.message) : err;
  }
}

/** Stops push on this device: the server forgets it, then the browser does. */
export async function unsubscribeThisDevice(): Promise<void> {
  const sub = await currentSubscription();
  if (!sub) return;
  await apiFetch('/api/reminders/push', {
    method: 'DELETE',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ endpoint: sub.endpoint }),
  });
  await sub.unsubscribe();
}
