import { useMemo } from 'react';
import useSWR from 'swr';
import { api } from '../lib/http-client';
import { loadOnce } from '../lib/swr';
import { staleToday } from './today';

// What the writing feedback reads and writes besides the check (decision 053): the grammar
// topics' titles, and "Practice this" (POST /api/review/practice).

/** Grammar topics' titles by path (the catalog's index, loaded once), for naming a finding's topic. */
export function useTopicTitles(): Record<string, string> {
  const { data } = useSWR(
    '/api/content/grammar',
    async () => (await api.content.grammar.$get()).json(),
    loadOnce,
  );
  return useMemo(
    () => Object.fromEntries(Object.entries(data?.topics ?? {}).map(([k, v]) => [k, v.title])),
    [data],
  );
}

/** Puts a topic's grammar questions into the learner's review; how many were added and wait. */
export async function practiceTopic(topic: string): Promise<{ added: number; waiting: number }> {
  const res = await api.review.practice.$post({ json: { topic } });
  const result = await res.json();
  await staleToday();
  return result;
}
