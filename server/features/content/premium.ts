import type { ItemKind } from '../../../core/items';
import type { Catalog } from '../../content/catalog';
import type { AppEnv } from '../../http/env';
import { AppError } from '../../http/errors';

const NOUN: Record<ItemKind, string> = {
  word: 'word',
  prompt: 'prompt',
  activity: 'activity',
  interview: 'interview question',
  insight: 'insight',
};

/**
 * The premium gate, on the server: a premium item is refused to guests (401) and to free
 * users (403 permission-denied), whatever the client shows.
 */
export function requirePremiumFor(
  c: { var: Pick<AppEnv['Variables'], 'user'> },
  catalog: Catalog,
  kind: ItemKind,
  id: string,
): void {
  if (!catalog.premiumIds[kind].has(id)) return;
  const user = c.var.user;
  if (!user)
    throw new AppError('unauthenticated', `Log in with Premium to open this ${NOUN[kind]}.`);
  if (user.stripeRole !== 'premium')
    throw new AppError(
      'permission-denied',
      `This ${NOUN[kind]} is part of Premium. Upgrade to open it.`,
    );
}

export const isPremiumUser = (c: { var: Pick<AppEnv['Variables'], 'user'> }) =>
  c.var.user?.stripeRole === 'premium';
