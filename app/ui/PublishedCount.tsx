import type { ReactNode } from 'react';
import type { ContentSummary } from '../../core/content-summary';
import { useContentSummary } from '../lib/content';
import { EmptyState } from './EmptyState';
import { Skeleton } from './Skeleton';

interface Props {
  count: (s: ContentSummary) => number;
  /** Shown when this server has published nothing in the section. */
  emptyTitle: string;
  emptyText: string;
  children: (count: number) => ReactNode;
}

/** Renders a section's content, or an honest empty state when the server has none. */
export function PublishedCount({ count, emptyTitle, emptyText, children }: Props) {
  const { data, error } = useContentSummary();
  if (error) {
    return (
      <p role="alert" className="text-red-700 dark:text-red-400">
        We couldn’t load this section. Check your connection and reload the page.
      </p>
    );
  }
  if (!data) return <Skeleton />;
  const n = count(data);
  if (n === 0) return <EmptyState title={emptyTitle}>{emptyText}</EmptyState>;
  return <>{children(n)}</>;
}
