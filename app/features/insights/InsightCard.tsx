import type { TInsightSummary } from '../../../core/content/practice';
import type { ItemLists } from '../../../core/items/items';
import { paths } from '../../../core/paths';
import { leadSentence } from '../../../core/text';
import { ItemCard } from '../../ui/ItemCard';
import { InsightMeta } from './InsightMeta';

interface Props {
  insight: TInsightSummary;
  lists: ItemLists | undefined;
  onError: (message: string) => void;
}

export function InsightCard({ insight, lists, onError }: Props) {
  return (
    <ItemCard
      kind="insight"
      item={insight}
      href={paths.insight(insight.id)}
      lists={lists}
      onError={onError}
    >
      {/* One whole sentence: the insight's page has the rest, and nothing is cut mid-line. */}
      <p className="flex-1 text-slate-700 dark:text-slate-300">{leadSentence(insight.summary)}</p>
      <InsightMeta insight={insight} />
    </ItemCard>
  );
}
