import type { TInsightSummary } from '../../../core/content/practice';

/** Time and professions of an insight, as a compact description list. */
export function InsightMeta({ insight }: { insight: TInsightSummary }) {
  const facts = [
    ['Time', `${insight.minutes} min`],
    ['For', insight.professions.join(', ')],
  ] as const;
  return (
    <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
      {facts.map(([term, value]) => (
        <div key={term} className="flex gap-1">
          <dt className="font-medium text-slate-700 dark:text-slate-300">{term}:</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
