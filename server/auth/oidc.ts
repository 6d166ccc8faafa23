import { randomUUID } from 'node:crypto';
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

/** Whether an address may sign in through the provider: any, or one of its domains. */
export function oidcAllows(oidc: NonNullable<Config['oidc']>, email: string): boolean {
  if (oidc.domains.length === 0) return true;
  const domain = email.toLowerCase().split('@').pop() ?? '';
  return oidc.domains.includes(domain);
}

/**
 * After a sign-in through the provider: the person joins its team as a member, once. The
 * unique (team, user) index keeps two sign-ins at once (two app servers) to one membership.
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
    logger.warn({ slug }, 'OIDC_TEAM names no team: create it, or correct the address');
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
