import { useId, type ReactNode } from 'react';

export const linkClass =
  'font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-sky-400';

/**
 * One dashboard section: a titled card, full width on phones. It may shrink below its
 * content's width (min-w-0), so a wide control wraps or scrolls inside it, never the page.
 */
export function Card({
  title,
  wide = false,
  children,
}: {
  title: string;
  wide?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={`min-w-0 rounded-xl border border-slate-200 p-4 sm:p-5 dark:border-slate-700 ${wide ? 'md:col-span-2' : ''}`}
    >
      <h3 id={id} className="text-xl font-bold">
        {title}
      </h3>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** The empty state inside a card: what is missing and the first step, as a link. */
export function FirstStep({ children }: { children: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 p-4 text-slate-600 dark:border-slate-700 dark:text-slate-400">
      {children}
    </div>
  );
}
