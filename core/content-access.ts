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
