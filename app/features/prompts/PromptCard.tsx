import type { TPromptSummary } from '../../../core/content/practice';
import type { ItemLists } from '../../../core/items/items';
import { paths } from '../../../core/paths';
import { ItemCard } from '../../ui/ItemCard';
import { PromptMeta } from './PromptMeta';

interface Props {
  prompt: TPromptSummary;
  lists: ItemLists | undefined;
  onError: (message: string) => void;
}

export function PromptCard({ prompt, lists, onError }: Props) {
  return (
    <ItemCard
      kind="prompt"
      item={prompt}
      href={paths.prompt(prompt.id)}
      lists={lists}
      onError={onError}
    >
      <PromptMeta prompt={prompt} />
    </ItemCard>
  );
}
