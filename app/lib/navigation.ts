import { useCallback } from 'react';
import { useLocation, useSearch } from 'wouter';

// Routing runs on wouter (docs/decisions/002-router.md). This module adds what the app needs
// on top of it: the in-app history depth (so Back can tell an in-app step from a deep link)
// and a navigate that also takes a history step (-1).

interface NavOptions {
  replace?: boolean;
  state?: Record<string, unknown>;
}
type Navigate = (to: string, options?: NavOptions) => void;

/** How many in-app steps lie behind the current history entry (0 for a deep link). */
export function historyIndex(): number {
  return (window.history.state as { idx?: number } | null)?.idx ?? 0;
}

/** The state the app put on the current history entry (e.g. `from` for the login page). */
export function historyState<T extends object>(): Partial<T> {
  return (window.history.state as Partial<T> | null) ?? {};
}

/**
 * Wraps every navigation (links, redirects, `useNavigate`): counts the in-app depth in the
 * history entry's state.
 */
export function aroundNav(navigate: Navigate, to: string, options: NavOptions = {}): void {
  const idx = historyIndex() + (options.replace ? 0 : 1);
  navigate(to, { ...options, state: { ...options.state, idx } });
}

/** navigate(path, { replace, state }) or navigate(-1) for a step back in history. */
export function useNavigate(): (to: string | number, options?: NavOptions) => void {
  const [, navigate] = useLocation();
  return useCallback(
    (to: string | number, options?: NavOptions) => {
      if (typeof to === 'number') window.history.go(to);
      else navigate(to, options);
    },
    [navigate],
  );
}

/** The current path with its query, e.g. for a login link's `next`. */
export function useCurrentPath(): string {
  const [pathname] = useLocation();
  const search = useSearch();
  return search ? `${pathname}?${search}` : pathname;
}
