import type { InferResponseType } from 'hono/client';
import useSWR from 'swr';
import { api } from '../lib/http-client';

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
