import useSWR from 'swr';
import type { ContentSummary } from '../../core/content-summary';
import { api } from './api';

/** Live item counts per section (GET /api/content/summary). */
export function useContentSummary() {
  return useSWR<ContentSummary>('content/summary', async () => {
    const res = await api.content.summary.$get();
    return res.json();
  });
}
