import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { CompiledQuery, type InferResult } from 'kysely';
import type { Db } from '../db/client';
import { toDate } from '../db/schema';
import { unauthenticated } from '../http/errors';
import { requestHeader } from '../http/headers';
import { sessionCookieName } from './auth';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  image: string | null;
  emailVerified: boolean;
  stripeRole: 'free' | 'premium';
  joined: string | null;
  sessionId: string;
  sessionUpdatedAt: Date;
  sessionExpiresAt: Date;
}

function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/**
 * The token inside Better Auth's signed cookie: `encodeURIComponent(token + "." +
 * base64(HMAC-SHA256(secret, token)))`. Returns null unless the signature verifies.
 */
export function verifySessionCookie(raw: string, secret: string): string | null {
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/** Verified cookies remembered per secret; past this many, the memo starts over. */
export const VERIFIED_COOKIES_KEPT = 10_000;

/**
 * `verifySessionCookie` for one secret, remembering the cookies that verified: a signed-in
 * client sends the same cookie on every request, and the HMAC was a tenth of a hot write's
 * CPU. The answer is a pure function of secret and cookie, so remembering it changes no
 * outcome: a session is still read from the database on every request, so sign-out and
 * revocation take effect at once, on every app server. Cookies that fail are not kept (a
 * client sending junk cannot grow the memo), and the memo is bounded.
 */
export function cookieVerifier(secret: string, kept = VERIFIED_COOKIES_KEPT) {
  const verified = new Map<string, string>();
  return (raw: string): string | null => {
    const hit = verified.get(raw);
    if (hit !== undefined) return hit;
    const token = verifySessionCookie(raw, secret);
    if (token === null) return null;
    if (verified.size >= kept) verified.clear();
    verified.set(raw, token);
    return token;
  };
}

/**
 * Resolves the session user once per request without calling into Better Auth (whose
 * handler costs ~1.5 ms per call): verify the cookie's signature with the same secret,
 * then read session and user by token in one indexed query. Expired or revoked sessions
 * (deleted rows) resolve to null. Sets `c.var.user` (or null).
 */
export function sessionMiddleware<E extends { Variables: { user: SessionUser | null } }>(
  db: Db,
  opts: { secret: string; secure: boolean },
): MiddlewareHandler<E> {
  const cookieName = sessionCookieName(opts.secure);
  const verify = cookieVerifier(opts.secret);
  return async (c, next) => {
    const cookie = requestHeader(c, 'cookie');
    c.set('user', await resolveSessionUser(db, cookie, cookieName, verify));
    await next();
  };
}

function sessionQuery(db: Db) {
  return db
    .selectFrom('session')
    .innerJoin('user', 'user.id', 'session.userId')
    .select([
      'session.id as sessionId',
      'session.expiresAt',
      'session.updatedAt as sessionUpdatedAt',
      'user.id',
      'user.email',
      'user.name',
      'user.image',
      'user.emailVerified',
      'user.stripeRole',
      'user.joined',
    ])
    .where('session.token', '=', '');
}
type SessionRow = InferResult<ReturnType<typeof sessionQuery>>[number];

const sessionSql = new WeakMap<Db, string>();

/**
 * Session and user by token, in one indexed query. It runs on every signed-in request, so
 * it is built and compiled once per database; each call only binds the token.
 */
function bySessionToken(db: Db, token: string): CompiledQuery<SessionRow> {
  let text = sessionSql.get(db);
  if (text === undefined) {
    text = sessionQuery(db).compile().sql;
    sessionSql.set(db, text);
  }
  return CompiledQuery.raw(text, [token]) as CompiledQuery<SessionRow>;
}

/**
 * The user of the session a Cookie header names, or null. `secret` verifies the cookie's
 * signature; a `cookieVerifier` does the same and remembers the cookies that verified.
 */
export async function resolveSessionUser(
  db: Db,
  cookieHeader: string | undefined,
  cookieName: string,
  secret: string | ((raw: string) => string | null),
  now = new Date(),
): Promise<SessionUser | null> {
  const raw = readCookie(cookieHeader, cookieName);
  if (!raw) return null;
  const token = typeof secret === 'string' ? verifySessionCookie(raw, secret) : secret(raw);
  if (!token) return null;
  const row = (await db.executeQuery(bySessionToken(db, token))).rows[0];
  if (!row) return null;
  const expiresAt = toDate(row.expiresAt);
  if (expiresAt.getTime() <= now.getTime()) return null;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    image: row.image,
    emailVerified: row.emailVerified === true || row.emailVerified === 1,
    // Anything but an explicit premium is free (spec: default free, free on error).
    stripeRole: row.stripeRole === 'premium' ? 'premium' : 'free',
    joined: row.joined,
    sessionId: row.sessionId,
    sessionUpdatedAt: toDate(row.sessionUpdatedAt),
    sessionExpiresAt: expiresAt,
  };
}

/**
 * The signed-in user, or a 401 `unauthenticated`. Reads through `c.get`: Hono's `c.var`
 * copies every variable into a new object on each access.
 */
export function requireUser(c: { get: (key: 'user') => SessionUser | null }): SessionUser {
  const user = c.get('user');
  if (!user) throw unauthenticated();
  return user;
}
