import type { TPromptSummary } from '../../../core/content/practice';
import { Facts } from '../../ui/Facts';
import { CATEGORY_LABELS } from './order';

/** Category, level, time and professions of a prompt. */
export function PromptMeta({ prompt }: { prompt: TPromptSummary }) {
  return (
    <Facts
      facts={[
        ['Category', CATEGORY_LABELS[prompt.category]],
        ['Level', prompt.level],
        ['Time', `${prompt.minutes} min`],
        ['For', prompt.professions.join(', ')],
      ]}
    />
  );
}
