import { useCallback } from 'react';
import { STORAGE_KEYS } from '../../core/constants';
import { useLocalSetting } from './local-store';

/** Applies the theme to <html>; public/theme-init.js does the same before first paint. */
export function applyTheme(dark: boolean): void {
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
}

export function useDarkMode(): [boolean, () => void] {
  const [value, set] = useLocalSetting(STORAGE_KEYS.dark, 'false', ['true', 'false']);
  const dark = value === 'true';
  const toggle = useCallback(() => {
    applyTheme(!dark);
    set(dark ? 'false' : 'true');
  }, [dark, set]);
  return [dark, toggle];
}
