import { executionAsyncId } from 'node:async_hooks';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDialect, type TestServer } from '../test/support';
import { authPost, createUser, PASSWORD } from '../test/users';
import { authAsyncContextEnabled } from './async-context';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({
    contentDir: join(import.meta.dirname, '..', '..', 'content'),
    env: { TRUSTED_PROXIES: '127.0.0.1' },
  });
});
afterAll(() => t.close());

/**
 * The async id a promise reaction runs under: 0 while Node tracks no promises (no async
 * hooks on), a fresh id for each reaction while hooks are on.
 */
const promiseReactionId = () =>
  new Promise<number>((resolve) => {
    void Promise.resolve().then(() => resolve(executionAsyncId()));
  });

describe(`Better Auth's async context is on only while its code runs (${testDialect})`, () => {
  it('after sign-up, sign-in, a session read and a signed-in write, promises carry no async hooks', async () => {
    const u = await createUser(t);
    const session = await t.fetch('/api/auth/get-session', { headers: { Cookie: u.cookie } });
    expect(((await session.json()) as { user: { id: string } }).user.id).toBe(u.id);
    const visit = await t.fetch('/api/items/word/metric/visit', {
      method: 'POST',
      headers: { Cookie: u.cookie },
    });
    expect(visit.status).toBe(200);
    expect(authAsyncContextEnabled()).toBe(false);
    expect(await promiseReactionId()).toBe(0);
  });

  it('concurrent Better Auth calls keep their context: sign-ins and session reads beside hot writes all succeed', async () => {
    const users = await Promise.all([0, 1, 2, 3].map(() => createUser(t)));
    const results = await Promise.all(
      users.flatMap((u) => [
        authPost(t, '/sign-in/email', { email: u.email, password: PASSWORD }).then((r) => r.status),
        t.auth.api
          .getSession({ headers: new Headers({ cookie: u.cookie }) })
          .then((s) => (s?.user.id === u.id ? 200 : 401)),
        t
          .fetch('/api/items/word/metric/visit', { method: 'POST', headers: { Cookie: u.cookie } })
          .then((r) => r.status),
      ]),
    );
    expect(results).toEqual(users.flatMap(() => [200, 200, 200]));
    expect(authAsyncContextEnabled()).toBe(false);
    expect(await promiseReactionId()).toBe(0);
  });
});
