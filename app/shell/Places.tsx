import type { ComponentType, SVGProps } from 'react';
import { Link, useLocation } from 'wouter';
import { paths } from '../../core/paths';
import { HomeIcon, LearnIcon, ProgressIcon, ReviewIcon } from '../ui/icons';
import { useNavStatus } from './use-nav-status';

interface Place {
  label: string;
  href: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** Whether the page at this path belongs to the place (it is then marked current). */
  holds: (pathname: string) => boolean;
}

const under = (path: string, root: string) => path === root || path.startsWith(`${root}/`);

/** The few places learners go daily; everything else is in the menu. */
const PLACES: readonly Place[] = [
  { label: 'Today', href: paths.home(), Icon: HomeIcon, holds: (p) => p === paths.home() },
  {
    label: 'Learn',
    href: paths.learn(),
    Icon: LearnIcon,
    holds: (p) =>
      under(p, paths.learn()) || under(p, paths.grammar()) || under(p, paths.vocabulary()),
  },
  { label: 'Review', href: paths.review(), Icon: ReviewIcon, holds: (p) => p === paths.review() },
  {
    label: 'Progress',
    href: paths.progress(),
    Icon: ProgressIcon,
    holds: (p) => under(p, paths.progress()),
  },
];

/** A place's own page (not a page under it): the top bar offers no Back there, as a tab root. */
export const isPlaceRoot = (pathname: string): boolean => PLACES.some((p) => p.href === pathname);

// Whole class strings per variant, so Tailwind finds them.
const STYLE = {
  /** Phones: a tab per place, icon over label, filling the bar. */
  bar: {
    list: 'flex h-full flex-1 items-stretch',
    item: 'flex flex-1',
    link: 'relative flex h-full min-h-11 flex-1 flex-col items-center justify-center gap-0.5 rounded-xl text-xs font-medium text-slate-600 hover:text-slate-900 aria-[current=page]:text-brand-700 dark:text-slate-400 dark:hover:text-slate-100 dark:aria-[current=page]:text-sky-300',
    icon: 'flex h-7 w-12 items-center justify-center rounded-full transition-colors motion-reduce:transition-none group-aria-[current=page]:bg-brand-100 dark:group-aria-[current=page]:bg-slate-800',
    badge: 'absolute -top-1 left-1/2 ml-1.5',
  },
  /** Desktops: text and icon links in the top bar. */
  top: {
    list: 'flex items-center gap-1',
    item: '',
    link: 'relative flex h-10 items-center gap-2 rounded-full px-3 font-medium text-white/90 hover:bg-white/15 hover:text-white focus-visible:outline-white aria-[current=page]:bg-white aria-[current=page]:text-brand-800 dark:aria-[current=page]:bg-slate-700 dark:aria-[current=page]:text-white',
    icon: 'hidden lg:flex',
    badge: '',
  },
} as const;

/**
 * The daily places: Today, Learn, Review (with what is due) and Progress. The same links
 * twice in the page, only one shown: a tab bar at the bottom on phones (Layout), links in
 * the top bar from `md` up (TopBar).
 */
export function Places({
  variant,
  className = '',
}: {
  variant: 'bar' | 'top';
  className?: string;
}) {
  const [pathname] = useLocation();
  const { due } = useNavStatus();
  const style = STYLE[variant];
  return (
    <nav aria-label="Places" className={className}>
      <ul className={style.list}>
        {PLACES.map(({ label, href, Icon, holds }) => {
          const badge = label === 'Review' && due > 0 ? due : null;
          return (
            <li key={href} className={style.item}>
              <Link
                to={href}
                aria-current={holds(pathname) ? 'page' : undefined}
                aria-label={badge ? `${label}, ${badge} due` : undefined}
                className={`group ${style.link}`}
              >
                <span className={style.icon}>
                  <Icon />
                </span>
                {label}
                {badge !== null && (
                  <span
                    aria-hidden="true"
                    data-testid="review-badge"
                    className={`min-w-5 rounded-full bg-red-600 px-1.5 text-center text-xs/5 font-semibold text-white ${style.badge}`}
                  >
                    {badge > 99 ? '99+' : badge}
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
