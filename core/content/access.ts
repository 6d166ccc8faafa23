/**
 * Content whose answer depends on who asks: item pages of prompts, insights and activities
 * (premium items) and interview sets (premium questions lose their guidance). Everything
 * else under /api/content is the same for everyone. One rule for the server (which
 * resolves the session only for these), the client (which refetches them when the role
 * changes) and the service worker (which never caches them).
 */
export const ROLE_DEPENDENT_CONTENT =
  /^\/api\/content\/(?:(?:prompts|insights|activities)\/.|interviews\/)/;

export function isRoleDependentContent(path: unknown): boolean {
  return typeof path === 'string' && ROLE_DEPENDENT_CONTENT.test(path);
}

/** Public content the service worker may cache: /api/content/* that is not role-dependent. */
export const SHARED_CONTENT = /\/api\/content\/(?!(?:prompts|insights|activities)\/.|interviews\/)/;

/** What items marked premium do on a server: `locked` to the premium role, or `open` to all. */
export type PremiumAccess = 'open' | 'locked';

/**
 * Which servers lock premium content: one that takes payments always does; one without
 * payments opens it to everyone unless its operator keeps it locked
 * (`PREMIUM_WITHOUT_PAYMENTS=locked`, decision 026).
 */
export function premiumAccess(payments: boolean, withoutPayments: PremiumAccess): PremiumAccess {
  return payments ? 'locked' : withoutPayments;
}

/**
 * Which roles get premium content in full (null: a guest): everyone where it is open, only
 * the premium role where it is locked. The server's gate and the client's plan both ask this.
 */
export function opensPremium(access: PremiumAccess, role: 'free' | 'premium' | null): boolean {
  return access === 'open' || role === 'premium';
}
