import useSWR, { mutate } from 'swr';
import type { SavedSkillScore, SkillsContent, SkillsState } from '../../core/progress/skills';
import { ApiError, api } from '../lib/http-client';
import { useAuth } from '../lib/auth';

export const SKILLS_KEY = '/api/skills';
// Not under /api/ on purpose: it is public content, so signing out need not drop it.
const CONTENT_KEY = 'skills/content';

/** The 30 skills, their groups and the target profiles (public, cacheable). */
export function useSkillsContent() {
  return useSWR<SkillsContent, ApiError>(CONTENT_KEY, async () =>
    (await api.skills.content.$get()).json(),
  );
}

/** The signed-in user's scores (baseline for unrated skills) and evidence; null key for guests. */
export function useSkillScores() {
  const { user } = useAuth();
  return useSWR<SkillsState, ApiError>(user ? SKILLS_KEY : null, async () =>
    (await api.skills.$get()).json(),
  );
}

/**
 * PUTs for one skill go out one after another: the browser may run parallel requests on
 * different connections, and a quick 2-3-4-5 with the arrow keys must end stored as 5.
 */
const queues = new Map<string, Promise<unknown>>();
function inOrder<T>(skillId: string, send: () => Promise<T>): Promise<T> {
  const run = (queues.get(skillId) ?? Promise.resolve()).catch(() => undefined).then(send);
  queues.set(skillId, run);
  const forget = () => {
    if (queues.get(skillId) === run) queues.delete(skillId);
  };
  run.then(forget, forget);
  return run;
}

const withSkill = (rated: string[], skillId: string) =>
  rated.includes(skillId) ? rated : [...rated, skillId];

/**
 * Saves one rating: the score shows at once, one PUT goes out, and on failure the cache
 * rolls back and the returned promise rejects with a message to show.
 */
export async function saveSkillScore(skillId: string, score: number): Promise<void> {
  try {
    await mutate<SkillsState, SavedSkillScore>(
      SKILLS_KEY,
      () =>
        inOrder(skillId, async () => {
          const res = await api.skills[':skillId'].$put({
            param: { skillId: encodeURIComponent(skillId) },
            json: { score },
          });
          return res.json();
        }),
      {
        optimisticData: (current) =>
          current
            ? {
                ...current,
                scores: { ...current.scores, [skillId]: score },
                rated: withSkill(current.rated, skillId),
              }
            : { scores: { [skillId]: score }, rated: [skillId], evidence: {} },
        rollbackOnError: true,
        // Merge only this skill, so a save finishing late cannot undo a newer rating elsewhere.
        populateCache: (saved, current) =>
          current
            ? {
                ...current,
                scores: { ...current.scores, [saved.skillId]: saved.score },
                rated: withSkill(current.rated, saved.skillId),
              }
            : { scores: { [saved.skillId]: saved.score }, rated: [saved.skillId], evidence: {} },
        // A rating changes no evidence, so there is nothing to fetch again.
        revalidate: false,
      },
    );
  } catch (err) {
    throw new Error(
      err instanceof ApiError && err.status === 0
        ? err.message
        : 'Your rating could not be saved, so it is back where it was. Please try again.',
    );
  }
}
