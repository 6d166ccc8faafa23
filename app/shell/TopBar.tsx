import { useCallback, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { historyIndex, useCurrentPath, useNavigate } from '../lib/navigation';
import { paths } from '../../core/paths';
import { BackIcon, CloseIcon, FlameIcon, GuestIcon, MenuIcon } from '../ui/icons';
import { useAuth } from '../lib/auth';
import { Avatar } from './Avatar';
import { NavMenu } from './NavMenu';
import { isPlaceRoot, Places } from './Places';
import { useNavStatus } from './use-nav-status';

const iconButton =
  'flex h-11 w-11 items-center justify-center rounded-full hover:bg-white/15 focus-visible:outline-white';

/** Parent path for the back control when there is no in-app history (a deep link). */
function parentPath(pathname: string): string {
  const parts = pathname.split('/').filter(Boolean);
  if (parts[0] === 'grammar' && parts[1] === 'question') return paths.grammar();
  if (parts[0] === 'teams' && parts[1] === 'invitations') return paths.teams();
  return parts.length > 1 ? `/${parts.slice(0, -1).join('/')}` : '/';
}

/** The goal streak, for a signed-in learner: a flame and the days, leading to Progress. */
function Streak() {
  const { streak } = useNavStatus();
  if (streak === null) return null;
  const days = `${streak} ${streak === 1 ? 'day' : 'days'}`;
  return (
    <Link
      to={paths.progress()}
      aria-label={`Goal streak: ${days}`}
      title={`Goal streak: ${days}`}
      className="flex h-11 items-center gap-1 rounded-full px-2 font-semibold tabular-nums hover:bg-white/15 focus-visible:outline-white"
    >
      <FlameIcon className={streak > 0 ? 'text-amber-300' : 'text-white/60'} />
      {streak}
    </Link>
  );
}

export function TopBar() {
  const [pathname] = useLocation();
  const currentPath = useCurrentPath();
  // The menu is open for the page it was opened on, so any navigation (a link, the back
  // control, the browser's buttons) closes it without an effect.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const toggle = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const navigate = useNavigate();
  const { user } = useAuth();

  const close = useCallback((opts?: { returnFocus: boolean }) => {
    setOpenOn(null);
    if (opts?.returnFocus) toggle.current?.focus();
  }, []);

  const goBack = () => {
    if (historyIndex() > 0) navigate(-1);
    else navigate(parentPath(pathname));
  };

  return (
    <header className="sticky top-0 z-40 bg-brand-700 text-white shadow dark:bg-slate-900">
      <div className="relative">
        <div className="mx-auto flex h-14 max-w-5xl items-center gap-1 px-2">
          <button
            ref={toggle}
            type="button"
            className={iconButton}
            aria-expanded={open}
            aria-controls={menuId}
            aria-label="Menu"
            data-menu-toggle
            onClick={() => setOpenOn(open ? null : pathname)}
          >
            {open ? <CloseIcon /> : <MenuIcon />}
          </button>
          {!isPlaceRoot(pathname) && (
            <button type="button" className={iconButton} aria-label="Back" onClick={goBack}>
              <BackIcon />
            </button>
          )}
          <Link to={paths.home()} className="ml-1 rounded px-1 text-xl font-bold tracking-tight">
            Skillway
          </Link>
          <Places variant="top" className="ml-4 hidden md:block" />
          <div className="ml-auto flex items-center gap-1">
            <Streak />
            {user ? (
              <Link
                to={paths.editProfile()}
                className={iconButton}
                aria-label="Your profile"
                title={user.displayName}
              >
                <Avatar user={user} />
              </Link>
            ) : (
              <Link
                to={paths.login()}
                state={{ from: currentPath }}
                className={iconButton}
                aria-label="Log in"
                title="Log in"
              >
                <GuestIcon />
              </Link>
            )}
          </div>
        </div>
        <NavMenu id={menuId} open={open} onClose={close} name={user?.displayName ?? null} />
      </div>
    </header>
  );
}
