import useSWR from 'swr';
import { api } from '../../lib/http-client';
import { loadOnce } from '../../lib/swr';

// The activities' content; a learner's answers are items (app/lib/items.ts).

export function useActivities() {
  return useSWR(
    '/api/content/activities',
    async () => (await api.content.activities.$get()).json(),
    loadOnce,
  );
}
export function useActivity(id: string | null) {
  const param = { id: encodeURIComponent(id ?? '') };
  return useSWR(
    id ? `/api/content/activities/${param.id}` : null,
    async () => (await api.content.activities[':id'].$get({ param })).json(),
    loadOnce,
  );
}
