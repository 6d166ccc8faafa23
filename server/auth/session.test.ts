import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDialect, type TestServer } from '../test/support';
import { authPost, createUser, PASSWORD } from '../test/users';
import { cookieVerifier, resolveSessionUser, verifySessionCookie } from './session';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ env: { TRUSTED_PROXIES: '127.0.0.1' } });
});
afterAll(() => t.close());

const NAME = 'better-auth.session_token';
const sign = (token: string, secret: string) =>
  `${NAME}=${encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`)}`;

/** Our middleware's answer and Better Auth's own, for the same Cookie header. */
async function both(cookie: string) {
  const ours = await resolveSessionUser(t.db.db, cookie, NAME, t.config.authSecret);
  const theirs = await t.auth.api.getSession({ headers: new Headers({ cookie }) });
  return { ours: ours?.id ?? null, theirs: theirs?.user.id ?? null };
}

const tokenOf = (cookie: string) =>
  decodeURIComponent(cookie.split('=')[1] ?? '').split('.')[0] ?? '';

describe(`session resolution matches Better Auth (${testDialect})`, () => {
  it('valid session: both resolve the same user', async () => {
    const { cookie, id } = await createUser(t);
    expect(await both(cookie)).toEqual({ ours: id, theirs: id });
  });

  it('expired session: neither resolves', async () => {
    const { cookie } = await createUser(t);
    await t.db.db
      .updateTable('session')
      .set({
        expiresAt:
          t.db.dialect === 'postgres'
            ? new Date(Date.now() - 1000)
            : new Date(Date.now() - 1000).toISOString(),
      })
      .where('token', '=', tokenOf(cookie))
      .execute();
    expect(await both(cookie)).toEqual({ ours: null, theirs: null });
  });

  it('revoked session (signed out): neither resolves', async () => {
    const { cookie } = await createUser(t);
    expect((await authPost(t, '/sign-out', {}, cookie)).status).toBe(200);
    expect(await both(cookie)).toEqual({ ours: null, theirs: null });
  });

  it('tampered token or signature: neither resolves', async () => {
    const { cookie } = await createUser(t);
    const token = tokenOf(cookie);
    const other = `${token.slice(0, -1)}${token.endsWith('a') ? 'b' : 'a'}`;
    const swapped = `${NAME}=${encodeURIComponent(`${other}.${decodeURIComponent(cookie.split('=')[1] ?? '').split('.')[1]}`)}`;
    expect(await both(swapped)).toEqual({ ours: null, theirs: null });
    expect(await both(`${NAME}=${token}`)).toEqual({ ours: null, theirs: null });
    expect(await both(`${NAME}=%E0%A4%A`)).toEqual({ ours: null, theirs: null });
  });

  it('a cookie signed with another secret: neither resolves', async () => {
    const { cookie } = await createUser(t);
    expect(
      await both(sign(tokenOf(cookie), 'another-secret-another-secret-another-secret')),
    ).toEqual({ ours: null, theirs: null });
    // …while the same token signed with the right secret does resolve.
    expect((await both(sign(tokenOf(cookie), t.config.authSecret))).ours).not.toBeNull();
  });

  it('a session in use is refreshed once a day: GET /api/me extends it and re-sets the cookie', async () => {
    const { cookie } = await createUser(t);
    const token = tokenOf(cookie);
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    const soon = new Date(Date.now() + 5 * 86_400_000);
    const asDb = (d: Date) => (t.db.dialect === 'postgres' ? d : d.toISOString());
    await t.db.db
      .updateTable('session')
      .set({ updatedAt: asDb(twoDaysAgo), expiresAt: asDb(soon) })
      .where('token', '=', token)
      .execute();
    const res = await t.fetch('/api/me', { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(
      res.headers
        .getSetCookie()
        .some((c) => c.startsWith('better-auth.session_token=') && /Max-Age=604800/.test(c)),
    ).toBe(true);
    const row = await t.db.db
      .selectFrom('session')
      .select('expiresAt')
      .where('token', '=', token)
      .executeTakeFirstOrThrow();
    expect(new Date(row.expiresAt).getTime()).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
    // A fresh session is left alone (no Better Auth call, no cookie).
    const fresh = await createUser(t);
    const again = await t.fetch('/api/me', { headers: { Cookie: fresh.cookie } });
    expect(again.headers.getSetCookie()).toEqual([]);
  });

  it('no cookie: neither resolves', async () => {
    expect(await both('')).toEqual({ ours: null, theirs: null });
  });
});

describe(`a cookie the server has already verified (${testDialect})`, () => {
  const me = (cookie: string) => t.fetch('/api/me', { headers: { Cookie: cookie } });

  it('stops working at sign-out', async () => {
    const { cookie } = await createUser(t);
    expect((await me(cookie)).status).toBe(200);
    expect((await me(cookie)).status).toBe(200);
    expect((await authPost(t, '/sign-out', {}, cookie)).status).toBe(200);
    expect((await me(cookie)).status).toBe(401);
  });

  it('stops working when another session of the user revokes it', async () => {
    const u = await createUser(t);
    expect((await me(u.cookie)).status).toBe(200);
    const other = await authPost(t, '/sign-in/email', { email: u.email, password: PASSWORD });
    const otherCookie = (other.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    expect((await me(otherCookie)).status).toBe(200);
    expect((await authPost(t, '/revoke-other-sessions', {}, otherCookie)).status).toBe(200);
    expect((await me(u.cookie)).status).toBe(401);
    expect((await me(otherCookie)).status).toBe(200);
  });

  it('stops working when its row is deleted or expires (as another app server would)', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    expect((await me(a.cookie)).status).toBe(200);
    expect((await me(b.cookie)).status).toBe(200);
    await t.db.db.deleteFrom('session').where('token', '=', tokenOf(a.cookie)).execute();
    const past = new Date(Date.now() - 1000);
    await t.db.db
      .updateTable('session')
      .set({ expiresAt: t.db.dialect === 'postgres' ? past : past.toISOString() })
      .where('token', '=', tokenOf(b.cookie))
      .execute();
    expect((await me(a.cookie)).status).toBe(401);
    expect((await me(b.cookie)).status).toBe(401);
  });

  it('cookieVerifier answers as verifySessionCookie, per secret, and keeps a bounded memo', () => {
    const secret = t.config.authSecret;
    const other = 'another-secret-another-secret-another-secret';
    const cookie = (token: string) => sign(token, secret).split('=')[1] ?? '';
    const verify = cookieVerifier(secret, 2);
    const verifyOther = cookieVerifier(other, 2);
    for (const token of ['a1', 'b2', 'c3', 'a1']) {
      expect(verify(cookie(token))).toBe(token);
      expect(verify(cookie(token))).toBe(verifySessionCookie(cookie(token), secret));
      // A cookie one secret verified (and remembers) is still refused under another.
      expect(verifyOther(cookie(token))).toBeNull();
    }
    expect(verify(`${cookie('a1').slice(0, -4)}AAA%3D`)).toBeNull();
    expect(verify('a1')).toBeNull();
  });
});
