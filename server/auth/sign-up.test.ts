import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDialect, type TestServer } from '../test/support';
import { authPost, PASSWORD, uniqueEmail } from '../test/users';

// Sign-up applies the profile page's rules to what it stores: the name rule, and no photo
// (photos come only through /api/profile/photo, which checks the file).
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ env: { TRUSTED_PROXIES: '127.0.0.1' } });
});
afterAll(() => t.close());

const stored = (email: string) =>
  t.db.db
    .selectFrom('user')
    .select(['name', 'image'])
    .where('email', '=', email)
    .executeTakeFirst();

describe(`sign-up (${testDialect})`, () => {
  it('stores a good name trimmed, as the profile page would', async () => {
    const email = uniqueEmail();
    const res = await authPost(t, '/sign-up/email', {
      email,
      password: PASSWORD,
      name: '  Mei Chen ',
    });
    expect(res.status, await res.text()).toBe(200);
    expect(await stored(email)).toEqual({ name: 'Mei Chen', image: null });
  });

  it('refuses a name the profile page would refuse (400), and stores no account', async () => {
    for (const name of [
      'x'.repeat(60_000),
      'x'.repeat(81),
      '   ',
      'Eve\nAdmin',
      'Eve\u0007',
      'Eve\u202egnp.exe',
      7,
    ]) {
      const email = uniqueEmail();
      const res = await authPost(t, '/sign-up/email', { email, password: PASSWORD, name });
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(res.status, JSON.stringify(name).slice(0, 40)).toBe(400);
      expect(body.error.code).toBe('invalid-argument');
      expect(await stored(email)).toBeUndefined();
    }
  });

  it('refuses a photo sent with sign-up (400): photos come through the profile page', async () => {
    for (const image of ['javascript:alert(1)', 'https://example.com/me.png', '']) {
      const email = uniqueEmail();
      const res = await authPost(t, '/sign-up/email', {
        email,
        password: PASSWORD,
        name: 'Ivy Image',
        image,
      });
      expect(res.status, image).toBe(400);
      expect(await stored(email)).toBeUndefined();
    }
  });
});
