import type { Db } from '../db/client';
import type { TestServer } from './support';

let ip = 0;
/** A fresh client address, so tests behind the trusted proxy (127.0.0.1) do not share IP limits. */
export function nextIp(): string {
  ip++;
  return `198.51.${Math.floor(ip / 250) % 250}.${(ip % 250) + 1}`;
}

/**
 * Requests Better Auth accepts: same-origin (its origin check is on in tests), from a
 * client address of their own unless one is given (servers started with TRUSTED_PROXIES).
 */
export function authPost(
  t: TestServer,
  path: string,
  body: unknown,
  cookie?: string,
  clientIp = nextIp(),
): Promise<Response> {
  return t.fetch(`/api/auth${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Origin: t.config.appUrl,
      'X-Forwarded-For': clientIp,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: JSON.stringify(body),
    redirect: 'manual',
  });
}

/** The session cookie a response sets, as a Cookie header value ('' when none). */
export function sessionCookie(res: Response): string {
  const c = res.headers
    .getSetCookie()
    .find((s) => s.includes('session_token=') && !/Max-Age=0/i.test(s));
  return c ? (c.split(';')[0] ?? '') : '';
}

/** The newest outbox mail's link for an address and kind. */
export async function latestMailLink(
  t: TestServer,
  to: string,
  kind: 'verify-email' | 'reset-password' | 'team-invitation',
): Promise<string> {
  const row = await t.db.db
    .selectFrom('mail_outbox')
    .select('link')
    .where('to_address', '=', to)
    .where('kind', '=', kind)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  return row.link ?? '';
}

/** Confirms an address through the newest verification link mailed to it. */
export async function verifyEmail(t: TestServer, email: string): Promise<void> {
  const link = new URL(await latestMailLink(t, email, 'verify-email'));
  const v = await t.fetch(`${link.pathname}${link.search}`, { redirect: 'manual' });
  if (v.status >= 400) throw new Error(`verification failed: ${v.status}`);
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter++;
  return `${prefix}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export const PASSWORD = 'correct horse battery';

/** Signs a new user up and in; returns the Cookie header value and the address. */
export async function createUser(
  t: TestServer,
  opts: { email?: string; name?: string; verified?: boolean } = {},
): Promise<{ email: string; cookie: string; id: string }> {
  const email = opts.email ?? uniqueEmail();
  const up = await authPost(t, '/sign-up/email', {
    email,
    password: PASSWORD,
    name: opts.name ?? 'Test User',
  });
  if (up.status !== 200) throw new Error(`sign-up failed: ${up.status} ${await up.text()}`);
  if (opts.verified) await verifyEmail(t, email);
  const res = await authPost(t, '/sign-in/email', { email, password: PASSWORD });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const row = await t.db.db
    .selectFrom('user')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return { email, cookie: sessionCookie(res), id: row.id };
}

/**
 * A JSON request to the test server as the holder of `cookie` (null: a guest). Takes the
 * server lazily, since files start it in beforeAll: `const call = jsonCall(() => t)`.
 */
export function jsonCall(server: () => TestServer) {
  return (cookie: string | null, method: string, path: string, body?: unknown) =>
    server().fetch(path, {
      method,
      headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
}

/**
 * Starts the hourly team-creation and invitation counters again. For the tests that ask
 * who may do what (the authorization matrix, fuzzing), whose setup creates more teams and
 * invitations than an hour allows; the limits have their own test in
 * server/features/teams/teams.test.ts.
 */
export async function clearTeamLimits(db: Db): Promise<void> {
  await db
    .deleteFrom('rate_limit_bucket')
    .where((eb) =>
      eb.or(
        ['teams-created:', 'invitations-sent:', 'team-invitations:', 'team-joins:'].map((scope) =>
          eb('key', 'like', `${scope}%`),
        ),
      ),
    )
    .execute();
}
