import { Link } from 'react-router';
import type { TPromptSummary } from '../../../core/content/practice';
import type { ItemLists } from '../../../core/items';
import { paths } from '../../../core/paths';
import { ItemActions } from '../../ui/ItemActions';
import { PromptMeta } from './PromptMeta';
import { PremiumBadge } from '../../ui/UpgradePrompt';

interface Props {
  prompt: TPromptSummary;
  lists: ItemLists | undefined;
  onError: (message: string) => void;
}

export function PromptCard({ prompt, lists, onError }: Props) {
  const headingId = `prompt-${prompt.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
    >
      <h2 id={headingId} className="text-lg leading-snug font-semibold">
        <Link
          to={paths.prompt(prompt.id)}
          className="text-brand-700 hover:underline dark:text-sky-400"
        >
          {prompt.title}
        </Link>
      </h2>
      <div className="flex-1">
        {prompt.premium && <PremiumBadge />}
        <PromptMeta prompt={prompt} />
      </div>
      <ItemActions
        kind="prompt"
        id={prompt.id}
        title={prompt.title}
        lists={lists}
        onError={onError}
      />
    </article>
  );
}
