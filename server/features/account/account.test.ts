import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, startTestServer, testDialect, type TestServer } from '../../test/support';
import { MAIL_LIMIT, SIGN_IN_FAILURES } from '../../../core/limits';
import {
  PASSWORD,
  authPost,
  createUser,
  latestMailLink,
  nextIp,
  sessionCookie,
  uniqueEmail,
} from '../../test/users';

let t: TestServer;
// Behind a trusted proxy (127.0.0.1), each test client gets its own address.
beforeAll(async () => {
  t = await startTestServer({ env: { TRUSTED_PROXIES: '127.0.0.1' } });
});
afterAll(() => t.close());

const me = (cookie: string) => t.fetch('/api/me', { headers: { Cookie: cookie } });

describe(`accounts (${testDialect})`, () => {
  it('sign-up → verification mail → verify → sign-in → me → sign-out', async () => {
    const email = uniqueEmail('flow');
    const up = await authPost(t, '/sign-up/email', { email, password: PASSWORD, name: 'Asha Rao' });
    expect(up.status).toBe(200);
    expect(sessionCookie(up)).toBe(''); // sign-up alone does not sign in

    const mail = await t.db.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Confirm your email address for Skillway');
    expect(mail.text_body).toContain(mail.link);
    expect(mail.html_body).toContain('Confirm email address');
    expect(mail.link).toMatch(/\/api\/auth\/verify-email\?token=/);

    // Unverified users can sign in.
    const first = await authPost(t, '/sign-in/email', { email, password: PASSWORD });
    expect(first.status).toBe(200);
    const before = await (await me(sessionCookie(first))).json();
    expect(before).toMatchObject({
      email,
      displayName: 'Asha Rao',
      emailVerified: false,
      provider: 'password',
      stripeRole: 'free',
      photoURL: null,
    });
    expect(before.joined).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const link = new URL(await latestMailLink(t, email, 'verify-email'));
    const verified = await t.fetch(`${link.pathname}${link.search}`, { redirect: 'manual' });
    expect([200, 302]).toContain(verified.status);
    const after = await (await me(sessionCookie(verified) || sessionCookie(first))).json();
    expect(after.emailVerified).toBe(true);

    const cookie = sessionCookie(first);
    const out = await authPost(t, '/sign-out', {}, cookie);
    expect(out.status).toBe(200);
    expect((await me(cookie)).status).toBe(401);
  });

  it('keeps the sign-up name out of the verification and reset mails (no phishing line from us)', async () => {
    const email = uniqueEmail('phish');
    // A name passes the name rule (one line, at most 80 characters) and can still say this.
    const name = 'Your account is locked. Unlock it at https://evil.example/unlock now';
    const up = await authPost(t, '/sign-up/email', { email, password: PASSWORD, name });
    expect(up.status).toBe(200);
    await authPost(t, '/request-password-reset', { email, redirectTo: '/user/reset-password' });
    const mails = await t.db.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', email)
      .execute();
    expect(mails.map((m) => m.kind).sort()).toEqual(['reset-password', 'verify-email']);
    for (const mail of mails) {
      for (const body of [mail.subject, mail.text_body, mail.html_body]) {
        expect(body).not.toContain('evil.example');
        expect(body).not.toContain('account is locked');
      }
      expect(mail.text_body).toContain(mail.link);
    }
  });

  it('GET /api/me without a session is 401 unauthenticated', async () => {
    const res = await t.fetch('/api/me');
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('unauthenticated');
  });

  it('GET /api/session answers a guest with 200 and no user, a learner with their record', async () => {
    const guest = await t.fetch('/api/session');
    expect(guest.status).toBe(200);
    expect(guest.headers.get('cache-control')).toBe('no-store');
    expect(await guest.json()).toEqual({ user: null });
    const { cookie, email } = await createUser(t);
    const signedIn = await t.fetch('/api/session', { headers: { Cookie: cookie } });
    expect(signedIn.status).toBe(200);
    const { user } = await signedIn.json();
    expect(user.email).toBe(email);
    expect(user).toEqual(await (await me(cookie)).json());
  });

  it('a wrong password is 401 with the same answer as an unknown address', async () => {
    const { email } = await createUser(t);
    const wrong = await authPost(t, '/sign-in/email', { email, password: 'not the password' });
    const unknown = await authPost(t, '/sign-in/email', {
      email: uniqueEmail('nobody'),
      password: 'not the password',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const a = await wrong.json();
    const b = await unknown.json();
    expect(a).toEqual(b);
    expect(a.error).toMatchObject({ code: 'unauthenticated', reason: 'INVALID_EMAIL_OR_PASSWORD' });
  });

  it('sign-up answers the same for a known and an unknown address (no enumeration)', async () => {
    const { email } = await createUser(t);
    const known = await authPost(t, '/sign-up/email', {
      email,
      password: 'another password 1',
      name: 'Someone',
    });
    const fresh = await authPost(t, '/sign-up/email', {
      email: uniqueEmail('fresh'),
      password: 'another password 1',
      name: 'Someone',
    });
    expect(known.status).toBe(fresh.status);
    const shape = (o: Record<string, unknown>) => Object.keys(o).sort();
    const k = await known.json();
    const f = await fresh.json();
    expect(shape(k)).toEqual(shape(f));
    expect(shape(k.user)).toEqual(shape(f.user));
    // The existing account is untouched: its password still works.
    expect((await authPost(t, '/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
  });

  it('sign-up answers a known address with the same body as a new one, but for id and times', async () => {
    // Same length, so a difference in size can only come from the account's existence.
    const known = uniqueEmail('same');
    const fresh = known.replace('same', 'emas');
    await createUser(t, { email: known });
    const body = { password: 'another password 1', name: 'Someone' };
    const a = await authPost(t, '/sign-up/email', { ...body, email: known });
    const b = await authPost(t, '/sign-up/email', { ...body, email: fresh });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    const textA = await a.text();
    const textB = await b.text();
    expect(textA.length).toBe(textB.length);
    const masked = (text: string, email: string) =>
      JSON.parse(text.replace(email, '<email>'), (key, value: unknown) =>
        ['id', 'createdAt', 'updatedAt'].includes(key) && typeof value === 'string'
          ? `<${key}:${value.length}>`
          : value,
      ) as unknown;
    expect(masked(textA, known)).toEqual(masked(textB, fresh));
  });

  it('password reset answers the same for known and unknown addresses and revokes every session', async () => {
    const { email, cookie } = await createUser(t);
    const second = sessionCookie(
      await authPost(t, '/sign-in/email', { email, password: PASSWORD }),
    );
    const known = await authPost(t, '/request-password-reset', {
      email,
      redirectTo: '/user/reset-password',
    });
    const unknown = await authPost(t, '/request-password-reset', {
      email: uniqueEmail('ghost'),
      redirectTo: '/user/reset-password',
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());

    const link = new URL(await latestMailLink(t, email, 'reset-password'));
    const mail = await t.db.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to_address', '=', email)
      .where('kind', '=', 'reset-password')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Reset your Skillway password');
    // The mail link passes through Better Auth, which redirects to our page with the token.
    const hop = await t.fetch(`${link.pathname}${link.search}`, { redirect: 'manual' });
    expect(hop.status).toBe(302);
    const target = new URL(hop.headers.get('location') ?? '', t.config.appUrl);
    expect(target.pathname).toBe('/user/reset-password');
    const token = target.searchParams.get('token') ?? '';
    expect(token.length).toBeGreaterThan(10);

    const reset = await authPost(t, '/reset-password', {
      newPassword: 'a brand new password',
      token,
    });
    expect(reset.status).toBe(200);
    expect((await me(cookie)).status).toBe(401);
    expect((await me(second)).status).toBe(401);
    expect((await authPost(t, '/sign-in/email', { email, password: PASSWORD })).status).toBe(401);
    expect(
      (await authPost(t, '/sign-in/email', { email, password: 'a brand new password' })).status,
    ).toBe(200);
    // A used token does not work twice.
    expect(
      (await authPost(t, '/reset-password', { newPassword: 'yet another password', token })).status,
    ).toBe(400);
  });

  it('enforces the password length bounds', async () => {
    const short = await authPost(t, '/sign-up/email', {
      email: uniqueEmail(),
      password: 'short7!',
      name: 'X',
    });
    expect(short.status).toBe(400);
    expect((await short.json()).error.code).toBe('invalid-argument');
    const long = await authPost(t, '/sign-up/email', {
      email: uniqueEmail(),
      password: 'x'.repeat(129),
      name: 'X',
    });
    expect(long.status).toBe(400);
  });

  it.each(['password', '12345678', 'Qwertyuiop', 'iloveyou'])(
    'refuses the common password %s at sign-up with a clear 400 and creates nothing',
    async (password) => {
      const email = uniqueEmail('common');
      const res = await authPost(t, '/sign-up/email', { email, password, name: 'Common' });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.error.code).toBe('invalid-argument');
      expect(body.error.message).toMatch(/too common/);
      const row = await t.db.db
        .selectFrom('user')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirst();
      expect(row).toBeUndefined();
    },
  );

  it('refuses a password that is the email address or the name', async () => {
    const email = uniqueEmail('selfname');
    for (const password of [
      email,
      email.toUpperCase(),
      email.split('@')[0] ?? '',
      'Ada Lovelace',
    ]) {
      const res = await authPost(t, '/sign-up/email', { email, password, name: 'Ada Lovelace' });
      expect(res.status, password).toBe(400);
      expect((await res.json()).error.message).toMatch(/email address or your name/);
    }
    expect(
      await t.db.db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('refuses a common or personal password as the new one on reset and on change', async () => {
    const { email, cookie } = await createUser(t, { name: 'Grace Hopper' });
    await authPost(t, '/request-password-reset', { email, redirectTo: '/user/reset-password' });
    const link = new URL(await latestMailLink(t, email, 'reset-password'));
    const hop = await t.fetch(`${link.pathname}${link.search}`, { redirect: 'manual' });
    const token =
      new URL(hop.headers.get('location') ?? '', t.config.appUrl).searchParams.get('token') ?? '';
    for (const newPassword of ['letmein1', 'grace hopper', email]) {
      const reset = await authPost(t, '/reset-password', { newPassword, token });
      expect(reset.status, newPassword).toBe(400);
      expect((await reset.json()).error.code).toBe('invalid-argument');
    }
    const change = await authPost(
      t,
      '/change-password',
      { currentPassword: PASSWORD, newPassword: 'football' },
      cookie,
    );
    expect(change.status).toBe(400);
    expect((await change.json()).error.message).toMatch(/too common/);
    // Nothing changed: the old password still signs in, and the token still works once.
    expect((await authPost(t, '/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
    const ok = await authPost(t, '/reset-password', { newPassword: 'an uncommon phrase', token });
    expect(ok.status).toBe(200);
  });

  it('stores passwords as argon2id with at least 19 MiB and t=2', async () => {
    const { id } = await createUser(t);
    const account = await t.db.db
      .selectFrom('account')
      .select('password')
      .where('userId', '=', id)
      .executeTakeFirstOrThrow();
    expect(account.password).toMatch(/^\$argon2id\$v=19\$m=(\d+),t=2,p=1\$/);
    expect(Number(/m=(\d+)/.exec(account.password ?? '')?.[1])).toBeGreaterThanOrEqual(19_456);
  });

  it('sets HttpOnly, SameSite=Lax session cookies that last 7 days', async () => {
    const email = uniqueEmail();
    await authPost(t, '/sign-up/email', { email, password: PASSWORD, name: 'Cookie' });
    const res = await authPost(t, '/sign-in/email', { email, password: PASSWORD });
    const set =
      res.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_token=')) ?? '';
    expect(set).toMatch(/HttpOnly/i);
    expect(set).toMatch(/SameSite=Lax/i);
    expect(set).toMatch(/Max-Age=604800/);
  });

  it('refuses cross-site auth requests (origin check on)', async () => {
    const res = await t.fetch('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' },
      body: JSON.stringify({ email: uniqueEmail(), password: PASSWORD }),
    });
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe('permission-denied');
  });
});

describe(`abuse limits (${testDialect})`, () => {
  it('limits sign-in per IP to 5 a minute with 429 resource-exhausted and Retry-After', async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 6; i++) {
      last = await authPost(
        t,
        '/sign-in/email',
        { email: uniqueEmail('ip'), password: 'wrong password' },
        undefined,
        '203.0.113.7',
      );
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(statuses[5]).toBe(429);
    const body = await last?.json();
    expect(body.error.code).toBe('resource-exhausted');
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('without a trusted proxy ignores a forged X-Forwarded-For (the socket address counts)', async () => {
    const t2 = await startTestServer();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await t2.fetch('/api/auth/sign-in/email', {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Origin: t2.config.appUrl,
            'X-Forwarded-For': `10.0.0.${i}`,
          },
          body: JSON.stringify({ email: uniqueEmail('xff'), password: 'wrong password' }),
        });
        statuses.push(res.status);
      }
      expect(statuses[5]).toBe(429);
    } finally {
      await t2.close();
    }
  });

  it('slows guessing: after 5 failures for an address from one client, that client waits 15 minutes, on every app server', async () => {
    const t3 = await startTestServer({ env: { TRUSTED_PROXIES: '127.0.0.1' } });
    const t4 = await startTestServer({ shareWith: t3, env: { TRUSTED_PROXIES: '127.0.0.1' } });
    try {
      const { email } = await createUser(t3);
      const guesser = nextIp();
      for (let i = 0; i < SIGN_IN_FAILURES.perClient; i++) {
        const server = i % 2 === 0 ? t3 : t4;
        const res = await authPost(
          server,
          '/sign-in/email',
          { email, password: `guess ${i}` },
          undefined,
          guesser,
        );
        expect(res.status).toBe(401);
      }
      // Even the right password waits now: a guesser learns nothing from a late hit.
      const res = await authPost(
        t4,
        '/sign-in/email',
        { email, password: PASSWORD },
        undefined,
        guesser,
      );
      expect(res.status).toBe(429);
      expect((await res.json()).error.code).toBe('resource-exhausted');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(800);
      // The owner, elsewhere, is not held up.
      expect((await authPost(t3, '/sign-in/email', { email, password: PASSWORD })).status).toBe(
        200,
      );
    } finally {
      await t4.close();
      await t3.close();
    }
  });

  it('lets no stranger lock the owner out: failures from many clients leave the owner’s password working', async () => {
    const { email } = await createUser(t);
    const strangers = Array.from({ length: SIGN_IN_FAILURES.perAddress + 5 }, () => nextIp());
    for (const ip of strangers) {
      const res = await authPost(
        t,
        '/sign-in/email',
        { email, password: 'wrong password' },
        undefined,
        ip,
      );
      expect(res.status).toBe(401);
    }
    // Past the per-address ceiling, a client that has already failed for the address waits…
    const again = await authPost(
      t,
      '/sign-in/email',
      { email, password: 'wrong again' },
      undefined,
      strangers[0],
    );
    expect(again.status).toBe(429);
    // …while the owner, who has not, signs in.
    const owner = await authPost(t, '/sign-in/email', { email, password: PASSWORD });
    expect(owner.status).toBe(200);
    expect(sessionCookie(owner)).not.toBe('');
  });

  it('answers reset requests past the per-address limit with the usual 200 and no mail; sent links still work', async () => {
    const { email } = await createUser(t);
    const ask = () =>
      authPost(t, '/request-password-reset', { email, redirectTo: '/user/reset-password' });
    const first = await ask();
    expect(first.status).toBe(200);
    const usual = await first.json();
    for (let i = 1; i < MAIL_LIMIT.max; i++) expect((await ask()).status).toBe(200);
    const mails = async () =>
      (
        await t.db.db
          .selectFrom('mail_outbox')
          .select('id')
          .where('to_address', '=', email)
          .where('kind', '=', 'reset-password')
          .execute()
      ).length;
    expect(await mails()).toBe(MAIL_LIMIT.max);
    // The owner asks once more: the same answer, no further mail.
    const owner = await ask();
    expect(owner.status).toBe(200);
    expect(await owner.json()).toEqual(usual);
    expect(await mails()).toBe(MAIL_LIMIT.max);
    // A link already in the owner's inbox still resets the password.
    const link = new URL(await latestMailLink(t, email, 'reset-password'));
    const hop = await t.fetch(`${link.pathname}${link.search}`, { redirect: 'manual' });
    const token =
      new URL(hop.headers.get('location') ?? '', t.config.appUrl).searchParams.get('token') ?? '';
    const reset = await authPost(t, '/reset-password', { newPassword: 'owner is back in', token });
    expect(reset.status).toBe(200);
  });
});

describe(`profile, export and deletion (${testDialect})`, () => {
  const patch = (cookie: string, body: unknown) =>
    t.fetch('/api/profile', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify(body),
    });

  it('refuses Better Auth’s update-user, so no name or photo skips the profile rules', async () => {
    const { cookie, id } = await createUser(t, { name: 'Kept Name' });
    const before = await t.db.db
      .selectFrom('user')
      .select(['name', 'image'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    for (const body of [
      { name: 'x'.repeat(20_000) },
      { image: 'javascript:alert(1)' },
      { name: 'Fine Name', image: 'https://example.com/me.png' },
    ]) {
      const res = await authPost(t, '/update-user', body, cookie);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(404);
      expect((await res.json()).error.code).toBe('not-found');
    }
    const after = await t.db.db
      .selectFrom('user')
      .select(['name', 'image'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    // Our own route, with its rules, still changes the name.
    expect((await patch(cookie, { field: 'displayName', value: 'New Name' })).status).toBe(200);
    expect((await patch(cookie, { field: 'displayName', value: 'x'.repeat(81) })).status).toBe(400);
  });

  it('a missing profile is an empty object, not an error', async () => {
    const { cookie } = await createUser(t);
    const res = await t.fetch('/api/profile', { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
  });

  it('saves one field at a time and reads them back', async () => {
    const { cookie } = await createUser(t);
    expect((await patch(cookie, { field: 'jobTitle', value: 'Front-End Developer' })).status).toBe(
      200,
    );
    expect((await patch(cookie, { field: 'profession', value: 'Tech' })).status).toBe(200);
    expect(
      (await patch(cookie, { field: 'links', value: ['https://example.com/me'] })).status,
    ).toBe(200);
    expect(
      (await patch(cookie, { field: 'jobTitle', value: '  Engineering Manager ' })).status,
    ).toBe(200);
    expect((await patch(cookie, { field: 'displayName', value: 'Mei Chen' })).status).toBe(200);
    const profile = await (await t.fetch('/api/profile', { headers: { Cookie: cookie } })).json();
    expect(profile).toEqual({
      jobTitle: 'Engineering Manager',
      profession: 'Tech',
      links: ['https://example.com/me'],
    });
    expect((await (await me(cookie)).json()).displayName).toBe('Mei Chen');
  });

  it('saves a link typed without https:// with it, as the page does', async () => {
    const { cookie } = await createUser(t);
    const res = await patch(cookie, {
      field: 'links',
      value: [' linkedin.com/in/ana ', 'https://ana.example.com'],
    });
    expect(res.status).toBe(200);
    const profile = await (await t.fetch('/api/profile', { headers: { Cookie: cookie } })).json();
    expect(profile.links).toEqual(['https://linkedin.com/in/ana', 'https://ana.example.com']);
  });

  it.each([
    ['a link that is no web address', { field: 'links', value: ['my linkedin'] }],
    ['an unknown field', { field: 'stripeRole', value: 'premium' }],
    ['two fields at once', { field: 'bio', value: 'x', headline: 'y' }],
    ['an unknown profession', { field: 'profession', value: 'Astronaut' }],
    ['an empty name', { field: 'displayName', value: '   ' }],
    ['a javascript: link', { field: 'links', value: ['javascript:alert(1)'] }],
    ['a bio over 1000 characters', { field: 'bio', value: 'x'.repeat(1001) }],
  ])('rejects %s with 400 and changes nothing', async (_label, body) => {
    const { cookie } = await createUser(t);
    const res = await patch(cookie, body);
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('invalid-argument');
    expect(await (await t.fetch('/api/profile', { headers: { Cookie: cookie } })).json()).toEqual(
      {},
    );
    expect((await (await me(cookie)).json()).stripeRole).toBe('free');
  });

  it('exports all of the user’s data as a JSON download without secrets', async () => {
    const { cookie, email, id } = await createUser(t);
    await patch(cookie, { field: 'headline', value: 'Product designer in fintech' });
    await t.fetch('/api/analytics/events', {
      ...postJson({ events: [{ type: 'page_view', path: '/grammar', hash: '' }] }),
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
    });
    await t.db.db
      .insertInto('points_event')
      .values({
        user_id: id,
        source: 'question:q1',
        tag: 'total',
        points: 10,
        created_at: '2026-11-01T10:00:00.000Z',
      })
      .execute();
    await t.db.db
      .insertInto('word_set_best')
      .values({
        user_id: id,
        set_id: 'negotiation',
        match_ms: 23_400,
        played_at: '2026-11-02T09:00:00.000Z',
      })
      .execute();
    const res = await t.fetch('/api/me/export', { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="skillway-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const text = await res.text();
    const data = JSON.parse(text);
    expect(data.user).toMatchObject({ uid: id, email, stripeRole: 'free' });
    expect(data.profile.headline.value).toBe('Product designer in fintech');
    expect(data.signInMethods).toEqual([expect.objectContaining({ provider: 'password' })]);
    expect(data.analyticsEvents).toEqual([
      expect.objectContaining({ type: 'page_view', path: '/grammar' }),
    ]);
    expect(data.pointsLedger).toEqual([
      { source: 'question:q1', tag: 'total', points: 10, created_at: '2026-11-01T10:00:00.000Z' },
    ]);
    for (const key of [
      'grammarAnswers',
      'quizAttempts',
      'topicScores',
      'itemRecords',
      'itemVisits',
      'reviewCards',
      'reviewLog',
    ])
      expect(data[key], key).toEqual([]);
    expect(data.matchBests).toEqual([
      { set_id: 'negotiation', match_ms: 23_400, played_at: '2026-11-02T09:00:00.000Z' },
    ]);
    expect(data.subscription).toBeNull();
    expect(text).not.toMatch(/argon2|session_token|"token"/);
  });

  it('deleting an account clears exactly its own sign-in limit rows, not those of a look-alike address, and keeps its mail counters', async () => {
    // `_` is a LIKE wildcard: caro_… must not reach carol…'s rows.
    const suffix = uniqueEmail('').replace(/@.*/, '');
    const gone = await createUser(t, { email: `caro_${suffix}@example.com` });
    const kept = await createUser(t, { email: `carol${suffix}@example.com` });
    const keysOf = async (email: string) =>
      (await t.db.db.selectFrom('rate_limit_bucket').select('key').execute())
        .map((r) => r.key)
        .filter((k) => k.includes(email));
    const guesser = nextIp();
    for (const { email } of [gone, kept]) {
      const from = email === kept.email ? guesser : nextIp();
      for (let i = 0; i < SIGN_IN_FAILURES.perClient; i++)
        await authPost(t, '/sign-in/email', { email, password: `guess ${i}` }, undefined, from);
    }
    await authPost(t, '/request-password-reset', { email: gone.email, redirectTo: '/' });
    const keptBefore = await keysOf(kept.email);
    expect(keptBefore.length).toBeGreaterThanOrEqual(2);
    expect((await keysOf(gone.email)).length).toBeGreaterThanOrEqual(3);

    const res = await t.fetch('/api/me', {
      method: 'DELETE',
      headers: { 'Content-Type': 'application/json', Cookie: gone.cookie },
      body: JSON.stringify({ confirmEmail: gone.email }),
    });
    expect(res.status).toBe(200);
    // The mail counters protect the address, whoever signs up with it next.
    expect((await keysOf(gone.email)).sort()).toEqual([
      `mail-reset-password:${gone.email}`,
      `mail-verify-email:${gone.email}`,
    ]);
    expect((await keysOf(kept.email)).sort()).toEqual(keptBefore.sort());
    // carol's lock still holds for the guesser.
    const locked = await authPost(
      t,
      '/sign-in/email',
      { email: kept.email, password: PASSWORD },
      undefined,
      guesser,
    );
    expect(locked.status).toBe(429);
  });

  it('deletes the account and every row it owned, ending its sessions', async () => {
    const { cookie, email, id } = await createUser(t);
    await patch(cookie, { field: 'bio', value: 'Here to learn.' });
    await t.fetch('/api/analytics/events', {
      ...postJson({ events: [{ type: 'page_view', path: '/', hash: '' }] }),
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
    });
    const wrong = await t.fetch('/api/me', {
      method: 'DELETE',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ confirmEmail: 'someone-else@example.com' }),
    });
    expect(wrong.status).toBe(400);
    expect((await me(cookie)).status).toBe(200);

    const res = await t.fetch('/api/me', {
      method: 'DELETE',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ confirmEmail: email.toUpperCase() }),
    });
    expect(res.status).toBe(200);
    expect((await me(cookie)).status).toBe(401);
    const db = t.db.db;
    const counts = await Promise.all([
      db
        .selectFrom('user')
        .select(db.fn.countAll().as('n'))
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('session')
        .select(db.fn.countAll().as('n'))
        .where('userId', '=', id)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('account')
        .select(db.fn.countAll().as('n'))
        .where('userId', '=', id)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('profile_field')
        .select(db.fn.countAll().as('n'))
        .where('user_id', '=', id)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('storage_object')
        .select(db.fn.countAll().as('n'))
        .where('owner_id', '=', id)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('analytics_event')
        .select(db.fn.countAll().as('n'))
        .where('user_id', '=', id)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('mail_outbox')
        .select(db.fn.countAll().as('n'))
        .where('to_address', '=', email)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('verification')
        .select(db.fn.countAll().as('n'))
        .where('value', '=', id)
        .executeTakeFirstOrThrow(),
    ]);
    expect(counts.map((c) => Number(c.n))).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    // The address is free again.
    expect((await authPost(t, '/sign-in/email', { email, password: PASSWORD })).status).toBe(401);
  });
});
