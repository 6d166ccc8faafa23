import { Fragment, useEffect, useRef, type ReactNode } from 'react';
import { ROUTE_BY_ID, type RouteId } from '../../core/paths';
import { useDocumentTitle } from '../lib/document-title';
import { Skeleton } from './Skeleton';

interface Props {
  route: RouteId;
  /** Overrides the route's title, e.g. the name of a topic. */
  title?: string;
  /** Overrides the route's one-sentence purpose (a link may follow the sentence). */
  purpose?: ReactNode;
  /**
   * The page's own content is still loading: a skeleton stands in for the purpose and the
   * content. They arrive as new elements rather than pushing a skeleton's container down,
   * so the page does not jump when a longer purpose replaces the default (layout shift).
   */
  loading?: boolean;
  /** Navigation between the pages of one section (tabs), above the title. */
  nav?: ReactNode;
  /**
   * A small title and purpose, so a practice player fills a phone's screen: there the title
   * is one line and the purpose's sentence gives way to its link (wrap the sentence in
   * `compactHidden`); the player's progress row says where the learner is.
   */
  compact?: boolean;
  children?: ReactNode;
}

/** In a compact page's purpose: the words shown from the sm breakpoint only. */
export const compactHidden = 'max-sm:sr-only';

/** Every page: its title (also the document title), its purpose in one sentence, then content. */
export function Page({
  route,
  title,
  purpose,
  loading = false,
  nav,
  compact = false,
  children,
}: Props) {
  const def = ROUTE_BY_ID[route];
  const heading = title ?? def.title;
  const h1 = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(route === 'home' ? 'Skillway' : `${heading} · Skillway`);
  // Move focus to the new page's heading on navigation so screen readers announce it.
  useEffect(() => {
    if (document.activeElement === document.body || document.activeElement === null) return;
    if (document.activeElement?.closest('nav, header')) h1.current?.focus({ preventScroll: true });
  }, [heading]);
  return (
    <main id="main" className={`mx-auto max-w-5xl px-4 ${compact ? 'py-3 sm:py-4' : 'py-8'}`}>
      {nav}
      <h1
        ref={h1}
        tabIndex={-1}
        className={`font-bold tracking-tight outline-none ${compact ? 'truncate text-lg sm:text-2xl' : 'text-3xl sm:text-4xl'}`}
      >
        {heading}
      </h1>
      {loading ? (
        <div key="loading" className="mt-4">
          <Skeleton lines={6} />
        </div>
      ) : (
        <Fragment key="ready">
          <p
            className={`max-w-2xl text-slate-600 dark:text-slate-300 ${compact ? 'max-sm:-mt-1 max-sm:text-sm sm:mt-1' : 'mt-2 text-lg'}`}
            data-testid="page-purpose"
          >
            {purpose ?? def.purpose}
          </p>
          <div className={compact ? 'mt-2 sm:mt-4' : 'mt-8'}>{children}</div>
        </Fragment>
      )}
    </main>
  );
}
