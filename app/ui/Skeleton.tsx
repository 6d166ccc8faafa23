/** Grey bars shown while something loads; hidden from assistive tech. */
export function Skeleton({ lines = 3 }: { lines?: number }) {
  return (
    <div aria-hidden="true" className="space-y-3">
      {Array.from({ length: lines }, (_, i) => (
        <div
          key={i}
          className="h-4 animate-pulse rounded bg-slate-200 dark:bg-slate-800"
          style={{ width: `${90 - i * 15}%` }}
        />
      ))}
    </div>
  );
}
