import { Link } from 'react-router';
import type { TInsightSummary } from '../../../core/content/practice';
import type { ItemLists } from '../../../core/items';
import { paths } from '../../../core/paths';
import { ItemActions } from '../../ui/ItemActions';
import { InsightMeta } from './InsightMeta';
import { PremiumBadge } from '../../ui/UpgradePrompt';

interface Props {
  insight: TInsightSummary;
  lists: ItemLists | undefined;
  onError: (message: string) => void;
}

export function InsightCard({ insight, lists, onError }: Props) {
  const headingId = `insight-${insight.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
    >
      <h2 id={headingId} className="text-lg leading-snug font-semibold">
        <Link
          to={paths.insight(insight.id)}
          className="text-brand-700 hover:underline dark:text-sky-400"
        >
          {insight.title}
        </Link>
      </h2>
      <p className="line-clamp-4 flex-1 text-slate-700 dark:text-slate-300">{insight.summary}</p>
      {insight.premium && <PremiumBadge />}
      <InsightMeta insight={insight} />
      <ItemActions
        kind="insight"
        id={insight.id}
        title={insight.title}
        lists={lists}
        onError={onError}
      />
    </article>
  );
}
