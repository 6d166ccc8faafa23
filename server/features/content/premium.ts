import type { ItemKind } from '../../../core/items';
import type { SessionUser } from '../../auth/session';
import type { Catalog } from '../../content/catalog';
import { AppError } from '../../http/errors';

const NOUN: Record<ItemKind, string> = {
  word: 'word',
  prompt: 'prompt',
  activity: 'activity',
  interview: 'interview question',
  insight: 'insight',
};

/** Whether the user (null for a guest) has Premium: the one place the role is read. */
export const isPremium = (user: Pick<SessionUser, 'stripeRole'> | null): boolean =>
  user?.stripeRole === 'premium';

/**
 * The premium gate, on the server: a premium item is refused to guests (401) and to free
 * users (403 permission-denied), whatever the client shows.
 */
export function requirePremiumFor(
  user: Pick<SessionUser, 'stripeRole'> | null,
  catalog: Catalog,
  kind: ItemKind,
  id: string,
): void {
  if (!catalog.premiumIds[kind].has(id)) return;
  if (!user)
    throw new AppError('unauthenticated', `Log in with Premium to open this ${NOUN[kind]}.`);
  if (!isPremium(user))
    throw new AppError(
      'permission-denied',
      `This ${NOUN[kind]} is part of Premium. Upgrade to open it.`,
    );
}
