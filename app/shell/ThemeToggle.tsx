import { useDarkMode } from '../lib/theme';
import { MoonIcon, SunIcon } from '../ui/icons';

/** In the dock, on the left: a moon in light mode (switch to dark), a sun in dark mode. */
export function ThemeToggle() {
  const [dark, toggle] = useDarkMode();
  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={dark}
      aria-label="Dark mode"
      title={dark ? 'Switch to light mode' : 'Switch to dark mode'}
      data-testid="theme-toggle"
      className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-800 shadow-md hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-800 dark:text-amber-300 dark:hover:bg-slate-700"
    >
      {dark ? <SunIcon data-icon="sun" /> : <MoonIcon data-icon="moon" />}
    </button>
  );
}
