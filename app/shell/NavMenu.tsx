import { Fragment, useEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { useNavigate } from '../lib/navigation';
import { ROUTES, paths } from '../../core/paths';
import { auth } from '../lib/auth';
import { SettingsControl } from '../ui/SettingsControl';
import { useNavStatus } from './use-nav-status';

const MENU = ROUTES.filter((r) => r.inMenu);
/** Beside "Log in" for guests: the same page, opened on its sign-up form. */
const SIGN_UP = `${paths.login()}?mode=signup`;

interface Props {
  id: string;
  open: boolean;
  onClose: (opts?: { returnFocus: boolean }) => void;
  /** The signed-in learner's name; null for a guest. */
  name: string | null;
}

/**
 * The main navigation as a disclosure panel: Escape closes it and returns focus to the
 * toggle; choosing a link closes it; a click outside closes it.
 */
export function NavMenu({ id, open, onClose, name }: Props) {
  const signedIn = name !== null;
  const panel = useRef<HTMLElement>(null);
  const navigate = useNavigate();
  const [pathname] = useLocation();
  // Cards due today next to "Review", as on the Review tab.
  const reviewDue = useNavStatus().due;

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('a')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose({ returnFocus: true });
    };
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (panel.current?.contains(target)) return;
      if ((target as Element).closest?.('[data-menu-toggle]')) return;
      onClose();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, onClose]);

  return (
    <nav
      id={id}
      ref={panel}
      aria-label="Main"
      hidden={!open}
      className="absolute inset-x-0 top-full z-40 border-b border-slate-200 bg-white text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <div className="mx-auto grid max-w-5xl gap-6 px-4 py-4 sm:grid-cols-[2fr_1fr]">
        <ul className="grid grid-cols-2 gap-1 sm:grid-cols-3">
          {MENU.filter((r) => (signedIn ? !r.guestOnly : !r.signedInOnly)).map((r) => (
            <Fragment key={r.id}>
              <li>
                <Link
                  to={r.pattern}
                  aria-current={pathname === r.pattern ? 'page' : undefined}
                  onClick={() => onClose()}
                  aria-label={
                    r.id === 'review' && reviewDue > 0 ? `${r.title}, ${reviewDue} due` : undefined
                  }
                  className={(isActive) =>
                    `block rounded-md px-3 py-2 text-base ${
                      isActive
                        ? 'bg-brand-50 font-semibold text-brand-800 dark:bg-slate-800 dark:text-sky-300'
                        : 'hover:bg-slate-100 dark:hover:bg-slate-800'
                    }`
                  }
                >
                  {r.menuLabel ?? r.title}
                  {r.id === 'review' && reviewDue > 0 && (
                    <span
                      aria-hidden="true"
                      data-testid="review-badge"
                      className="ml-2 inline-block min-w-5 rounded-full bg-red-600 px-1.5 text-center text-xs/5 font-semibold text-white"
                    >
                      {reviewDue}
                    </span>
                  )}
                </Link>
              </li>
              {r.id === 'login' && (
                <li>
                  <Link
                    to={SIGN_UP}
                    onClick={() => onClose()}
                    className="block rounded-md px-3 py-2 text-base font-semibold text-brand-700 hover:bg-slate-100 dark:text-sky-400 dark:hover:bg-slate-800"
                  >
                    Sign up
                  </Link>
                </li>
              )}
            </Fragment>
          ))}
          {signedIn && (
            <li data-needs-network>
              <button
                type="button"
                className="block w-full rounded-md px-3 py-2 text-left text-base hover:bg-slate-100 dark:hover:bg-slate-800"
                onClick={async () => {
                  onClose();
                  await auth.signOut();
                  navigate(paths.home());
                }}
              >
                Sign out
              </button>
            </li>
          )}
        </ul>
        <div>
          {signedIn && (
            <p className="mb-4 truncate text-sm text-slate-600 dark:text-slate-400">
              Signed in as{' '}
              <span className="font-semibold text-slate-900 dark:text-slate-100">{name}</span>
            </p>
          )}
          <SettingsControl />
        </div>
      </div>
    </nav>
  );
}
