import { isStrongScore } from '../../../core/grammar/scoring';
import { formatScore } from '../../../core/grammar/scoring';

/** A topic score in brackets: green above 50, red otherwise, with a symbol so color is not the only signal. */
export function ScoreBadge({ score }: { score: number | undefined }) {
  if (score === undefined) return null;
  const good = isStrongScore(score);
  return (
    <span
      className={`ml-1 text-sm font-semibold ${good ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400'}`}
      title={good ? 'Above 50: well done' : '50 or below: worth practicing'}
    >
      ({formatScore(score)}
      <span aria-hidden="true">{good ? ' ▲' : ' ▼'}</span>
      <span className="sr-only">{good ? ', above 50' : ', 50 or below'}</span>)
    </span>
  );
}
