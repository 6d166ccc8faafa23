import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_FAILURES } from '../../../core/limits';
import { startTestServer, testDialect, type TestServer } from '../../test/support';
import {
  PASSWORD,
  authPost,
  createUser,
  nextIp,
  sessionCookie,
  uniqueEmail,
} from '../../test/users';

// Changing the password and the email address on the profile page (requirements §2.3, §2.4;
// decision 043). Both go through Better Auth's routes under /api/auth.

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ env: { TRUSTED_PROXIES: '127.0.0.1' } });
});
afterAll(() => t.close());

const me = async (cookie: string) =>
  (await t.fetch('/api/me', { headers: { Cookie: cookie } })).json() as Promise<{
    email: string;
    emailVerified: boolean;
  }>;
const signIn = (email: string, password = PASSWORD) =>
  authPost(t, '/sign-in/email', { email, password });
const pending = async (cookie: string) =>
  (await t.fetch('/api/profile/email-change', { headers: { Cookie: cookie } })).json() as Promise<{
    newEmail: string | null;
  }>;
const mails = (to: string) =>
  t.db.db
    .selectFrom('mail_outbox')
    .select(['kind', 'link', 'subject', 'text_body'])
    .where('to_address', '=', to)
    .orderBy('created_at')
    .execute();

describe(`changing the password (${testDialect})`, () => {
  it('takes the current password and a new one; only the new one signs in after', async () => {
    const { email, cookie } = await createUser(t);
    const other = sessionCookie(await signIn(email));
    const res = await authPost(
      t,
      '/change-password',
      { currentPassword: PASSWORD, newPassword: 'a brand new passphrase' },
      cookie,
    );
    expect(res.status).toBe(200);
    expect((await signIn(email)).status).toBe(401);
    expect((await signIn(email, 'a brand new passphrase')).status).toBe(200);
    // Other devices stay signed in unless asked otherwise.
    expect((await t.fetch('/api/me', { headers: { Cookie: other } })).status).toBe(200);
  });

  it('signs out every other device when asked, keeping this one signed in', async () => {
    const { email, cookie } = await createUser(t);
    const other = sessionCookie(await signIn(email));
    const res = await authPost(
      t,
      '/change-password',
      {
        currentPassword: PASSWORD,
        newPassword: 'another new passphrase',
        revokeOtherSessions: true,
      },
      cookie,
    );
    expect(res.status).toBe(200);
    const fresh = sessionCookie(res);
    expect(fresh).not.toBe('');
    expect((await t.fetch('/api/me', { headers: { Cookie: fresh } })).status).toBe(200);
    expect((await t.fetch('/api/me', { headers: { Cookie: other } })).status).toBe(401);
    expect((await t.fetch('/api/me', { headers: { Cookie: cookie } })).status).toBe(401);
  });

  it('refuses a wrong current password with a clear 400, changing nothing', async () => {
    const { email, cookie } = await createUser(t);
    const res = await authPost(
      t,
      '/change-password',
      { currentPassword: 'not my password', newPassword: 'a brand new passphrase' },
      cookie,
    );
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error.code).toBe('invalid-argument');
    expect(error.message).toBe('That is not your current password. Check it and try again.');
    expect((await signIn(email)).status).toBe(200);
  });

  it('counts wrong current passwords as failed sign-ins: the fifth from one client is the last', async () => {
    const { email, cookie } = await createUser(t);
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i <= SIGN_IN_FAILURES.perClient; i++) {
      const res = await authPost(
        t,
        '/change-password',
        { currentPassword: `wrong ${i}`, newPassword: 'a brand new passphrase' },
        cookie,
        ip,
      );
      statuses.push(res.status);
      if (res.status === 429) {
        expect((await res.json()).error.code).toBe('resource-exhausted');
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    // The same client is held up for the account's sign-in too; the password is unchanged.
    expect(
      (await authPost(t, '/sign-in/email', { email, password: PASSWORD }, undefined, ip)).status,
    ).toBe(429);
    expect((await signIn(email)).status).toBe(200);
  });

  it('applies the new-password rules and needs a session', async () => {
    const { cookie } = await createUser(t);
    const short = await authPost(
      t,
      '/change-password',
      { currentPassword: PASSWORD, newPassword: 'short' },
      cookie,
    );
    expect(short.status).toBe(400);
    const guest = await authPost(t, '/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'a brand new passphrase',
    });
    expect(guest.status).toBe(401);
  });
});

describe(`changing the email address (${testDialect})`, () => {
  it('sends a link to the new address and changes it only when the link is opened', async () => {
    const { email, cookie } = await createUser(t, { verified: true });
    const newEmail = uniqueEmail('moved').toUpperCase();
    const res = await authPost(
      t,
      '/change-email',
      { currentPassword: PASSWORD, newEmail, callbackURL: '/user/verified' },
      cookie,
    );
    expect(res.status).toBe(200);
    const lower = newEmail.toLowerCase();

    // Nothing changed yet; the profile knows where the link went.
    expect(await me(cookie)).toMatchObject({ email, emailVerified: true });
    expect(await pending(cookie)).toMatchObject({ newEmail: lower });
    expect((await signIn(lower)).status).toBe(401);
    const [link] = await mails(lower);
    expect(link).toMatchObject({
      kind: 'change-email',
      subject: 'Confirm your new email address for Skillway',
    });
    expect(link?.text_body).toContain(link?.link ?? '');

    const url = new URL(link?.link ?? '');
    const opened = await t.fetch(`${url.pathname}${url.search}`, { redirect: 'manual' });
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe('/user/verified');

    expect(await me(cookie)).toMatchObject({ email: lower, emailVerified: true });
    expect(await pending(cookie)).toEqual({ newEmail: null, expiresAt: null });
    expect((await signIn(lower)).status).toBe(200);
    expect((await signIn(email)).status).toBe(401);
    // The old address is told, without the new one spelled out in full.
    const notice = (await mails(email)).find((m) => m.kind === 'email-changed');
    expect(notice?.subject).toBe('Your Skillway email address was changed');
    expect(notice?.text_body).toContain(`${lower.slice(0, 1)}•••@example.com`);
    expect(notice?.text_body).not.toContain(lower);
    // The link worked once: opened again it changes nothing.
    const again = await t.fetch(`${url.pathname}${url.search}`, { redirect: 'manual' });
    expect(again.headers.get('location')).toMatch(/error=/);
  });

  it('answers an address that already has an account exactly like a free one, and tells only that address', async () => {
    const taken = await createUser(t);
    const { email, cookie } = await createUser(t, { verified: true });
    const free = uniqueEmail('free');
    const toTaken = await authPost(
      t,
      '/change-email',
      { currentPassword: PASSWORD, newEmail: taken.email },
      cookie,
    );
    const toFree = await authPost(
      t,
      '/change-email',
      { currentPassword: PASSWORD, newEmail: free },
      cookie,
    );
    expect(toTaken.status).toBe(200);
    expect(await toTaken.json()).toEqual(await toFree.json());

    const takenMails = await mails(taken.email);
    expect(takenMails.map((m) => m.kind)).toEqual(['verify-email', 'email-in-use']);
    expect(takenMails[1]?.subject).toBe('This address already has a Skillway account');
    expect(takenMails[1]?.text_body).not.toContain(email);
    // Nothing changed for either account.
    expect((await me(cookie)).email).toBe(email);
    expect((await me(taken.cookie)).email).toBe(taken.email);
  });

  it('asks a password account for its current password; a wrong one changes nothing and counts', async () => {
    const { cookie } = await createUser(t);
    const newEmail = uniqueEmail('stolen-session');
    const missing = await authPost(t, '/change-email', { newEmail }, cookie);
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.message).toBe(
      'Enter your current password to change your email address.',
    );
    const ip = nextIp();
    const wrong = await authPost(
      t,
      '/change-email',
      { newEmail, currentPassword: 'not my password' },
      cookie,
      ip,
    );
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.message).toBe(
      'That is not your current password. Check it and try again.',
    );
    expect(await mails(newEmail)).toEqual([]);
    expect(await pending(cookie)).toEqual({ newEmail: null, expiresAt: null });
    const failures = await t.db.db
      .selectFrom('rate_limit_bucket')
      .select('count')
      .where('key', 'like', 'sign-in-failures:%')
      .where('key', 'like', `%:${ip}`)
      .execute();
    expect(failures.map((f) => Number(f.count))).toEqual([1]);
  });

  it('refuses a malformed address or the current one with a clear 400, and guests with 401', async () => {
    const { email, cookie } = await createUser(t);
    for (const [newEmail, message] of [
      ['not an address', 'Enter an email address like name@company.com.'],
      [email.toUpperCase(), 'This is already your email address.'],
    ] as const) {
      const res = await authPost(
        t,
        '/change-email',
        { currentPassword: PASSWORD, newEmail },
        cookie,
      );
      expect(res.status, newEmail).toBe(400);
      const { error } = await res.json();
      expect(error).toMatchObject({ code: 'invalid-argument', message });
    }
    expect(await pending(cookie)).toEqual({ newEmail: null, expiresAt: null });
    const guest = await authPost(t, '/change-email', { newEmail: uniqueEmail() });
    expect(guest.status).toBe(401);
    expect((await t.fetch('/api/profile/email-change')).status).toBe(401);
  });

  it('changes nothing when the new address got an account before the link was opened', async () => {
    const { email, cookie } = await createUser(t, { verified: true });
    const newEmail = uniqueEmail('raced');
    expect(
      (await authPost(t, '/change-email', { currentPassword: PASSWORD, newEmail }, cookie)).status,
    ).toBe(200);
    await createUser(t, { email: newEmail });
    const [link] = (await mails(newEmail)).filter((m) => m.kind === 'change-email');
    const url = new URL(link?.link ?? '');
    const opened = await t.fetch(`${url.pathname}${url.search}`, { redirect: 'manual' });
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toMatch(/^\/user\/verified\?error=/);
    expect((await me(cookie)).email).toBe(email);
  });

  it('refuses a made-up verification link without a 5xx', async () => {
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    for (const token of [
      'not-a-token',
      `x.${b64(null)}.y`,
      `x.${b64('text')}.y`,
      `x.${b64({ updateTo: 42 })}.y`,
    ]) {
      const res = await t.fetch(`/api/auth/verify-email?token=${encodeURIComponent(token)}`, {
        redirect: 'manual',
      });
      expect(res.status, token).toBeLessThan(500);
      expect(res.status, token).toBeGreaterThanOrEqual(300);
    }
  });

  it('confirms the new address of an unconfirmed account, and sends the old one nothing', async () => {
    const { email, cookie } = await createUser(t);
    const newEmail = uniqueEmail('fixed-typo');
    expect(
      (await authPost(t, '/change-email', { currentPassword: PASSWORD, newEmail }, cookie)).status,
    ).toBe(200);
    const [link] = await mails(newEmail);
    const url = new URL(link?.link ?? '');
    expect(
      (await t.fetch(`${url.pathname}${url.search}`, { redirect: 'manual' })).status,
    ).toBeLessThan(400);
    expect(await me(cookie)).toMatchObject({ email: newEmail, emailVerified: true });
    expect((await mails(email)).map((m) => m.kind)).toEqual(['verify-email']);
  });

  it('keeps only the newest request on the profile, and forgets it when the account is deleted', async () => {
    const { email, cookie, id } = await createUser(t);
    await authPost(
      t,
      '/change-email',
      { currentPassword: PASSWORD, newEmail: uniqueEmail('first') },
      cookie,
    );
    const second = uniqueEmail('second');
    await authPost(t, '/change-email', { currentPassword: PASSWORD, newEmail: second }, cookie);
    expect(await pending(cookie)).toMatchObject({ newEmail: second });
    const exported = await (
      await t.fetch('/api/me/export', { headers: { Cookie: cookie } })
    ).json();
    expect(exported.user.pendingEmail).toBe(second);
    const del = await t.fetch('/api/me', {
      method: 'DELETE',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ confirmEmail: email }),
    });
    expect(del.status).toBe(200);
    const rows = await t.db.db
      .selectFrom('verification')
      .select('id')
      .where('identifier', '=', `change-email:${id}`)
      .execute();
    expect(rows).toEqual([]);
  });
});
