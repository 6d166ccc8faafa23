import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { ItemKind, ItemLists } from '../../core/items/items';
import { ItemActions } from './ItemActions';
import { PremiumBadge, usePremiumLocked } from './UpgradePrompt';

interface Props {
  kind: ItemKind;
  item: { id: string; title: string; premium?: boolean | undefined };
  href: string;
  lists: ItemLists | undefined;
  onError: (message: string) => void;
  /** The heading level that fits the page's outline. */
  heading?: 'h2' | 'h3';
  /** What sits between the title and the actions: a summary, the facts. */
  children?: ReactNode;
}

/** One item in a section's list: its title as a link, what it is, and the list actions. */
export function ItemCard({ kind, item, href, lists, onError, heading = 'h2', children }: Props) {
  const headingId = `${kind}-${item.id}`;
  const Heading = heading;
  const locked = usePremiumLocked();
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
    >
      <Heading id={headingId} className="text-lg leading-snug font-semibold">
        <Link to={href} className="text-brand-700 hover:underline dark:text-sky-400">
          {item.title}
        </Link>
      </Heading>
      {item.premium && locked && (
        <p>
          <PremiumBadge />
        </p>
      )}
      <div className="flex flex-1 flex-col gap-3">{children}</div>
      {/* A guest's way to an account is said once, on the item's page, not on every card. */}
      <ItemActions
        kind={kind}
        id={item.id}
        title={item.title}
        lists={lists}
        onError={onError}
        guestNote={false}
      />
    </article>
  );
}
