import { Link } from 'wouter';
import { paths } from '../../core/paths';
import { SOCIAL_LINKS } from '../../core/account/social-links';

export function Footer() {
  return (
    <footer className="mt-16 border-t border-slate-200 py-8 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-4 px-4">
        <p>
          <Link to={paths.home()} className="font-semibold text-slate-800 dark:text-slate-200">
            Skillway
          </Link>{' '}
          — open-source learning for professionals.
        </p>
        {SOCIAL_LINKS.length > 0 && (
          <ul className="flex gap-4" aria-label="Skillway on social media">
            {SOCIAL_LINKS.map((s) => (
              <li key={s.href}>
                <a
                  href={s.href}
                  rel="noopener noreferrer"
                  target="_blank"
                  className="underline-offset-2 hover:underline"
                >
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </footer>
  );
}
