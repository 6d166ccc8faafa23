import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { codeForStatus } from '../../core/errors';
import type { Config } from '../config';
import type { Db } from '../db/client';
import {
  errorBody,
  foreignOrigin,
  invalidArgument,
  notFound,
  tooManyRequests,
} from '../http/errors';
import { requestAddress } from '../http/client-address';
import type { AppEnv } from '../http/env';
import { findNul } from '../http/validate';
import type { Auth } from './auth';
import { recordSignInFailure, recordSignInSuccess, signInAllowed } from './limits';
import { passwordProblem } from './password';
import type { SessionUser } from './session';

/** Better Auth under /api/auth, with the client's real address and our error envelope. */
export function authRoutes(auth: Auth, db: Db, config: Config) {
  const trusted = new Set(config.trustedProxies);
  return new Hono<AppEnv>().on(['GET', 'POST'], '/*', async (c) => {
    const req = c.req.raw;
    // Better Auth keys its rate limits on X-Forwarded-For, which any client can forge:
    // keep it only from a trusted proxy, otherwise replace it with the socket address.
    const client = requestAddress(c, trusted);
    req.headers.set('x-forwarded-for', client);

    const subPath = c.req.path.slice('/api/auth'.length);
    // Teams are reached through /api/teams only (authorized, fuzzed, in our envelope):
    // the organization plugin's own endpoints stay closed (docs/decisions/034-teams.md).
    if (subPath === '/organization' || subPath.startsWith('/organization/'))
      throw notFound('Not found.');
    let signInEmail: string | null = null;
    // Changing the password or the address checks the current password: a wrong one counts
    // as a failed sign-in for the account's address, so a borrowed session cannot guess it
    // faster than sign-in.
    const passwordCheckEmail =
      c.req.method === 'POST' && (subPath === '/change-password' || subPath === '/change-email')
        ? (c.var.user?.email ?? null)
        : null;
    if (c.req.method === 'POST') {
      const text = await req
        .clone()
        .text()
        .catch(() => '');
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Not JSON: the raw text is what is checked; Better Auth answers the rest.
      }
      // PostgreSQL text cannot hold U+0000: Better Auth would store it and fail with a 500.
      if (findNul(parsed) !== null)
        throw invalidArgument('Text may not contain the NUL character (U+0000).');
      const problem = await newPasswordProblem(auth, db, subPath, parsed, c.var.user);
      if (problem) throw invalidArgument(problem);
      const email = (parsed as { email?: unknown } | null)?.email;
      if (subPath === '/sign-in/email' && typeof email === 'string' && email.trim())
        signInEmail = email;
    }

    if (passwordCheckEmail) {
      const r = await signInAllowed(db, passwordCheckEmail, client);
      if (!r.allowed)
        throw tooManyRequests(
          'Too many wrong passwords from here. Please wait and try again.',
          r.retryAfter,
        );
      const res = await auth.handler(req);
      const reason =
        res.status === 400
          ? (
              (await res
                .clone()
                .json()
                .catch(() => ({}))) as { code?: string }
            ).code
          : undefined;
      if (reason === 'INVALID_PASSWORD') await recordSignInFailure(db, passwordCheckEmail, client);
      else if (res.ok) await recordSignInSuccess(db, passwordCheckEmail, client);
      return toEnvelope(res, config, c.req.header('origin'));
    }
    // Wrong passwords count per address and client (limits.ts); Better Auth's per-IP
    // limit already holds every attempt.
    if (signInEmail) {
      const r = await signInAllowed(db, signInEmail, client);
      if (!r.allowed)
        throw tooManyRequests(
          'Too many wrong passwords for this address from here. Please wait and try again.',
          r.retryAfter,
        );
      const res = await auth.handler(req);
      if (res.status === 401) await recordSignInFailure(db, signInEmail, client);
      else if (res.ok) await recordSignInSuccess(db, signInEmail, client);
      return toEnvelope(res, config, c.req.header('origin'));
    }
    return toEnvelope(await auth.handler(req), config, c.req.header('origin'));
  });
}

/**
 * Sign-up, reset and change-password choose a new password: refuse common ones and the
 * account's own address or name (for a reset, the account the token belongs to).
 */
async function newPasswordProblem(
  auth: Auth,
  db: Db,
  subPath: string,
  body: unknown,
  user: SessionUser | null,
): Promise<string | null> {
  if (typeof body !== 'object' || body === null) return null;
  const b = body as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  if (subPath === '/sign-up/email') {
    const password = str(b.password);
    return password && passwordProblem(password, { email: str(b.email), name: str(b.name) });
  }
  if (subPath === '/change-password') {
    const password = str(b.newPassword);
    return password && passwordProblem(password, { email: user?.email, name: user?.name });
  }
  if (subPath === '/reset-password') {
    const password = str(b.newPassword);
    const token = str(b.token);
    if (!password) return null;
    const ctx = await auth.$context;
    const found = token
      ? await ctx.internalAdapter.findVerificationValue(`reset-password:${token}`)
      : null;
    const owner = found
      ? await db
          .selectFrom('user')
          .select(['email', 'name'])
          .where('id', '=', found.value)
          .executeTakeFirst()
      : undefined;
    return passwordProblem(password, owner ?? {});
  }
  return null;
}

/** Better Auth's errors become `{error:{code,message,reason}}`; everything else passes. */
async function toEnvelope(
  res: Response,
  config: Config,
  origin: string | undefined,
): Promise<Response> {
  if (res.status < 400) return res;
  const json = (res.headers.get('content-type') ?? '').includes('application/json');
  // Errors without a JSON body (a bare 500, say) get the envelope too, and no internals.
  const body = (json ? await res.json().catch(() => ({})) : {}) as {
    code?: string;
    message?: string;
  };
  if (!json) await res.body?.cancel();
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  const retry = headers.get('x-retry-after');
  if (res.status === 429 && retry) headers.set('Retry-After', retry);
  let message = body.message ?? 'The request could not be completed.';
  if (res.status === 429) message = 'Too many attempts. Please wait a minute and try again.';
  else if (res.status >= 500) message = 'Something went wrong on our side. Please try again.';
  // Better Auth's "Invalid origin" does not say which origin it wants.
  else if (body.code === 'INVALID_PASSWORD')
    message = 'That is not your current password. Check it and try again.';
  else if (body.code === 'CREDENTIAL_ACCOUNT_NOT_FOUND')
    message = 'This account signs in without a password, so it has none to change.';
  else if (body.code === 'INVALID_ORIGIN' || body.code === 'MISSING_OR_NULL_ORIGIN')
    message = foreignOrigin(origin, config.allowedOrigins[0] ?? config.appUrl).message;
  const envelope = {
    error: { ...errorBody(codeForStatus(res.status), message).error, reason: body.code ?? null },
  };
  return new Response(JSON.stringify(envelope), {
    status: res.status as ContentfulStatusCode,
    headers,
  });
}
