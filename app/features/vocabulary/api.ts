import type { InferResponseType } from 'hono/client';
import useSWR from 'swr';
import { api } from '../../lib/api';

// The vocabulary section's content. The learner's words (planned, completed, liked…) are
// items (app/lib/items.ts).

export type SetSummary = InferResponseType<typeof api.content.vocabulary.$get>['sets'][number];

export const useWordSets = () =>
  useSWR('/api/content/vocabulary', async () => (await api.content.vocabulary.$get()).json());
export const useWordSet = (id: string) =>
  useSWR(`/api/content/vocabulary/${id}`, async () =>
    (await api.content.vocabulary[':set'].$get({ param: { set: id } })).json(),
  );
