import { createContext, useContext, useSyncExternalStore } from 'react';

/**
 * The element of the bottom dock where pages put their drawer toggles (Topics, Questions,
 * Planned…). Layout provides a small store of it, set by the dock's ref: when the dock
 * mounts (right after hydration), only the drawers that use it are drawn again, not the
 * whole shell, as a state in Layout would.
 */
export interface DockStore {
  /** The dock's ref callback. */
  set: (el: HTMLElement | null) => void;
  get: () => HTMLElement | null;
  subscribe: (onChange: () => void) => () => void;
}

export function createDockStore(): DockStore {
  let dock: HTMLElement | null = null;
  const listeners = new Set<() => void>();
  return {
    set(el) {
      if (el === dock) return;
      dock = el;
      listeners.forEach((l) => l());
    },
    get: () => dock,
    subscribe(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
  };
}

export const DockContext = createContext<DockStore | null>(null);

const noDock = () => null;
const noSubscribe = () => () => {};

/** The dock element; null on the server, while hydrating, and until the dock has rendered. */
export function useDock(): HTMLElement | null {
  const store = useContext(DockContext);
  return useSyncExternalStore(store?.subscribe ?? noSubscribe, store?.get ?? noDock, noDock);
}
