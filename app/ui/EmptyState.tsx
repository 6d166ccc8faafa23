import type { ReactNode } from 'react';

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="rounded-xl border border-dashed border-slate-300 p-6 text-center dark:border-slate-700">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children && <div className="mt-2 text-slate-600 dark:text-slate-400">{children}</div>}
    </section>
  );
}
