import useSWR from 'swr';
import type { InterviewType } from '../../core/constants';
import type {
  TActivity,
  TActivitySummary,
  TInsight,
  TInsightSummary,
  TInterviewQuestion,
  TPrompt,
  TPromptSummary,
} from '../../core/content/practice';
import { fetchJson } from './api';

// Content changes only with a deploy: load each once per app run, never on every visit.
const once = { revalidateIfStale: false } as const;

export function usePrompts() {
  return useSWR<{ prompts: TPromptSummary[] }>('/api/content/prompts', fetchJson, once);
}
export function usePrompt(id: string) {
  return useSWR<TPrompt>(`/api/content/prompts/${encodeURIComponent(id)}`, fetchJson, once);
}
export function useInsights() {
  return useSWR<{ insights: TInsightSummary[] }>('/api/content/insights', fetchJson, once);
}
export function useInsight(id: string) {
  return useSWR<TInsight>(`/api/content/insights/${encodeURIComponent(id)}`, fetchJson, once);
}
export function useInterviewSet(type: InterviewType) {
  return useSWR<{ type: InterviewType; questions: TInterviewQuestion[] }>(
    `/api/content/interviews/${type}`,
    fetchJson,
    once,
  );
}
export function useActivities() {
  return useSWR<{ activities: TActivitySummary[] }>('/api/content/activities', fetchJson, once);
}
export function useActivity(id: string | null) {
  return useSWR<TActivity>(
    id ? `/api/content/activities/${encodeURIComponent(id)}` : null,
    fetchJson,
    once,
  );
}
