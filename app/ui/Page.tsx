import { useEffect, useRef, type ReactNode } from 'react';
import { ROUTE_BY_ID, type RouteId } from '../../core/paths';

interface Props {
  route: RouteId;
  /** Overrides the route's title, e.g. the name of a topic. */
  title?: string;
  /** Overrides the route's one-sentence purpose. */
  purpose?: string;
  children?: ReactNode;
}

/** Every page: its title (also the document title), its purpose in one sentence, then content. */
export function Page({ route, title, purpose, children }: Props) {
  const def = ROUTE_BY_ID[route];
  const heading = title ?? def.title;
  const h1 = useRef<HTMLHeadingElement>(null);
  // Move focus to the new page's heading on navigation so screen readers announce it.
  useEffect(() => {
    if (document.activeElement === document.body || document.activeElement === null) return;
    if (document.activeElement?.closest('nav, header')) h1.current?.focus({ preventScroll: true });
  }, [heading]);
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-8">
      <title>{route === 'home' ? 'Skillway' : `${heading} · Skillway`}</title>
      <h1
        ref={h1}
        tabIndex={-1}
        className="text-3xl font-bold tracking-tight outline-none sm:text-4xl"
      >
        {heading}
      </h1>
      <p
        className="mt-2 max-w-2xl text-lg text-slate-600 dark:text-slate-300"
        data-testid="page-purpose"
      >
        {purpose ?? def.purpose}
      </p>
      <div className="mt-8">{children}</div>
    </main>
  );
}
