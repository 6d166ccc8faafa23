import { useCallback } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';

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
 * `historyState` for a page's render: empty on the server and while hydrating (the server
 * cannot know it), the entry's state right after.
 */
export function useHistoryEntryState<T extends object>(): Partial<T> {
  return (useHistoryState<Partial<T> | null>() ?? {}) as Partial<T>;
}

// Scroll positions by history entry, so Back and Forward return where the learner was.
// Kept for the most recent entries only, so a long session does not grow it without end.
const positions = new Map<string, number>();
const MAX_POSITIONS = 100;
const entryKey = () => (window.history.state as { key?: string } | null)?.key ?? 'start';

/**
 * Wraps every navigation (links, redirects, `useNavigate`): counts the in-app depth in the
 * history entry's state, remembers where the page was scrolled, and opens a new page at
 * its top (a replace, such as a filter or an open dialog in the query, keeps the position).
 */
export function aroundNav(navigate: Navigate, to: string, options: NavOptions = {}): void {
  const here = entryKey();
  positions.delete(here); // re-inserted last: the map's order is oldest first
  positions.set(here, window.scrollY);
  if (positions.size > MAX_POSITIONS) positions.delete(positions.keys().next().value as string);
  const idx = historyIndex() + (options.replace ? 0 : 1);
  const key = options.replace ? entryKey() : Math.random().toString(36).slice(2, 10);
  navigate(to, { ...options, state: { ...options.state, idx, key } });
  if (!options.replace && !to.includes('#')) window.scrollTo(0, 0);
}

/**
 * Back and Forward: the page comes back where it was left. Its content may still be
 * loading, so the position is applied once the page is tall enough (or given up after 2 s).
 */
export function restoreScrollOnHistory(): void {
  window.history.scrollRestoration = 'manual';
  window.addEventListener('popstate', () => {
    // A jump to an anchor (#quiz) is the browser's own to scroll.
    if (window.location.hash) return;
    const y = positions.get(entryKey()) ?? 0;
    const until = Date.now() + 2000;
    const apply = () => {
      const reachable = document.documentElement.scrollHeight - window.innerHeight >= y;
      if (reachable || Date.now() > until) window.scrollTo(0, y);
      else requestAnimationFrame(apply);
    };
    requestAnimationFrame(apply);
  });
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
