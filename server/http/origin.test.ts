/**
 * Cross-site request check (issue 17): a page on another origin — another port on the host,
 * a sibling subdomain, another site — must not change a signed-in user's data through their
 * browser, on any route; the app's own pages (fetch, forms, the analytics beacon) and
 * non-browser clients (no Origin, no Sec-Fetch-Site) still can.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbDigest } from '../test/digest';
import { startTestServer, testDialect, type TestServer } from '../test/support';
import { PASSWORD, createUser, nextIp, uniqueEmail } from '../test/users';

const contentDir = join(import.meta.dirname, '..', '..', 'content');
const WORD = 'negotiation-leverage';
const PNG = new Uint8Array([
  0x89,
  0x50,
  0x4e,
  0x47,
  0x0d,
  0x0a,
  0x1a,
  0x0a,
  ...new Array(100).fill(7),
]);

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ contentDir, env: { TRUSTED_PROXIES: '127.0.0.1' } });
});
afterAll(() => t.close());

/** Headers a browser sends on a request made by a page at `origin`. */
function fromPage(origin: string, site: string, mode = 'cors'): Record<string, string> {
  return {
    Origin: origin,
    'Sec-Fetch-Site': site,
    'Sec-Fetch-Mode': mode,
    'Sec-Fetch-Dest': 'empty',
  };
}

async function refused(res: Response, expected: string): Promise<void> {
  expect(res.status).toBe(403);
  const body = await res.json();
  expect(body.error.code).toBe('permission-denied');
  expect(body.error.message).toContain(expected);
}

describe(`cross-site requests (${testDialect})`, () => {
  const own = () => new URL(t.config.appUrl).origin;

  it('refuses a cross-site form POST that would plan a word, and changes nothing', async () => {
    const { cookie } = await createUser(t);
    const before = await dbDigest(t.db.db);
    const res = await t.fetch(`/api/items/word/${WORD}/plan`, {
      method: 'POST',
      headers: {
        Cookie: cookie,
        'Content-Type': 'application/x-www-form-urlencoded',
        ...fromPage('https://evil.example', 'cross-site', 'navigate'),
      },
      body: 'x=1',
    });
    await refused(res, own());
    expect(await dbDigest(t.db.db)).toBe(before);
  });

  it.each([
    ['another port on the host', 'http://localhost:4000'],
    ['a sibling subdomain', 'http://evil.localhost:3000'],
  ])(
    'refuses a no-cors photo upload from %s (same-site), and changes nothing',
    async (_l, origin) => {
      const { cookie, id } = await createUser(t);
      const before = await dbDigest(t.db.db);
      const res = await t.fetch('/api/profile/photo', {
        method: 'POST',
        headers: {
          Cookie: cookie,
          'Content-Type': 'text/plain',
          ...fromPage(origin, 'same-site', 'no-cors'),
        },
        body: PNG,
      });
      await refused(res, own());
      expect(await dbDigest(t.db.db)).toBe(before);
      const user = await t.db.db
        .selectFrom('user')
        .select('image')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(user.image).toBeNull();
    },
  );

  it.each([
    ['PUT', `/api/skills/foundation`, { score: 4 }],
    ['PATCH', '/api/profile', { field: 'headline', value: 'pwned' }],
    ['DELETE', '/api/me', { confirmEmail: 'x' }],
  ])('refuses a cross-site %s %s', async (method, path, body) => {
    const { cookie } = await createUser(t);
    const before = await dbDigest(t.db.db);
    const res = await t.fetch(path, {
      method,
      headers: {
        Cookie: cookie,
        'Content-Type': 'application/json',
        ...fromPage('https://evil.example', 'cross-site'),
      },
      body: JSON.stringify(body),
    });
    await refused(res, own());
    expect(await dbDigest(t.db.db)).toBe(before);
  });

  it('refuses an Origin of "null" and a cross-site request that names no origin', async () => {
    const { cookie } = await createUser(t);
    const plan = (headers: Record<string, string>) =>
      t.fetch(`/api/items/word/${WORD}/plan`, {
        method: 'POST',
        headers: { Cookie: cookie, ...headers },
      });
    await refused(await plan({ Origin: 'null' }), own());
    await refused(await plan({ 'Sec-Fetch-Site': 'cross-site' }), own());
    await refused(await plan({ 'Sec-Fetch-Site': 'same-site' }), own());
  });

  it('refuses a cross-site sign-in and sign-up on /api/auth with the same envelope', async () => {
    const res = await t.fetch('/api/auth/sign-up/email', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Forwarded-For': nextIp(),
        ...fromPage('http://localhost:4000', 'same-site'),
      },
      body: JSON.stringify({ email: uniqueEmail('csrf'), password: PASSWORD, name: 'X' }),
    });
    await refused(res, own());
  });

  it('lets the app’s own pages write: fetch with its Origin, and a same-origin browser request', async () => {
    const { cookie } = await createUser(t);
    const own1 = await t.fetch(`/api/items/word/${WORD}/plan`, {
      method: 'POST',
      headers: { Cookie: cookie, ...fromPage(own(), 'same-origin') },
    });
    expect(own1.status).toBe(200);
    const own2 = await t.fetch(`/api/items/word/${WORD}/complete`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(own2.status).toBe(200);
  });

  it('keeps the sendBeacon analytics path: text/plain from the app’s own origin', async () => {
    const beacon = (headers: Record<string, string>) =>
      t.fetch('/api/analytics/events', {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain;charset=UTF-8', ...headers },
        body: JSON.stringify({ events: [{ type: 'page_view', path: '/beacon', hash: '' }] }),
      });
    expect((await beacon(fromPage(own(), 'same-origin', 'no-cors'))).status).toBe(202);
    await refused(await beacon(fromPage('https://evil.example', 'cross-site', 'no-cors')), own());
  });

  it('lets non-browser clients (no Origin, no Sec-Fetch-Site) through, and never checks reads', async () => {
    const { cookie } = await createUser(t);
    const api = await t.fetch(`/api/items/word/${WORD}/plan`, {
      method: 'POST',
      headers: { Cookie: cookie },
    });
    expect(api.status).toBe(200);
    const read = await t.fetch('/api/me', {
      headers: { Cookie: cookie, ...fromPage('https://evil.example', 'cross-site') },
    });
    expect(read.status).toBe(200);
  });
});

describe(`the app's origin outside production (${testDialect})`, () => {
  it('accepts the other loopback names for the same port, so 127.0.0.1 can sign up', async () => {
    // APP_URL is http://localhost:3000 here; the learner opened http://127.0.0.1:3000.
    expect(t.config.appUrl).toBe('http://localhost:3000');
    for (const origin of ['http://127.0.0.1:3000', 'http://[::1]:3000']) {
      const email = uniqueEmail('loopback');
      const up = await t.fetch('/api/auth/sign-up/email', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Forwarded-For': nextIp(),
          ...fromPage(origin, 'same-origin'),
        },
        body: JSON.stringify({ email, password: PASSWORD, name: 'Loopback' }),
      });
      expect(up.status, origin).toBe(200);
      const signIn = await t.fetch('/api/auth/sign-in/email', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Forwarded-For': nextIp(),
          ...fromPage(origin, 'same-origin'),
        },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      expect(signIn.status, origin).toBe(200);
    }
    // Another port is still another origin.
    const other = await t.fetch('/api/auth/sign-up/email', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Forwarded-For': nextIp(),
        Origin: 'http://127.0.0.1:4000',
      },
      body: JSON.stringify({ email: uniqueEmail('port'), password: PASSWORD, name: 'Port' }),
    });
    await refused(other, 'http://localhost:3000');
  });
});

describe(`the app's origin in production (${testDialect})`, () => {
  it('names the expected origin when a request comes from another one', async () => {
    const p = await startTestServer({
      env: {
        NODE_ENV: 'production',
        BETTER_AUTH_SECRET: 'p'.repeat(40),
        APP_URL: 'https://skillway.example',
        TRUSTED_PROXIES: '127.0.0.1',
      },
    });
    try {
      const signUp = (headers: Record<string, string>) =>
        p.fetch('/api/auth/sign-up/email', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': nextIp(), ...headers },
          body: JSON.stringify({ email: uniqueEmail('prod'), password: PASSWORD, name: 'Prod' }),
        });
      // The page was opened at http://127.0.0.1:3000: same-origin for the browser, but not
      // the origin production serves; loopback names are not interchangeable here.
      await refused(
        await signUp(fromPage('http://127.0.0.1:3000', 'same-origin')),
        'https://skillway.example',
      );
      await refused(await signUp({ Origin: 'http://127.0.0.1:3000' }), 'https://skillway.example');
      expect((await signUp(fromPage('https://skillway.example', 'same-origin'))).status).toBe(200);
    } finally {
      await p.close();
    }
  });
});
