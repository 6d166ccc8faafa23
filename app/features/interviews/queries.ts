import useSWR, { mutate } from 'swr';
import { INTERVIEW_TYPES, type InterviewType } from '../../../core/constants';
import type { TInterviewQuestion } from '../../../core/content/practice';
import type { Recording } from '../../../core/items/interviews';
import { links } from '../../../core/paths';
import { api } from '../../lib/http-client';
import { loadOnce } from '../../lib/swr';

// The interviews section's data: the question sets, and a learner's recordings of their
// answers (audio files, listed per question). Self-reviews are items (app/lib/items.ts).

export interface QuestionRef {
  question: TInterviewQuestion;
  type: InterviewType;
}

/** The page of a question's type with its practice panel open. */
export function questionLink(type: InterviewType, id: string): string {
  return links.interviewQuestion(type, id);
}

/** One type's questions; premium ones come without their guidance for free learners. */
export function useInterviewSet(type: InterviewType) {
  return useSWR(
    `/api/content/interviews/${type}`,
    async () => (await api.content.interviews[':type'].$get({ param: { type } })).json(),
    loadOnce,
  );
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

type RecordingList = { recordings: Recording[] };
const recordingsKey = (questionId: string) =>
  `/api/recordings?interview=${encodeURIComponent(questionId)}`;

/** The signed-in learner's saved answers to one question, newest first (null: none asked). */
export function useRecordings(questionId: string | null) {
  return useSWR(questionId === null ? null : recordingsKey(questionId), async () =>
    (await api.recordings.$get({ query: { interview: questionId ?? '' } })).json(),
  );
}

/** Stores a recorded answer (the audio as it is) and puts it first in the question's list. */
export async function saveRecording(
  questionId: string,
  audio: Blob,
  durationMs: number,
): Promise<Recording> {
  const res = await api.recordings[':interviewId'].$post(
    {
      param: { interviewId: encodeURIComponent(questionId) },
      query: { durationMs: String(durationMs) },
    },
    { headers: { 'Content-Type': audio.type || 'audio/webm' }, init: { body: audio } },
  );
  const recording = await res.json();
  void mutate<RecordingList>(
    recordingsKey(questionId),
    (list) => ({
      recordings: [recording, ...(list?.recordings ?? []).filter((r) => r.id !== recording.id)],
    }),
    { revalidate: false },
  );
  return recording;
}

/** Deletes a recording: gone from the list at once, back if the server refused. */
export async function deleteRecording(questionId: string, id: string): Promise<void> {
  const without = (list: RecordingList | undefined) => ({
    recordings: (list?.recordings ?? []).filter((r) => r.id !== id),
  });
  await mutate<RecordingList>(
    recordingsKey(questionId),
    async (list) => {
      await api.recordings[':id'].$delete({ param: { id: encodeURIComponent(id) } });
      return without(list);
    },
    { optimisticData: without, rollbackOnError: true, revalidate: false },
  );
}
