import { randomUUID } from 'node:crypto';
import { teamSlugProblem } from '../../../core/teams/teams';
import { teamNameProblem } from '../../../core/teams/onboarding';
import type { Db } from '../../db/client';

/**
 * The operator's way to make a team (`npm run team -- create`), the only one for the
 * address OIDC_TEAM keeps: the team, and its owner's membership, in one transaction.
 * Answers why it cannot, or null when it is made.
 */
export async function createTeamByOperator(
  db: Db,
  { slug, name, ownerEmail }: { slug: string; name: string; ownerEmail: string },
): Promise<string | null> {
  const problem = teamSlugProblem(slug) ?? teamNameProblem(name);
  if (problem) return problem;
  const owner = await db
    .selectFrom('user')
    .select('id')
    .where('email', '=', ownerEmail.trim().toLowerCase())
    .executeTakeFirst();
  if (!owner) return `No account uses ${ownerEmail}: its owner signs up first.`;
  const taken = await db
    .selectFrom('organization')
    .select('id')
    .where('slug', '=', slug)
    .executeTakeFirst();
  if (taken) return `A team already uses the address ${slug}.`;
  const now = new Date().toISOString();
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('organization')
      .values({ id, name: name.trim(), slug, createdAt: now })
      .execute();
    await trx
      .insertInto('member')
      .values({
        id: randomUUID(),
        organizationId: id,
        userId: owner.id,
        role: 'owner',
        createdAt: now,
      })
      .execute();
  });
  return null;
}
