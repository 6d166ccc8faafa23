import { Link, useLocation } from 'wouter';
import { paths } from '../../core/paths';

const TABS = [
  { to: paths.progress(), label: 'Results' },
  { to: paths.skillsProfile(), label: 'Skills' },
  { to: paths.activities(), label: 'Activities' },
] as const;

/**
 * The sub-views of the results area (/activity, "Activity" in the menu) as links, each its
 * own page: the results, the skills profile and the activities. The current one is marked for
 * assistive technology and by more than color (a heavier label and an underline bar).
 */
export function ProgressTabs() {
  const [pathname] = useLocation();
  return (
    <nav aria-label="Activity" className="mb-6 border-b border-slate-200 dark:border-slate-700">
      <ul className="-mb-px grid grid-cols-3 sm:flex sm:gap-2">
        {TABS.map((tab) => {
          const current = pathname === tab.to;
          return (
            <li key={tab.to}>
              <Link
                to={tab.to}
                aria-current={current ? 'page' : undefined}
                className={`flex min-h-11 items-center justify-center border-b-[3px] px-4 text-base outline-offset-[-2px] sm:justify-start ${
                  current
                    ? 'border-brand-700 font-semibold text-brand-800 dark:border-sky-400 dark:text-sky-300'
                    : 'border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900 dark:text-slate-300 dark:hover:border-slate-500 dark:hover:text-white'
                }`}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
