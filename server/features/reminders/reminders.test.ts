import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_DEVICES_MAX, defaultReminderSettings } from '../../../core/reminders/settings';
import { dbDigest } from '../../test/digest';
import { startTestServer, testDialect, type TestServer } from '../../test/support';
import { createUser } from '../../test/users';
import { unsubscribeToken } from './service';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ env: { TRUSTED_PROXIES: '127.0.0.1' } });
});
afterAll(() => t.close());

const send = (
  cookie: string | null,
  method: string,
  path: string,
  body?: unknown,
  origin?: string,
) =>
  t.fetch(path, {
    method,
    headers: {
      'Content-Type': 'application/json',
      ...(cookie ? { Cookie: cookie } : {}),
      ...(origin ? { Origin: origin } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const subscription = (endpoint: string) => ({
  endpoint,
  expirationTime: null,
  keys: { p256dh: `B${'x'.repeat(86)}`, auth: 'a'.repeat(22) },
});

describe(`reminder settings (${testDialect})`, () => {
  it('starts with everything off, and a patch changes only what it names', async () => {
    const { cookie, email } = await createUser(t, { verified: true });
    const first = await (await send(cookie, 'GET', '/api/reminders')).json();
    expect(first.settings).toEqual(defaultReminderSettings());
    expect(first.email).toEqual({ address: email, verified: true });
    expect(first.push.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(first.push.devices).toBe(0);

    const res = await send(cookie, 'PATCH', '/api/reminders', {
      timeZone: 'Europe/Berlin',
      dailyAt: '07:45',
      kinds: { daily: { email: true } },
    });
    expect(res.status).toBe(200);
    const saved = await res.json();
    expect(saved.kinds.daily).toEqual({ email: true, push: false });
    expect(saved.kinds.weekly).toEqual({ email: false, push: false });
    await send(cookie, 'PATCH', '/api/reminders', {
      kinds: { daily: { push: true } },
      quietHours: { from: '22:00', to: '07:00' },
      pausedUntil: '2026-12-31',
    });
    const after = (await (await send(cookie, 'GET', '/api/reminders')).json()).settings;
    expect(after).toMatchObject({
      timeZone: 'Europe/Berlin',
      dailyAt: '07:45',
      quietHours: { from: '22:00', to: '07:00' },
      pausedUntil: '2026-12-31',
      kinds: { daily: { email: true, push: true } },
    });
    // The scheduler will look at this learner (something is on).
    const row = await t.db.db
      .selectFrom('reminder_setting')
      .select('next_at')
      .where('user_id', '=', (await (await send(cookie, 'GET', '/api/me')).json()).uid)
      .executeTakeFirstOrThrow();
    expect(row.next_at).not.toBeNull();
  });

  it('refuses bad settings with a clear 400 and changes nothing', async () => {
    const { cookie } = await createUser(t);
    await send(cookie, 'PATCH', '/api/reminders', { dailyAt: '08:00' });
    const before = await dbDigest(t.db.db);
    const cases: [unknown, RegExp][] = [
      [{ timeZone: 'Mars/Olympus' }, /Unknown time zone/],
      [{ dailyAt: '24:00' }, /00:00 to 23:59/],
      [{ dailyAt: '7:5' }, /00:00 to 23:59/],
      [{ quietHours: { from: '22:00', to: '25:00' } }, /00:00 to 23:59/],
      [{ reviewsThreshold: 0 }, /reviewsThreshold/],
      [{ pausedUntil: '2026-02-30' }, /does not exist/],
      [{ kinds: { sometimes: { email: true } } }, /kinds/],
      [{ dailyAt: '08:00', userId: 'someone-else' }, /userId|Unrecognized/],
      [{}, /at least one/],
    ];
    for (const [body, message] of cases) {
      const res = await send(cookie, 'PATCH', '/api/reminders', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).error.message).toMatch(message);
    }
    expect(await dbDigest(t.db.db)).toBe(before);
  });

  it('keeps a browser’s push subscription once, forgets it on DELETE, and refuses bad ones', async () => {
    const { cookie } = await createUser(t);
    const endpoint = 'https://push.example.com/send/abc123';
    const first = await send(cookie, 'POST', '/api/reminders/push', subscription(endpoint));
    expect(first.status).toBe(201);
    expect((await send(cookie, 'POST', '/api/reminders/push', subscription(endpoint))).status).toBe(
      201,
    );
    expect((await (await send(cookie, 'GET', '/api/reminders')).json()).push.devices).toBe(1);

    const before = await dbDigest(t.db.db);
    for (const bad of [
      subscription('http://push.example.com/plain'),
      subscription('not a url'),
      {
        ...subscription('https://push.example.com/k'),
        keys: { p256dh: 'short', auth: 'a'.repeat(22) },
      },
      {
        ...subscription('https://push.example.com/k'),
        keys: { p256dh: `B${'x'.repeat(86)}`, auth: '!' },
      },
      { endpoint },
    ]) {
      const res = await send(cookie, 'POST', '/api/reminders/push', bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect(await dbDigest(t.db.db)).toBe(before);

    // Another learner cannot forget it.
    const other = await createUser(t);
    expect((await send(other.cookie, 'DELETE', '/api/reminders/push', { endpoint })).status).toBe(
      204,
    );
    expect((await (await send(cookie, 'GET', '/api/reminders')).json()).push.devices).toBe(1);
    // The data export lists the browser by its push service, not its (bearer) endpoint.
    const exported = await (await send(cookie, 'GET', '/api/me/export')).json();
    expect(exported.reminders.pushDevices).toEqual([
      expect.objectContaining({ pushService: 'push.example.com', lastSuccessAt: null }),
    ]);
    expect(JSON.stringify(exported)).not.toContain('abc123');
    expect((await send(cookie, 'DELETE', '/api/reminders/push', { endpoint })).status).toBe(204);
    expect((await (await send(cookie, 'GET', '/api/reminders')).json()).push.devices).toBe(0);
  });

  it('refuses an endpoint that is not a known push service’s with a 400, storing nothing', async () => {
    const { cookie } = await createUser(t);
    const before = await dbDigest(t.db.db);
    for (const endpoint of [
      'https://intranet.example.org/hook',
      'https://10.0.0.5/admin',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::1]/x',
      'https://localhost/x',
      'https://PUSH.example.com/x',
      'https://push.example.com./x',
      'https://push.example.com:8443/x',
      'https://fcm.googleapis.com.evil.example/x',
    ]) {
      const res = await send(cookie, 'POST', '/api/reminders/push', subscription(endpoint));
      expect(res.status, endpoint).toBe(400);
      expect((await res.json()).error.message, endpoint).toMatch(/push service/);
    }
    expect(await dbDigest(t.db.db)).toBe(before);
    // The real services' endpoints are taken.
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dXyZ:APA91bHk',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
      'https://web.push.apple.com/QGuQyavXutnMH',
    ])
      expect(
        (await send(cookie, 'POST', '/api/reminders/push', subscription(endpoint))).status,
      ).toBe(201);
  });

  it('keeps at most PUSH_DEVICES_MAX browsers per learner, dropping the oldest', async () => {
    const { cookie } = await createUser(t);
    for (let i = 0; i < PUSH_DEVICES_MAX + 2; i++) {
      const res = await send(
        cookie,
        'POST',
        '/api/reminders/push',
        subscription(`https://push.example.com/device-${i}`),
      );
      expect(res.status).toBe(201);
    }
    expect((await (await send(cookie, 'GET', '/api/reminders')).json()).push.devices).toBe(
      PUSH_DEVICES_MAX,
    );
    const kept = await t.db.db.selectFrom('push_subscription').select('endpoint').execute();
    const mine = kept.map((r) => r.endpoint).filter((e) => e.includes('/device-'));
    expect(mine).not.toContain('https://push.example.com/device-0');
    expect(mine).not.toContain('https://push.example.com/device-1');
    expect(mine).toContain(`https://push.example.com/device-${PUSH_DEVICES_MAX + 1}`);
  });

  it('refuses writes from another site', async () => {
    const { cookie } = await createUser(t);
    const res = await send(
      cookie,
      'PATCH',
      '/api/reminders',
      { dailyAt: '06:00' },
      'https://evil.example',
    );
    expect(res.status).toBe(403);
    const settings = (await (await send(cookie, 'GET', '/api/reminders')).json()).settings;
    expect(settings.dailyAt).toBe('18:00');
  });

  it('turns one kind off with the signed link, without a session, and says what it did', async () => {
    const { cookie } = await createUser(t);
    const id = (await (await send(cookie, 'GET', '/api/me')).json()).uid as string;
    await send(cookie, 'PATCH', '/api/reminders', {
      kinds: { daily: { email: true, push: true }, weekly: { email: true } },
    });
    const token = unsubscribeToken(t.config.authSecret, id, 'daily', 'email');
    // Looking (a mail scanner following the link) changes nothing.
    const look = await t.fetch(`/api/reminders/unsubscribe?t=${token}`);
    expect(await look.json()).toEqual({ kind: 'daily', channel: 'email', done: false });
    // The mail provider's one-click POST: no session, no Origin.
    const post = await t.fetch(`/api/reminders/unsubscribe?t=${token}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(post.status).toBe(200);
    expect(await post.json()).toEqual({ kind: 'daily', channel: 'email', done: true });
    const settings = (await (await send(cookie, 'GET', '/api/reminders')).json()).settings;
    expect(settings.kinds.daily).toEqual({ email: false, push: true });
    expect(settings.kinds.weekly).toEqual({ email: true, push: false });
    expect(await (await t.fetch(`/api/reminders/unsubscribe?t=${token}`)).json()).toMatchObject({
      done: true,
    });

    // A tampered token does nothing.
    const before = await dbDigest(t.db.db);
    // One signature character changed, inside the signature (its last character carries
    // spare bits, and a replacement may equal the original).
    const signed = unsubscribeToken(t.config.authSecret, id, 'weekly', 'email');
    const at = signed.length - 10;
    const forged = `${signed.slice(0, at)}${signed[at] === 'A' ? 'B' : 'A'}${signed.slice(at + 1)}`;
    for (const bad of [forged, 'nonsense', `${token}.x`]) {
      const res = await t.fetch(`/api/reminders/unsubscribe?t=${bad}`, { method: 'POST' });
      expect(res.status).toBe(400);
      expect((await res.json()).error.message).toMatch(/not valid/);
    }
    expect(await dbDigest(t.db.db)).toBe(before);
  });

  it('deletes a learner’s settings, browsers and sent ledger with the account', async () => {
    const { cookie, email, id } = await createUser(t);
    await send(cookie, 'PATCH', '/api/reminders', { kinds: { daily: { email: true } } });
    await send(
      cookie,
      'POST',
      '/api/reminders/push',
      subscription('https://push.example.com/gone-with-me'),
    );
    await t.db.db
      .insertInto('reminder_sent')
      .values({
        user_id: id,
        kind: 'daily',
        period: '2026-11-27',
        channel: 'email',
        sent_at: '2026-11-27T17:00:00.000Z',
      })
      .execute();
    expect((await send(cookie, 'DELETE', '/api/me', { confirmEmail: email })).status).toBe(200);
    for (const table of ['reminder_setting', 'push_subscription', 'reminder_sent'] as const)
      expect(
        await t.db.db.selectFrom(table).select('user_id').where('user_id', '=', id).execute(),
        table,
      ).toEqual([]);
  });
});
