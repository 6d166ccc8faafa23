import type { Db, DbHandle } from '../db/client';
import { toDate } from '../db/schema';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { emailChangedMail } from '../mail/templates';

/**
 * A change of address the learner asked for and has not confirmed yet (decision 043). Better
 * Auth's link carries the change itself (a signed token); this row only lets the profile say
 * where the link went, and tells the completion hook which address to notify. It lives in
 * Better Auth's `verification` table, one per account, and lasts as long as the link.
 */
export interface PendingEmailChange {
  newEmail: string;
  oldEmail: string;
  expiresAt: string;
}

/** How long the link works: Better Auth's `emailVerification.expiresIn`, in seconds. */
export const EMAIL_LINK_SECONDS = 24 * 60 * 60;

const keyOf = (userId: string) => `change-email:${userId}`;

/** Keeps the newest request only: an earlier one's row goes (its link still works until it expires). */
export async function recordEmailChange(
  db: Db,
  userId: string,
  oldEmail: string,
  newEmail: string,
  now = new Date(),
): Promise<void> {
  const at = now.toISOString();
  const expiresAt = new Date(now.getTime() + EMAIL_LINK_SECONDS * 1000).toISOString();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('verification').where('identifier', '=', keyOf(userId)).execute();
    await trx
      .insertInto('verification')
      .values({
        id: crypto.randomUUID(),
        identifier: keyOf(userId),
        value: JSON.stringify({ newEmail, oldEmail }),
        expiresAt,
        createdAt: at,
        updatedAt: at,
      })
      .execute();
  });
}

/** The change waiting for its link, or null (none, or its link has expired). */
export async function pendingEmailChange(
  db: Db,
  userId: string,
  now = new Date(),
): Promise<PendingEmailChange | null> {
  const row = await db
    .selectFrom('verification')
    .select(['value', 'expiresAt'])
    .where('identifier', '=', keyOf(userId))
    .executeTakeFirst();
  if (!row) return null;
  const expiresAt = toDate(row.expiresAt);
  if (expiresAt.getTime() <= now.getTime()) return null;
  const { newEmail, oldEmail } = JSON.parse(row.value) as Omit<PendingEmailChange, 'expiresAt'>;
  return { newEmail, oldEmail, expiresAt: expiresAt.toISOString() };
}

/** Forgets the account's pending change (when the account is deleted). */
export async function forgetEmailChange(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('verification').where('identifier', '=', keyOf(userId)).execute();
}

/**
 * Runs after Better Auth updates a user. When the address differs from the one a pending
 * change started from, the link to the new address was opened: the row goes, the new
 * address counts as confirmed (that link reached it), and a confirmed old address is told.
 * Better Auth keeps `emailVerified` as it was, so the value here is the old address's.
 */
export async function completeEmailChange(
  { db, dialect }: DbHandle,
  mailer: Mailer,
  logger: Logger,
  appUrl: string,
  user: { id: string; email: string; emailVerified: boolean },
): Promise<void> {
  const row = await db
    .selectFrom('verification')
    .select('value')
    .where('identifier', '=', keyOf(user.id))
    .executeTakeFirst();
  if (!row) return;
  const { oldEmail } = JSON.parse(row.value) as Omit<PendingEmailChange, 'expiresAt'>;
  if (oldEmail.toLowerCase() === user.email.toLowerCase()) return;
  await forgetEmailChange(db, user.id);
  if (!user.emailVerified)
    await db
      .updateTable('user')
      .set({ emailVerified: dialect === 'postgres' ? true : 1 })
      .where('id', '=', user.id)
      .execute();
  else await mailer.send(emailChangedMail(oldEmail, user.email, appUrl));
  logger.info({ userId: user.id }, 'email address changed');
}
