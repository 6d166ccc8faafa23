import { randomUUID } from 'node:crypto';
import { emailDomain, isEmailAddress } from '../../core/account/email';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Logger } from '../logger';

/** The provider id of the organization's OpenID Connect sign-in (its callback path ends in it). */
export const OIDC_PROVIDER_ID = 'oidc';

/**
 * Whether a request is the organization provider's sign-in callback: Better Auth's
 * /callback/:id (generic OAuth providers share it with the social ones).
 */
export function isOidcCallback(
  ctx: { path?: string; params?: unknown } | null | undefined,
): boolean {
  const params = ctx?.params as { id?: unknown } | undefined;
  return !!ctx?.path?.startsWith('/callback/') && params?.id === OIDC_PROVIDER_ID;
}

/**
 * Whether a request asks the organization's provider for an account or a session: its
 * callback, or a request naming it (/sign-in/social, /link-social).
 */
export function isOidcRequest(
  ctx: { path?: string; params?: unknown; body?: unknown } | null | undefined,
): boolean {
  const body = ctx?.body as { provider?: unknown; providerId?: unknown } | null | undefined;
  return (
    isOidcCallback(ctx) ||
    body?.provider === OIDC_PROVIDER_ID ||
    body?.providerId === OIDC_PROVIDER_ID
  );
}

/**
 * Whether an address may sign in through the provider: a well-formed address (the
 * sign-up rule: one @, no spaces or control characters), of one of its domains (exactly,
 * in any case) when it has some.
 */
export function oidcAllows(oidc: NonNullable<Config['oidc']>, email: unknown): boolean {
  const domain = emailDomain(email);
  if (domain === null) return false;
  return oidc.domains.length === 0 || oidc.domains.includes(domain);
}

/**
 * Why the provider's claims (ID token or userinfo, as it sent them) may not make, link or
 * sign in an account here, or null when they may: it must vouch for the address
 * (`email_verified` exactly true), and the address must pass oidcAllows.
 */
export function oidcRefusal(
  oidc: NonNullable<Config['oidc']>,
  claims: { email?: unknown; email_verified?: unknown },
): string | null {
  if (claims.email_verified !== true) return 'the provider does not vouch for the address';
  if (!isEmailAddress(claims.email)) return 'the address is malformed';
  if (!oidcAllows(oidc, claims.email)) return 'the address is outside OIDC_EMAIL_DOMAINS';
  return null;
}

/**
 * An account made through the provider joins its team as a member — when it is made, not
 * at every sign-in, so whoever leaves or is removed stays out. The unique (team, user)
 * index keeps this to one membership whatever else adds them.
 * A team that does not exist is a setup mistake, said in the log; the sign-in still works.
 */
export async function joinOidcTeam(
  db: Db,
  slug: string,
  userId: string,
  logger: Logger,
): Promise<void> {
  const team = await db
    .selectFrom('organization')
    .select('id')
    .where('slug', '=', slug)
    .executeTakeFirst();
  if (!team) {
    logger.warn(
      { slug },
      'OIDC_TEAM names no team: create it (npm run team -- create), or correct the address',
    );
    return;
  }
  await db
    .insertInto('member')
    .values({
      id: randomUUID(),
      organizationId: team.id,
      userId,
      role: 'member',
      createdAt: new Date().toISOString(),
    })
    .onConflict((oc) => oc.columns(['organizationId', 'userId']).doNothing())
    .execute();
}
