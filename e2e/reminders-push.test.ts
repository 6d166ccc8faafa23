import type { Browser, BrowserContext, Page, Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RemindersResponse } from '../core/reminders/settings';
import {
  browserKeys,
  startPushEndpoint,
  type PushEndpoint,
} from '../server/features/reminders/peers.test-support';
import { journey, signedInContext, type RunningServer } from './support';

// Push reminders in a browser, end to end on our side: the learner turns push on in the
// Reminders section (the real POST /api/reminders/push), a push arrives (delivered through
// the DevTools protocol, as a push service would) and a click on its notification opens the
// app's page. Headless Chromium has no push service, so the page gets a PushManager whose
// subscribe() returns a subscription naming the test's loopback push endpoint: it stands in
// for the browser vendor's service, not for our code. Likewise a click on a notification is
// the browser's: only its own click lets a worker open or focus a window (a click the test
// dispatches is refused "Not allowed to open a window"), so the worker's window requests go
// to the test, which carries them out as the browser would (`carryOut`).
const j = journey({ env: { PUSH_HOSTS: '127.0.0.1:*' } });
let pushEnd: PushEndpoint;
beforeAll(async () => {
  pushEnd = await startPushEndpoint();
});
afterAll(() => pushEnd.close());

const profile = '/activity/edit-your-profile';

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  { name: 'desktop', viewport: { width: 1366, height: 900 }, hasTouch: false, isMobile: false },
] as const;

/** A confirmed learner in a context whose service worker runs and may notify. */
async function learner(
  browser: Browser,
  server: RunningServer,
  size: (typeof SIZES)[number],
): Promise<BrowserContext> {
  const signedIn = await signedInContext(browser, server, 'Pia Push', undefined, {
    verified: true,
  });
  const state = await signedIn.storageState();
  await signedIn.close();
  const context = await browser.newContext({
    baseURL: server.url,
    storageState: state,
    viewport: size.viewport,
    hasTouch: size.hasTouch,
    isMobile: size.isMobile,
  });
  await context.grantPermissions(['notifications'], { origin: server.url });
  return context;
}

/** The browser vendor's push service, as the page sees it: subscribe() names `endpoint`. */
async function fakePushService(context: BrowserContext, endpoint: string) {
  const keys = browserKeys();
  pushEnd.keysFor.set(new URL(endpoint).pathname, keys);
  await context.addInitScript(
    ({ endpoint, p256dh, auth }) => {
      let current: PushSubscription | null = null;
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        const key = options?.applicationServerKey as Uint8Array | undefined;
        const sub = {
          endpoint,
          expirationTime: null,
          options: { userVisibleOnly: true, applicationServerKey: key ? key.slice().buffer : null },
          getKey: () => null,
          toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
          unsubscribe: async () => {
            current = null;
            return true;
          },
        };
        current = sub as unknown as PushSubscription;
        return current;
      };
      PushManager.prototype.getSubscription = async () => current;
    },
    { endpoint, p256dh: keys.p256dh, auth: keys.auth },
  );
}

async function reminders(context: BrowserContext): Promise<RemindersResponse> {
  const res = await context.request.get('/api/reminders');
  expect(res.status()).toBe(200);
  return (await res.json()) as RemindersResponse;
}

/** The app's service worker, once it runs. */
async function appWorker(context: BrowserContext, origin: string): Promise<Worker> {
  const ours = () => context.serviceWorkers().find((w) => w.url().startsWith(origin));
  return ours() ?? (await context.waitForEvent('serviceworker', (w) => w.url().startsWith(origin)));
}

type WindowRequest = { open: string } | { focus: string };

// What the test uses of a service worker's scope, which the project's DOM types do not have.
interface WorkerScope {
  location: Location;
  registration: ServiceWorkerRegistration;
  clients: { openWindow: (url: string | URL) => Promise<unknown> };
  dispatchEvent: (event: Event) => boolean;
  windowRequests: WindowRequest[];
}
declare const WindowClient: { prototype: { focus: () => Promise<unknown> } };
declare const NotificationEvent: new (type: string, init: { notification: Notification }) => Event;

/**
 * Clicks the shown notification titled `title` in the worker (the app's own handler runs)
 * and returns what it asked of the browser: to open a window on a URL, or focus a window.
 */
async function clickNotification(worker: Worker, title: string): Promise<WindowRequest[]> {
  await worker.evaluate(async (title) => {
    const sw = self as unknown as WorkerScope;
    // The browser's side of a click: it lets the worker open or focus a window.
    sw.windowRequests = [];
    sw.clients.openWindow = async (url: string | URL) => {
      sw.windowRequests.push({ open: new URL(url, sw.location.origin).href });
      return null;
    };
    WindowClient.prototype.focus = async function (this: { url: string }) {
      sw.windowRequests.push({ focus: this.url });
      return this;
    };
    const shown = await sw.registration.getNotifications();
    const notification = shown.find((n) => n.title === title);
    if (!notification) throw new Error(`no notification titled ${title}`);
    sw.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
  }, title);
  const requests = () =>
    worker.evaluate(() => (self as unknown as { windowRequests: WindowRequest[] }).windowRequests);
  await expect.poll(async () => (await requests()).length).toBe(1);
  return requests();
}

/** Does what the worker asked: opens a window on the URL, or brings that window forward. */
async function carryOut(context: BrowserContext, [request]: WindowRequest[]): Promise<Page> {
  if (!request) throw new Error('the click asked for no window');
  if ('focus' in request) {
    const page = context.pages().find((p) => p.url() === request.focus);
    if (!page) throw new Error(`no window on ${request.focus}`);
    await page.bringToFront();
    return page;
  }
  const page = await context.newPage();
  await page.goto(request.open);
  return page;
}

/** The titles of the notifications the worker shows. */
const shownTitles = (worker: Worker) =>
  worker.evaluate(async () =>
    (await (self as unknown as WorkerScope).registration.getNotifications()).map((n) => n.title),
  );

describe('push reminders in the browser', () => {
  for (const size of SIZES)
    it(`turns push on, stores this browser, and a notification’s click opens the app’s page, never another site (${size.name})`, async () => {
      const context = await learner(j.browser, j.server, size);
      const endpoint = `${pushEnd.origin}/push/${size.name}-${Date.now()}`;
      await fakePushService(context, endpoint);
      const page = await context.newPage();
      // The first visit: the app's worker installs and takes the page over (reading the
      // learner's data again through it, decision 042); what follows is any later visit.
      await page.goto('/');
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      const teamsRequests: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/api/teams') teamsRequests.push(r.url());
      });
      await page.goto(profile);
      const section = page.getByRole('region', { name: 'Reminders' });
      const dailyPush = section.getByRole('switch', { name: 'Daily practice reminder by push' });
      await dailyPush.waitFor();
      expect(await dailyPush.isChecked()).toBe(false);

      await dailyPush.click();
      await section.getByTestId('reminder-save-daily').getByText('Saved').waitFor();
      expect(await dailyPush.isChecked()).toBe(true);
      await section
        .getByTestId('push-state')
        .getByText('Push reminders come to this device')
        .waitFor();
      await section.getByRole('button', { name: 'Stop push on this device' }).waitFor();

      // The server keeps this browser: its endpoint, under the learner, and the switch on.
      const saved = await reminders(context);
      expect(saved.push.devices).toBe(1);
      expect(saved.settings.kinds.daily).toEqual({ email: false, push: true });
      const exported = await (await context.request.get('/api/me/export')).json();
      expect(exported.reminders.pushDevices).toEqual([
        expect.objectContaining({ pushService: new URL(pushEnd.origin).host }),
      ]);
      // The section read the learner's teams once, through the app's shared data.
      expect(teamsRequests).toHaveLength(1);

      // A push arrives (as the push service delivers it) and is shown.
      const cdp = await context.newCDPSession(page);
      const registered = new Promise<string>((resolve) =>
        cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
          const ours = registrations.find((r) => r.scopeURL === `${j.server.url}/` && !r.isDeleted);
          if (ours) resolve(ours.registrationId);
        }),
      );
      await cdp.send('ServiceWorker.enable');
      const registrationId = await registered;
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: j.server.url,
        registrationId,
        data: JSON.stringify({
          title: '3 cards ready to review',
          body: '3 cards are due today.',
          url: '/review',
        }),
      });
      const worker = await appWorker(context, j.server.url);
      await expect.poll(() => shownTitles(worker)).toEqual(['3 cards ready to review']);

      // A click opens the page it names, in this app, and closes the notification.
      const opened = await clickNotification(worker, '3 cards ready to review');
      expect(opened).toEqual([{ open: `${j.server.url}/review` }]);
      const review = await carryOut(context, opened);
      await review.getByRole('heading', { level: 1 }).first().waitFor();
      expect(new URL(review.url()).pathname).toBe('/review');
      expect(await shownTitles(worker)).toEqual([]);

      // Another push for that page: a window is on it already, so that one comes forward
      // instead of a second opening.
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: j.server.url,
        registrationId,
        data: JSON.stringify({ title: 'Still due', body: '', url: '/review' }),
      });
      await expect.poll(() => shownTitles(worker)).toEqual(['Still due']);
      const again = await clickNotification(worker, 'Still due');
      expect(again).toEqual([{ focus: `${j.server.url}/review` }]);
      expect(await carryOut(context, again)).toBe(review);

      // A notification naming another site's page (an older worker's, say) opens nothing
      // outside the app: the click goes to the app's home.
      await worker.evaluate(async () => {
        await (self as unknown as WorkerScope).registration.showNotification('Elsewhere', {
          body: '',
          data: { url: 'https://example.com/phish' },
          tag: 'elsewhere',
        });
      });
      expect(await clickNotification(worker, 'Elsewhere')).toEqual([{ open: `${j.server.url}/` }]);
      await context.close();
    });

  it('a push service this server does not send to: push stays off, and the section says why', async () => {
    const context = await learner(j.browser, j.server, SIZES[1]);
    // A browser whose "push service" is a host inside the network.
    await fakePushService(context, 'https://push.intranet.example/hook');
    const page = await context.newPage();
    await page.goto(profile);
    const section = page.getByRole('region', { name: 'Reminders' });
    const dailyPush = section.getByRole('switch', { name: 'Daily practice reminder by push' });
    await dailyPush.click();
    await section
      .getByRole('alert')
      .getByText(/push service is not one this server sends to/)
      .waitFor();
    expect(await dailyPush.isChecked()).toBe(false);
    const saved = await reminders(context);
    expect(saved.push.devices).toBe(0);
    expect(saved.settings.kinds.daily.push).toBe(false);
    // The browser forgot it too: this device does not look subscribed.
    await page.reload();
    await section
      .getByTestId('push-state')
      .getByText(/Turn on a push switch/)
      .waitFor();
    await context.close();
  });
});
