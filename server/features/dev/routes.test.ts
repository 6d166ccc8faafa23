import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { startTestServer, type TestServer } from '../../test/support';
import { authPost, uniqueEmail } from '../../test/users';

/** Asked for explicitly: the tests of the outbox itself turn it on, as a developer would. */
const OUTBOX = { DEV_OUTBOX: '1' };

/** GET with a Host header of our choosing (fetch may not set Host). */
function getWithHost(t: TestServer, path: string, host: string): Promise<number> {
  const url = new URL(t.url);
  return new Promise((resolve, reject) => {
    request({ host: url.hostname, port: url.port, path, headers: { Host: host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    })
      .on('error', reject)
      .end();
  });
}

describe('/dev/mail', () => {
  it('is off unless asked for: a plain start (development, no SMTP_URL) has no outbox', async () => {
    const t = await startTestServer();
    try {
      expect((await t.fetch('/dev/mail')).status).toBe(404);
      const config = await (await t.fetch('/api/config')).json();
      expect(config.devOutbox).toBe(false);
    } finally {
      await t.close();
    }
  });

  it('answers only a loopback Host name, so a header-less proxy or tunnel cannot reach it', async () => {
    const t = await startTestServer({ env: OUTBOX });
    try {
      expect(await getWithHost(t, '/dev/mail', 'localhost:3000')).toBe(200);
      expect(await getWithHost(t, '/dev/mail', '127.0.0.1')).toBe(200);
      expect(await getWithHost(t, '/dev/mail', '[::1]:8080')).toBe(200);
      // nginx `proxy_pass` passes its own Host (or the public one); socat and SSH tunnels the
      // public name: none of them is a loopback name.
      expect(await getWithHost(t, '/dev/mail', 'learn.example.com')).toBe(403);
      expect(await getWithHost(t, '/dev/mail', 'localhost.example.com')).toBe(403);
      expect(await getWithHost(t, '/dev/mail', '10.0.0.5:3000')).toBe(403);
    } finally {
      await t.close();
    }
  });

  it('cannot be asked for in production, with SMTP_URL, or with an APP_URL off this machine', () => {
    const base = { DATA_DIR: '/tmp/skillway-config-outbox', ...OUTBOX };
    expect(() =>
      loadConfig({ ...base, NODE_ENV: 'production', BETTER_AUTH_SECRET: 'p'.repeat(40) }),
    ).toThrow(/DEV_OUTBOX/);
    expect(() => loadConfig({ ...base, SMTP_URL: 'smtp://mail.example.com:587' })).toThrow(
      /DEV_OUTBOX/,
    );
    expect(() => loadConfig({ ...base, APP_URL: 'https://learn.example.com' })).toThrow(
      /DEV_OUTBOX/,
    );
    expect(loadConfig({ ...base, APP_URL: 'http://127.0.0.1:4000' }).devOutbox).toBe(true);
  });

  it('lists outbox mails with their links when asked for', async () => {
    const t = await startTestServer({ env: { TRUSTED_PROXIES: '127.0.0.1', ...OUTBOX } });
    try {
      const email = uniqueEmail('outbox');
      await authPost(t, '/sign-up/email', {
        email,
        password: 'correct horse battery',
        name: 'Outbox <b>Test</b>',
      });
      const res = await t.fetch('/dev/mail');
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain(email);
      expect(html).toContain('Confirm email address');
      expect(html).not.toContain('<b>Test</b>');
    } finally {
      await t.close();
    }
  });

  it('is served only to loopback clients, not to a remote one behind a proxy', async () => {
    // Behind a trusted proxy on this machine, the socket is loopback for every client: the
    // forwarded address is the one that counts.
    const t = await startTestServer({ env: { TRUSTED_PROXIES: '127.0.0.1', ...OUTBOX } });
    try {
      const email = uniqueEmail('remote');
      await authPost(t, '/sign-up/email', { email, password: 'correct horse battery', name: 'R' });
      const remote = await t.fetch('/dev/mail', { headers: { 'X-Forwarded-For': '203.0.113.9' } });
      expect(remote.status).toBe(403);
      const body = await remote.json();
      expect(body.error.code).toBe('permission-denied');
      expect(body.error.message).toMatch(/loopback/);
      expect(JSON.stringify(body)).not.toContain(email);
      // A proxy that forwards a loopback client still counts as forwarded, not local.
      const viaProxy = await t.fetch('/dev/mail', { headers: { Forwarded: 'for=127.0.0.1' } });
      expect(viaProxy.status).toBe(403);
      // The same machine, straight to the socket, still sees the outbox.
      const local = await t.fetch('/dev/mail');
      expect(local.status).toBe(200);
      expect(await local.text()).toContain(email);
    } finally {
      await t.close();
    }
  });

  it('does not exist in production', async () => {
    const t = await startTestServer({
      env: { NODE_ENV: 'production', BETTER_AUTH_SECRET: 'p'.repeat(40) },
    });
    try {
      expect((await t.fetch('/dev/mail')).status).toBe(404);
      const config = await (await t.fetch('/api/config')).json();
      expect(config.devOutbox).toBe(false);
    } finally {
      await t.close();
    }
  });
});
