import useSWR from 'swr';
import { api } from '../../lib/http-client';
import { loadOnce } from '../../lib/swr';

// The insights section's content; a learner's applications are items (app/lib/items.ts).

export function useInsights() {
  return useSWR(
    '/api/content/insights',
    async () => (await api.content.insights.$get()).json(),
    loadOnce,
  );
}
export function useInsight(id: string) {
  const param = { id: encodeURIComponent(id) };
  return useSWR(
    `/api/content/insights/${param.id}`,
    async () => (await api.content.insights[':id'].$get({ param })).json(),
    loadOnce,
  );
}
