import type { TInsightSummary } from '../../../core/content/practice';
import { Facts } from '../../ui/Facts';

/** Time and professions of an insight. */
export function InsightMeta({ insight }: { insight: TInsightSummary }) {
  return (
    <Facts
      facts={[
        ['Time', `${insight.minutes} min`],
        ['For', insight.professions.join(', ')],
      ]}
    />
  );
}
