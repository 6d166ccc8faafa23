import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDialect, type TestServer } from '../test/support';
import { authPost, createUser } from '../test/users';
import { resolveSessionUser } from './session';

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
