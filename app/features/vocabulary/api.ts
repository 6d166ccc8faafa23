import type { InferResponseType } from 'hono/client';
import useSWR from 'swr';
import { api } from '../../lib/api';
import { useSettings } from '../../lib/settings';
import { orderSets } from './order';

// The vocabulary section's content. The learner's words (planned, completed, liked…) are
// items (app/lib/items.ts).

export type SetSummary = InferResponseType<typeof api.content.vocabulary.$get>['sets'][number];

export const useWordSets = () =>
  useSWR('/api/content/vocabulary', async () => (await api.content.vocabulary.$get()).json());
/** One set with its words; no request without an id. */
export const useWordSet = (id: string) =>
  useSWR(id ? `/api/content/vocabulary/${id}` : null, async () =>
    (await api.content.vocabulary[':set'].$get({ param: { set: id } })).json(),
  );

/** The set after this one in the learner's order (orderSets), wrapping round; null until known. */
export function useNextSet(id: string): { id: string; title: string } | null {
  const { data } = useWordSets();
  const { profession, level } = useSettings();
  if (!data) return null;
  const ordered = orderSets(data.sets, profession, level);
  const at = ordered.findIndex((s) => s.id === id);
  const next = ordered[(at + 1) % ordered.length];
  return next && next.id !== id ? { id: next.id, title: next.title } : null;
}
