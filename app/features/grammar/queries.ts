import { useCallback } from 'react';
import useSWR, { mutate } from 'swr';
import { EMPTY_STATS, type GrammarStats } from '../../../core/grammar/results';
import type { GoalAfterWrite } from '../../../core/progress/goal';
import { EMPTY_HISTORY, recordRun, type QuizHistory } from '../../../core/grammar/quiz-pick';
import {
  addAnswer,
  addAttempt,
  gradeAnswer,
  gradeAttempt,
  type Gradable,
} from '../../../core/grammar/scoring';
import { POINTS_PER_SINGLE_QUESTION } from '../../../core/constants';
import { ApiError, api } from '../../lib/http-client';
import { readLocal, writeLocal } from '../../lib/local-store';
import { isQueued, knownSyncUser, recordGuest, sendOrQueue } from '../../lib/sync';
import { inZone } from '../../lib/time-zone';
import { STATS_KEY } from '../../data/grammar';
import { checkGoal } from '../../data/goal-check';

// The grammar section's queries: content and the two writes (one answer, one finished quiz).
// The learner's stats, which Today reads too, are app/data/grammar.ts. The write hooks alone
// decide between a guest's store on this device, the offline outbox and an optimistic send
// with rollback (app/lib/sync.ts); pages only say what was answered.

export const useGrammarIndex = () =>
  useSWR('/api/content/grammar', async () => (await api.content.grammar.$get()).json());
export const useTopic = (topic: string) =>
  useSWR(`/api/content/grammar/topics/${topic}`, async () =>
    (await api.content.grammar.topics[':topic'].$get({ param: { topic } })).json(),
  );
export const useDeepDive = () =>
  useSWR('/api/content/grammar/deep-dive', async () =>
    (await api.content.grammar['deep-dive'].$get()).json(),
  );
export const useFeedback = () =>
  useSWR('/api/content/grammar/feedback', async () =>
    (await api.content.grammar.feedback.$get()).json(),
  );

/** Where a write ended up: on the server, kept for a guest, or waiting in the outbox. */
export type WriteOutcome = 'saved' | 'kept' | 'queued';

const failure = (err: unknown, message: string) =>
  new Error(err instanceof ApiError && err.status === 0 ? err.message : message);

/**
 * Stats writes: a guest's is kept on this device until they sign in; a learner's is applied
 * optimistically, sent (or queued offline), and rolled back if refused. Who is signed in is
 * asked of the sync engine, which waits for the session check: an answer given before it
 * returns still goes to the learner's account (with its review card), not to this device.
 * A saved write's reply carries the daily goal after it (`goal`, for the banner).
 */
async function sendStats(
  op: Parameters<typeof sendOrQueue>[1],
  view: Parameters<typeof sendOrQueue>[2],
  send: () => Promise<{ goal?: GoalAfterWrite | null }>,
  optimistic: (stats: GrammarStats) => GrammarStats,
  message: string,
): Promise<{ outcome: WriteOutcome; goal?: GoalAfterWrite | null }> {
  const uid = await knownSyncUser();
  if (uid === null) {
    await recordGuest(op, view);
    return { outcome: 'kept' };
  }
  let goal: GoalAfterWrite | null | undefined;
  try {
    await mutate<GrammarStats>(
      STATS_KEY,
      async () => {
        ({ goal } = await (uid ? sendOrQueue(uid, op, view, send) : send()));
        return undefined; // revalidate from the server
      },
      {
        optimisticData: (current) => optimistic(current ?? EMPTY_STATS),
        rollbackOnError: true,
        populateCache: false,
        revalidate: true,
      },
    );
    return { outcome: 'saved', goal };
  } catch (err) {
    if (isQueued(err)) return { outcome: 'queued' }; // kept on this device; SyncStatus says it is waiting
    throw failure(err, message);
  }
}

/** Answers a single (deep-dive) question: `answer(questionId, question, choice)`. */
export function useAnswerQuestion() {
  return useCallback(
    async (questionId: string, question: Gradable, choiceIndex: number): Promise<WriteOutcome> => {
      const graded = gradeAnswer(question, choiceIndex);
      const op = { opId: crypto.randomUUID(), type: 'answer' as const, questionId, choiceIndex };
      const view = { correct: graded.correct, tags: [...question.tags] };
      const { outcome, goal } = await sendStats(
        op,
        view,
        () =>
          inZone(async (tz) =>
            (
              await api.grammar.answers.$post({ json: { questionId, choiceIndex }, query: { tz } })
            ).json(),
          ),
        (stats) => addAnswer(stats, questionId, choiceIndex, graded),
        'Your answer could not be saved. Check your connection; it still counts here.',
      );
      void checkGoal(outcome, graded.correct ? POINTS_PER_SINGLE_QUESTION : 0, goal);
      return outcome;
    },
    [],
  );
}

export interface QuizRun {
  /** One per run of a quiz; a retried submit reuses it, so the server applies it once. */
  attemptId: string;
  topicId: string;
  questions: readonly (Gradable & { id: string })[];
  answers: readonly number[];
}

/** Submits a finished quiz: `submit(run)`. Guests' runs are kept until they sign in. */
export function useSubmitAttempt() {
  return useCallback(async (run: QuizRun): Promise<WriteOutcome> => {
    const graded = gradeAttempt(run.questions, run.answers);
    const questionIds = run.questions.map((q) => q.id);
    const request = {
      attemptId: run.attemptId,
      topicId: run.topicId,
      questionIds,
      answers: [...run.answers],
    };
    const op = { opId: crypto.randomUUID(), type: 'attempt' as const, ...request };
    const { total, ...byTag } = graded.byTag;
    const view = { score: graded.score, points: total ?? 0, byTag };
    const { outcome, goal } = await sendStats(
      op,
      view,
      () =>
        inZone(async (tz) =>
          (await api.grammar.attempts.$post({ json: request, query: { tz } })).json(),
        ),
      (stats) => addAttempt(stats, run.topicId, graded),
      'Your result could not be saved. Please try again.',
    );
    void checkGoal(outcome, total ?? 0, goal);
    return outcome;
  }, []);
}

const historyKey = (topicId: string) => `skillway.quizHistory.${topicId}`;

/** Which questions of a topic this device has asked, and which were missed (quiz rotation). */
export function readQuizHistory(topicId: string): QuizHistory {
  try {
    const raw = readLocal(historyKey(topicId));
    const parsed = raw ? (JSON.parse(raw) as Partial<QuizHistory>) : null;
    if (!parsed || !Array.isArray(parsed.seen) || !Array.isArray(parsed.wrong))
      return EMPTY_HISTORY;
    return { seen: parsed.seen.map(String), wrong: parsed.wrong.map(String) };
  } catch {
    return EMPTY_HISTORY;
  }
}

/** Records a finished run in the topic's history. */
export function saveQuizRun(
  topicId: string,
  bankIds: readonly string[],
  asked: readonly string[],
  wrong: readonly string[],
): void {
  writeLocal(
    historyKey(topicId),
    JSON.stringify(recordRun(readQuizHistory(topicId), bankIds, asked, wrong)),
  );
}
