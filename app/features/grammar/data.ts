import useSWR from 'swr';
import type { TDeepDiveQuestion, TGrammarTopic } from '../../../core/content/grammar';
import type { GrammarStats } from '../../../core/grammar/api';
import { fetchJson } from '../../lib/api';
import { useAuth } from '../../lib/auth';

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
  return useSWR<GrammarStats>(user ? STATS_KEY : null, fetchJson);
}
