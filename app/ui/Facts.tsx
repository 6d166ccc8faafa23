/** A compact description list of an item's facts: "Time: 15 min · For: Business". */
export function Facts({ facts }: { facts: readonly (readonly [term: string, value: string])[] }) {
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
