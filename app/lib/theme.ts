/** Applies the theme to <html>; public/theme-init.js does the same before first paint. */
export function applyTheme(dark: boolean): void {
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
}
