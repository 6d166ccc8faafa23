import { INTERVIEW_TYPES, type InterviewType } from '../../../core/constants';
import type { TInterviewQuestion } from '../../../core/content/practice';
import { paths } from '../../../core/paths';
import { useInterviewSet } from '../../lib/practice';

export interface QuestionRef {
  question: TInterviewQuestion;
  type: InterviewType;
}

/** The page of a question's type with its practice panel open. */
export function questionLink(type: InterviewType, id: string): string {
  return `${paths.interviewType(type)}?interview=${encodeURIComponent(id)}`;
}

/** All three question sets (each loaded once per app run) and every question by id. */
export function useAllInterviewSets() {
  // One call per type, always in this order (hooks cannot run in a loop over data).
  const results = {
    behavioral: useInterviewSet('behavioral'),
    'system-design': useInterviewSet('system-design'),
    coding: useInterviewSet('coding'),
  } satisfies Record<InterviewType, unknown>;
  const byId = new Map<string, QuestionRef>();
  for (const type of INTERVIEW_TYPES)
    for (const question of results[type].data?.questions ?? [])
      byId.set(question.id, { question, type });
  return {
    sets: results,
    byId,
    loaded: INTERVIEW_TYPES.every((t) => results[t].data !== undefined),
    failed: INTERVIEW_TYPES.some((t) => results[t].error !== undefined),
  };
}

/** The SWR key of a question's saved recordings (newest first). */
export function recordingsKey(questionId: string): string {
  return `/api/recordings?interview=${encodeURIComponent(questionId)}`;
}
