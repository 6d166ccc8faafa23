import type { TPromptSummary } from '../../../core/content/practice';
import { CATEGORY_LABELS } from './order';

/** Level, time and professions of a prompt, as a compact description list. */
export function PromptMeta({ prompt }: { prompt: TPromptSummary }) {
  const facts = [
    ['Category', CATEGORY_LABELS[prompt.category]],
    ['Level', prompt.level],
    ['Time', `${prompt.minutes} min`],
    ['For', prompt.professions.join(', ')],
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
