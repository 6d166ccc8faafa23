import { Link, useLocation } from 'wouter';
import { ROUTES } from '../../core/paths';
import { useDocumentTitle } from '../lib/document-title';

const SECTIONS = ROUTES.filter(
  (r) => r.inMenu && r.id !== 'home' && !r.guestOnly && !r.signedInOnly,
);

/** Shown for any path outside the route table or naming something that does not exist. */
export function NotFoundPage() {
  const [pathname] = useLocation();
  useDocumentTitle('Page not found · Skillway');
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-12">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-sky-400">
        404
      </p>
      <h1 className="mt-2 text-3xl font-bold">We couldn’t find that page</h1>
      <p className="mt-3 max-w-2xl text-lg text-slate-600 dark:text-slate-300">
        Nothing lives at{' '}
        <code className="rounded bg-slate-100 px-1 break-all dark:bg-slate-800">{pathname}</code>.
        The link may be mistyped or the page may have moved. Try one of these:
      </p>
      <ul className="mt-6 grid gap-2 sm:grid-cols-3">
        <li>
          <Link
            to="/"
            className="block rounded-lg border border-slate-200 px-4 py-3 font-medium hover:border-brand-600 dark:border-slate-700"
          >
            Home
          </Link>
        </li>
        {SECTIONS.map((s) => (
          <li key={s.id}>
            <Link
              to={s.pattern}
              className="block rounded-lg border border-slate-200 px-4 py-3 font-medium hover:border-brand-600 dark:border-slate-700"
            >
              {s.menuLabel ?? s.title}
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
