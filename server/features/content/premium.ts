import { opensPremium, type PremiumAccess } from '../../../core/content/access';
import type { TInterviewQuestion } from '../../../core/content/practice';
import type { ItemKind } from '../../../core/items/items';
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

type Asker = Pick<SessionUser, 'stripeRole'> | null;

/** Whether the user (null for a guest) has the premium role (billing: nothing left to buy). */
export const isPremium = (user: Asker): boolean => user?.stripeRole === 'premium';

export interface PremiumGate {
  /** Refuses a premium item to guests (401) and free users (403) where premium is locked. */
  require: (user: Asker, kind: ItemKind, id: string) => void;
  /** Whether this user gets premium items in full (interview questions keep their guidance). */
  opensAll: (user: Asker) => boolean;
}

/**
 * The premium gate, on the server, whatever the client shows. Built once from the catalog
 * and `config.premium`, it is the only place that setting applies (core's `opensPremium`):
 * on a server that cannot sell Premium, premium items are open to everyone unless the
 * operator kept them locked.
 */
export function premiumGate(catalog: Catalog, access: PremiumAccess): PremiumGate {
  const opensAll = (user: Asker) => opensPremium(access, user?.stripeRole ?? null);
  return {
    opensAll,
    require(user, kind, id) {
      if (!catalog.premiumIds[kind].has(id) || opensAll(user)) return;
      if (!user)
        throw new AppError('unauthenticated', `Log in with Premium to open this ${NOUN[kind]}.`);
      throw new AppError(
        'permission-denied',
        `This ${NOUN[kind]} is part of Premium. Upgrade to open it.`,
      );
    },
  };
}

/**
 * A premium question as sent to someone Premium does not open for: its text and level, not its
 * guidance. Built from what may show (an allowlist), so the model answer, outline and solution,
 * and any guidance added later, stay on the server.
 */
export function withoutGuidance(q: TInterviewQuestion): TInterviewQuestion {
  return {
    id: q.id,
    question: q.question,
    level: q.level,
    premium: q.premium,
    lookingFor: [],
    structure: [],
    followUps: [],
    locked: true,
  };
}
