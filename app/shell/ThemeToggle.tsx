import { useDarkMode } from '../lib/settings';
import { MoonIcon, SunIcon } from '../ui/icons';

/**
 * A moon in light mode (switch to dark), a sun in dark mode. At the tab bar's left end on
 * phones; a small round button floating bottom-left from md up.
 */
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
      className="pointer-events-auto flex h-11 w-11 shrink-0 items-center justify-center rounded-full border border-slate-200 bg-white text-slate-700 hover:bg-slate-100 md:fixed md:bottom-3 md:left-4 md:shadow-float dark:border-slate-700 dark:bg-slate-900 dark:text-amber-300 dark:hover:bg-slate-800"
    >
      {dark ? <SunIcon data-icon="sun" /> : <MoonIcon data-icon="moon" />}
    </button>
  );
}
