import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRouteKeys, startTestServer, testDialect, type TestServer } from './test/support';
import { createUser } from './test/users';

/**
 * Every /api route and who may call it. A route added to the app but missing here fails
 * the first test, so nobody adds a user-data route without saying how it is guarded.
 */
const ROUTE_TABLE: Record<
  string,
  'public' | 'session' | 'token' | 'better-auth' | 'stripe-signature'
> = {
  'GET /api/health': 'public',
  'POST /api/analytics/events': 'public',
  'GET /api/content/summary': 'public',
  'GET /api/content/jobs': 'public',
  'GET /api/content/grammar': 'public',
  'GET /api/content/vocabulary': 'public',
  'GET /api/content/vocabulary/:set': 'public',
  'GET /api/content/grammar/feedback': 'public',
  'GET /api/content/grammar/deep-dive': 'public',
  'GET /api/content/grammar/topics/:topic': 'public',
  'GET /api/content/prompts': 'public',
  'GET /api/content/prompts/:id': 'public',
  'GET /api/content/insights': 'public',
  'GET /api/content/insights/:id': 'public',
  'GET /api/content/interviews/:type': 'public',
  'GET /api/content/activities': 'public',
  'GET /api/content/activities/:id': 'public',
  'GET /api/config': 'public',
  'GET /api/session': 'public',
  'GET /api/me': 'session',
  'GET /api/me/export': 'session',
  'GET /api/me/export.zip': 'session',
  'DELETE /api/me': 'session',
  'GET /api/profile': 'session',
  'PATCH /api/profile': 'session',
  'POST /api/profile/photo': 'session',
  'DELETE /api/profile/photo': 'session',
  'GET /api/profile/email-change': 'session',
  'PATCH /api/settings': 'session',
  'GET /api/files/:id': 'token',
  'POST /api/storage/upload': 'session',
  'GET /api/storage/metadata': 'session',
  'GET /api/storage/url': 'session',
  'POST /api/storage/url': 'session',
  'POST /api/storage/revoke': 'session',
  'DELETE /api/storage/object': 'session',
  'POST /api/grammar/answers': 'session',
  'POST /api/grammar/attempts': 'session',
  'GET /api/grammar/stats': 'session',
  'GET /api/grammar/stats/topics/:topic': 'session',
  'GET /api/dashboard': 'session',
  'GET /api/dashboard/today': 'session',
  'GET /api/items/:kind': 'session',
  'GET /api/review': 'session',
  'GET /api/review/count': 'session',
  'POST /api/review/:cardId/answer': 'session',
  'POST /api/review/practice': 'session',
  'GET /api/vocabulary/:set/match': 'session',
  'POST /api/vocabulary/:set/match': 'session',
  'GET /api/skills/content': 'public',
  'GET /api/skills': 'session',
  'PUT /api/skills/:skillId': 'session',
  'GET /api/doodles': 'session',
  'POST /api/doodles/:wordId': 'session',
  'DELETE /api/doodles/:id': 'session',
  'GET /api/billing': 'session',
  'POST /api/billing/checkout': 'session',
  'POST /api/billing/portal': 'session',
  'POST /api/billing/webhook': 'stripe-signature',
  'GET /api/recordings': 'session',
  'POST /api/recordings/:interviewId': 'session',
  'DELETE /api/recordings/:id': 'session',
  'POST /api/sync': 'session',
  // Guests may check too (rate-limited); a signed-in learner's own dictionary applies.
  'POST /api/writing/check': 'public',
  'GET /api/reminders': 'session',
  'PATCH /api/reminders': 'session',
  'POST /api/reminders/push': 'session',
  'DELETE /api/reminders/push': 'session',
  // One-click unsubscribe (RFC 8058): the signed link names the learner, kind and channel.
  'GET /api/reminders/unsubscribe': 'token',
  'POST /api/reminders/unsubscribe': 'token',
  // Teams: who may do what within a team is in authz-matrix.test.ts (owner, admin, member…).
  'GET /api/teams': 'session',
  'POST /api/teams': 'session',
  'GET /api/teams/owned': 'session',
  'GET /api/teams/join/:token': 'public',
  'POST /api/teams/join/:token': 'session',
  'GET /api/teams/invitations/:id/preview': 'public',
  'GET /api/teams/invitations/:id': 'session',
  'POST /api/teams/invitations/:id/accept': 'session',
  'POST /api/teams/invitations/:id/decline': 'session',
  'GET /api/teams/:slug': 'session',
  'PATCH /api/teams/:slug': 'session',
  'DELETE /api/teams/:slug': 'session',
  'POST /api/teams/:slug/active': 'session',
  'POST /api/teams/:slug/leave': 'session',
  'POST /api/teams/:slug/invitations': 'session',
  'POST /api/teams/:slug/invitations/bulk': 'session',
  'PUT /api/teams/:slug/join-link': 'session',
  'POST /api/teams/:slug/join-link/regenerate': 'session',
  'DELETE /api/teams/:slug/join-link': 'session',
  'DELETE /api/teams/:slug/invitations/:id': 'session',
  'PATCH /api/teams/:slug/members/:id': 'session',
  'DELETE /api/teams/:slug/members/:id': 'session',
  'GET /api/teams/assignments': 'session',
  'GET /api/teams/:slug/assignments': 'session',
  'POST /api/teams/:slug/assignments': 'session',
  'PATCH /api/teams/:slug/assignments/:id': 'session',
  'DELETE /api/teams/:slug/assignments/:id': 'session',
  'GET /api/teams/:slug/assignments/:id/members': 'session',
  'GET /api/teams/:slug/progress': 'session',
  'GET /api/teams/:slug/progress.csv': 'session',
  'GET /api/teams/:slug/progress/overview': 'session',
  'POST /api/items/:kind/:itemId/visit': 'session',
  'GET /api/items/:kind/:itemId': 'session',
  'PATCH /api/items/:kind/:itemId': 'session',
  'POST /api/items/:kind/:itemId/:op': 'session',
  'GET /api/auth/*': 'better-auth',
  'POST /api/auth/*': 'better-auth',
};

let t: TestServer;
let a: { cookie: string; email: string; id: string };
let b: { cookie: string; email: string; id: string };
beforeAll(async () => {
  t = await startTestServer({ env: { TRUSTED_PROXIES: '127.0.0.1' } });
  a = await createUser(t, { name: 'Alice A' });
  b = await createUser(t, { name: 'Bob B' });
  await t.fetch('/api/profile', {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json', Cookie: a.cookie },
    body: JSON.stringify({ field: 'bio', value: 'Alice’s private bio' }),
  });
});
afterAll(() => t.close());

const as = (cookie: string | null, method: string, path: string, body?: unknown) =>
  t.fetch(path, {
    method,
    headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describe(`authorization (${testDialect})`, () => {
  it('every /api route of the app is in the table', () => {
    const routes = apiRouteKeys(t);
    for (const r of routes)
      expect(ROUTE_TABLE, `${r} is not in the authorization table`).toHaveProperty([r]);
    for (const r of Object.keys(ROUTE_TABLE))
      expect(routes, `${r} is in the table but not in the app`).toContain(r);
  });

  const sessionRoutes: [string, string, unknown?][] = [
    ['GET', '/api/me'],
    ['GET', '/api/me/export'],
    ['GET', '/api/me/export.zip'],
    ['DELETE', '/api/me', { confirmEmail: 'x@example.com' }],
    ['GET', '/api/profile'],
    ['PATCH', '/api/profile', { field: 'bio', value: 'guest bio' }],
    ['POST', '/api/profile/photo'],
    ['DELETE', '/api/profile/photo'],
    ['GET', '/api/profile/email-change'],
    ['GET', '/api/billing'],
    ['POST', '/api/billing/checkout'],
    ['POST', '/api/billing/portal'],
    ['GET', '/api/dashboard'],
    ['GET', '/api/recordings'],
    ['GET', '/api/review'],
    ['GET', '/api/review/count'],
    ['POST', '/api/review/word:leverage/answer', { choiceIndex: 0 }],
    ['POST', '/api/review/practice', { topic: 'nouns' }],
    ['POST', '/api/recordings/disagreed-with-a-teammate'],
    ['DELETE', '/api/recordings/00000000-0000-0000-0000-000000000000'],
    ['GET', '/api/skills'],
    ['PUT', '/api/skills/critical-thinking', { score: 3 }],
    ['POST', '/api/sync', { ops: [] }],
    ['GET', '/api/reminders'],
    ['PATCH', '/api/reminders', { dailyAt: '07:00' }],
    [
      'POST',
      '/api/reminders/push',
      {
        endpoint: 'https://push.example.com/x',
        keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
      },
    ],
    ['DELETE', '/api/reminders/push', { endpoint: 'https://push.example.com/x' }],
    ['GET', '/api/vocabulary/negotiation/match'],
    ['POST', '/api/vocabulary/negotiation/match', { ms: 20_000 }],
    ['GET', '/api/teams'],
    ['POST', '/api/teams', { name: 'Guest team', slug: 'guest-team' }],
    ['GET', '/api/teams/some-team'],
    ['POST', '/api/teams/some-team/leave'],
    ['GET', '/api/teams/invitations/some-invitation'],
    ['GET', '/api/teams/assignments'],
    ['GET', '/api/teams/some-team/assignments'],
    ['POST', '/api/teams/some-team/assignments', { kind: 'deep-dive', contentId: 'deep-dive' }],
    ['DELETE', '/api/teams/some-team/assignments/some-assignment'],
    ['GET', '/api/teams/some-team/progress?tz=UTC'],
    ['GET', '/api/teams/some-team/progress.csv?tz=UTC'],
    ['GET', '/api/teams/some-team/progress/overview?tz=UTC'],
    ['GET', '/api/teams/some-team/assignments/some-assignment/members'],
    ['GET', '/api/teams/owned'],
    ['POST', '/api/teams/join/some-token'],
    ['POST', '/api/teams/some-team/invitations/bulk', { emails: 'a@example.com', role: 'member' }],
    ['PUT', '/api/teams/some-team/join-link', { emailDomain: null }],
    ['POST', '/api/teams/some-team/join-link/regenerate'],
    ['DELETE', '/api/teams/some-team/join-link'],
  ];
  it.each(sessionRoutes)('guests get 401 from %s %s', async (method, path, body) => {
    const res = await as(null, method, path, body);
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('unauthenticated');
  });

  it('user B reads only B: me, profile and export never show A', async () => {
    const me = await (await as(b.cookie, 'GET', '/api/me')).json();
    expect(me.uid).toBe(b.id);
    const profile = await (await as(b.cookie, 'GET', '/api/profile')).json();
    expect(profile).toEqual({});
    const exported = await (await as(b.cookie, 'GET', '/api/me/export')).text();
    expect(exported).not.toContain(a.email);
    expect(exported).not.toContain(a.id);
    expect(exported).not.toContain('Alice');
  });

  it('user B cannot write A’s data: an id in the body is refused, and A is unchanged', async () => {
    for (const body of [
      { field: 'bio', value: 'hacked', userId: a.id },
      { field: 'bio', value: 'hacked', uid: a.id },
    ]) {
      expect((await as(b.cookie, 'PATCH', '/api/profile', body)).status).toBe(400);
    }
    expect((await as(b.cookie, 'DELETE', '/api/me', { confirmEmail: a.email })).status).toBe(400);
    expect(
      (await as(b.cookie, 'PATCH', '/api/profile', { field: 'bio', value: 'Bob’s bio' })).status,
    ).toBe(200);
    const aliceProfile = await (await as(a.cookie, 'GET', '/api/profile')).json();
    expect(aliceProfile).toEqual({ bio: 'Alice’s private bio' });
    expect((await as(a.cookie, 'GET', '/api/me')).status).toBe(200);
  });

  it('A’s file is readable only through its token URL', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const up = await t.fetch('/api/profile/photo', {
      method: 'POST',
      headers: { Cookie: a.cookie, 'Content-Type': 'image/png' },
      body: png,
    });
    const { photoURL } = await up.json();
    const bare = photoURL.split('?')[0];
    expect((await as(b.cookie, 'GET', bare)).status).toBe(404);
    expect((await as(b.cookie, 'GET', photoURL)).status).toBe(200);
  });
});
