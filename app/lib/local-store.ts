import { useCallback, useSyncExternalStore } from 'react';

const CHANGE = 'skillway:local-store';

/** Reads localStorage safely (private mode or blocked storage falls back to null). */
export function readLocal(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage is full or blocked; the setting lasts for this page only.
  }
  window.dispatchEvent(new CustomEvent(CHANGE, { detail: key }));
}

function subscribe(onChange: () => void) {
  window.addEventListener(CHANGE, onChange);
  window.addEventListener('storage', onChange); // other tabs
  return () => {
    window.removeEventListener(CHANGE, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/**
 * What localStorage keeps at `key`, live. Null on the server and in the render that hydrates
 * its HTML (the server knows no device's storage), the kept value right after.
 */
export function useLocalValue(key: string): string | null {
  return useSyncExternalStore(
    subscribe,
    () => readLocal(key),
    () => null,
  );
}

/** A string setting in localStorage, shared live by every component (and tab) that reads it. */
export function useLocalSetting<T extends string>(
  key: string,
  fallback: T,
  allowed: readonly T[],
): [T, (v: T) => void] {
  const raw = useLocalValue(key);
  const value =
    raw !== null && (allowed as readonly string[]).includes(raw) ? (raw as T) : fallback;
  const set = useCallback((v: T) => writeLocal(key, v), [key]);
  return [value, set];
}
