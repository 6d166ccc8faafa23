import { links } from '../../core/paths';
import { useSyncExternalStore } from 'react';
import useSWR, { mutate } from 'swr';
import { isRoleDependentContent } from '../../core/content/access';
import type { UserRecord } from '../../core/account/profile';
import { ApiError, api, apiFetch } from './http-client';
import { keepUser, keptUser } from './kept-user';

/**
 * Client auth state as spec section 4 describes it: `loading` while signing in, `user`
 * (null when signed out), and `error` — an auth error is kept and the user cleared.
 */
interface AuthFlags {
  loading: boolean;
  error: ApiError | null;
}
let flags: AuthFlags = { loading: false, error: null };
const listeners = new Set<() => void>();
function setFlags(next: Partial<AuthFlags>) {
  flags = { ...flags, ...next };
  listeners.forEach((l) => l());
}
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export const ME_KEY = '/api/me';
/** The service worker's cache of per-user responses (vite.config.ts runtimeCaching). */
export const USER_CACHE = 'skillway-review';

/** SWR keys holding a user's own data (everything under /api but content and config). */
export function isUserKey(key: unknown): boolean {
  return (
    typeof key === 'string' && key.startsWith('/api/') && !/^\/api\/(content|config)\b/.test(key)
  );
}

/**
 * The signed-in user, or null for a guest (GET /api/session answers both with 200). Without
 * a network (status 0) it is whoever was last confirmed on this device (null: a guest), so
 * an offline start keeps the learner's shell; an answer from the server, null included,
 * always wins, and is asked for again when the network returns (app/shell/SyncStatus.tsx).
 */
async function fetchMe(): Promise<UserRecord | null> {
  try {
    const user = (await (await api.session.$get()).json()).user;
    // Someone else, or nobody: the worker's copies of the last learner's data go too.
    if (user?.uid !== keptUser()?.uid) globalThis.caches?.delete(USER_CACHE).catch(() => false);
    keepUser(user);
    return user;
  } catch (err) {
    const status = err instanceof ApiError ? err.status : -1;
    if (status === 401) keepUser(null);
    if (status === 0) return keptUser();
    throw err;
  }
}

export function useAuth() {
  const state = useSyncExternalStore(
    subscribe,
    () => flags,
    () => flags,
  );
  // Only `data` and `error` are read: SWR re-renders a hook for the fields it reads, and its
  // validating flags flip while React commits the hydrated page, which would redraw every
  // component that asks who is signed in, synchronously, right after hydration.
  const { data, error } = useSWR(ME_KEY, fetchMe);
  const user = state.error ? null : (data ?? null);
  return {
    user,
    loading: state.loading || (data === undefined && error === undefined),
    error: state.error,
    ready: data !== undefined,
  };
}

/**
 * After sign-out or account deletion: drop every cached document of that user (content and
 * config stay), who was signed in here, and the service worker's copies of their data.
 */
export async function forgetUser(): Promise<void> {
  await mutate(isUserKey, undefined, { revalidate: false });
  await mutate(isRoleDependentContent, undefined, { revalidate: false });
  await mutate(ME_KEY, null, { revalidate: false });
  keepUser(null);
  await globalThis.caches?.delete(USER_CACHE).catch(() => false);
}

export async function authPost<T = unknown>(path: string, body: unknown): Promise<T> {
  const res = await apiFetch(`/api/auth${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as T;
}

/** Runs a sign-in style action with the loading flag set; on failure keeps the error and clears the user. */
async function signingIn(action: () => Promise<unknown>): Promise<void> {
  setFlags({ loading: true, error: null });
  try {
    await action();
    setFlags({ loading: false });
    // the record is created or its role refreshed on every sign-in
    const me = await mutate<UserRecord | null>(ME_KEY);
    // Guest progress kept in this browser joins the account now (app/lib/sync.ts).
    // The sync engine (IndexedDB, outbox) is its own chunk, kept out of the first load.
    if (me) void import('./sync').then((sync) => sync.setSyncUser(me.uid));
    await mutate(isRoleDependentContent); // premium items may open (or close) with the new role
  } catch (err) {
    setFlags({
      loading: false,
      error: err instanceof ApiError ? err : new ApiError('unknown', String(err), 0),
    });
    await mutate(ME_KEY, null, { revalidate: false });
    throw err;
  }
}

export const auth = {
  signIn: (email: string, password: string) =>
    signingIn(() => authPost('/sign-in/email', { email, password })),

  /**
   * Creates the account (a verification mail goes out), then signs in with it. The mail's
   * link returns to `callbackURL`, a path on this site (a join page), else the confirmation page.
   */
  signUp: (name: string, email: string, password: string, callbackURL = '/user/verified') =>
    signingIn(async () => {
      await authPost('/sign-up/email', { name, email, password, callbackURL });
      await authPost('/sign-in/email', { email, password });
    }),

  /** Starts an OAuth redirect; the browser leaves the page. */
  social: (provider: 'google' | 'facebook' | 'oidc', returnTo: string) =>
    signingIn(async () => {
      const errorCallbackURL = `/user/login?error=oauth&next=${encodeURIComponent(returnTo)}`;
      // Google and the organization's provider ('oidc') are registered through the generic
      // OIDC plugin, which uses the same endpoint.
      const res = await authPost<{ url?: string }>('/sign-in/social', {
        provider,
        callbackURL: returnTo,
        // A first sign-in creates the account: onboarding first, then where they were going.
        newUserCallbackURL: links.afterNewAccount(returnTo),
        errorCallbackURL,
      });
      if (res.url) window.location.assign(res.url);
    }),

  signOut: async () => {
    try {
      await authPost('/sign-out', {});
    } finally {
      setFlags({ error: null });
      await forgetUser();
    }
  },

  requestReset: (email: string) =>
    authPost('/request-password-reset', { email, redirectTo: '/user/reset-password' }),

  resetPassword: (token: string, newPassword: string) =>
    authPost('/reset-password', { token, newPassword }),

  resendVerification: (email: string, callbackURL = '/user/verified') =>
    authPost('/send-verification-email', { email, callbackURL }),

  clearError: () => setFlags({ error: null }),
};

/** Friendly text for the failures a person can act on. */
export function authMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return 'Something went wrong. Please try again.';
  if (err.status === 0) return err.message; // network or timeout
  if (err.code === 'resource-exhausted')
    return 'Too many attempts. Please wait a minute and try again.';
  if (err.code === 'unauthenticated')
    return 'That email address and password do not match. Check both and try again.';
  return err.message;
}

/** Which sign-in providers and password rules the server has. */
export function useClientConfig() {
  return useSWR('/api/config', async () => (await api.config.$get()).json());
}
