import useSWR from 'swr';
import type { ContentSummary } from '../../core/content/summary';
import { api } from './http-client';
import { loadOnce } from './swr';

// Content shared across sections (the home page's counts, the job names of the catalog).

/** Live item counts per section (GET /api/content/summary). */
export function useContentSummary() {
  return useSWR<ContentSummary>('/api/content/summary', async () => {
    const res = await api.content.summary.$get();
    return res.json();
  });
}

const NO_JOBS: readonly string[] = [];

/** The catalog's job names; empty until loaded (suggestions simply appear later). */
export function useJobNames(): readonly string[] {
  // The list does not change while the app runs: load it once, not on every visit.
  const { data } = useSWR(
    '/api/content/jobs',
    async () => (await api.content.jobs.$get()).json(),
    loadOnce,
  );
  return data?.jobs ?? NO_JOBS;
}
