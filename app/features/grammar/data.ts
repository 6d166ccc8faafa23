import { useMemo } from 'react';
import useSWR from 'swr';
import type { TDeepDiveQuestion, TGrammarTopic } from '../../../core/content/grammar';
import type { GrammarStats } from '../../../core/grammar/api';
import { fetchJson } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { overlayStats } from '../../lib/offline-store';
import { useLocalRecords } from '../../lib/sync';

export interface GrammarIndex {
  topics: Record<string, { title: string; questions: number }>;
  deepDive: number;
}
export interface Feedback {
  praise: string[];
  failure: string[];
}

export const STATS_KEY = '/api/grammar/stats';
export const EMPTY_STATS: GrammarStats = {
  pts: { total: 0, byTag: {} },
  questions: {},
  choices: {},
  topics: {},
};

export const useGrammarIndex = () => useSWR<GrammarIndex>('/api/content/grammar', fetchJson);
export const useTopic = (topic: string) =>
  useSWR<TGrammarTopic>(`/api/content/grammar/topics/${topic}`, fetchJson);
export const useDeepDive = () =>
  useSWR<{ questions: TDeepDiveQuestion[] }>('/api/content/grammar/deep-dive', fetchJson);
export const useFeedback = () => useSWR<Feedback>('/api/content/grammar/feedback', fetchJson);

/** The signed-in user's grammar stats (uGramStats); null key for guests, so no request. */
export function useGrammarStats() {
  const { user } = useAuth();
  const swr = useSWR<GrammarStats>(user ? STATS_KEY : null, fetchJson);
  // Sync: answers kept in this browser (a guest's, or made offline) count until the server
  // has them (app/lib/sync.ts). Without any, the server's answer passes through unchanged.
  const local = useLocalRecords(user?.uid ?? null);
  const { data: server, error } = swr;
  const data = useMemo(() => {
    const mine = local.filter((r) => r.op.type === 'answer' || r.op.type === 'attempt');
    if (mine.length === 0) return server;
    const base = server ?? (user && !error ? undefined : EMPTY_STATS);
    return base && overlayStats(base, mine);
  }, [server, error, local, user]);
  return { data, error, isLoading: swr.isLoading, mutate: swr.mutate };
}
