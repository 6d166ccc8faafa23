import useSWR from 'swr';
import { api } from '../lib/http-client';
import { loadOnce } from '../lib/swr';

// The prompts section's content; a learner's responses are items (app/lib/items.ts).

export function usePrompts() {
  return useSWR(
    '/api/content/prompts',
    async () => (await api.content.prompts.$get()).json(),
    loadOnce,
  );
}
export function usePrompt(id: string) {
  const param = { id: encodeURIComponent(id) };
  return useSWR(
    `/api/content/prompts/${param.id}`,
    async () => (await api.content.prompts[':id'].$get({ param })).json(),
    loadOnce,
  );
}
