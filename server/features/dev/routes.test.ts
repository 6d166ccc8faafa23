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
