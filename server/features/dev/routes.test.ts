import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../test/support';
import { authPost, uniqueEmail } from '../../test/users';

describe('/dev/mail', () => {
  it('lists outbox mails with their links outside production', async () => {
    const t = await startTestServer({ env: { TRUSTED_PROXIES: '127.0.0.1' } });
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
    const t = await startTestServer({ env: { TRUSTED_PROXIES: '127.0.0.1' } });
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
