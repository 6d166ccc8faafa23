import useSWR, { mutate } from 'swr';
import { beatsBest, isPlausibleMatchMs, type MatchSaved } from '../../../../core/vocabulary/match';
import { useAuth } from '../../../lib/auth';
import { api } from '../../../lib/http-client';
import { readLocal, useLocalValue, writeLocal } from '../../../lib/local-store';
import { useHydrated } from '../../../lib/ssr-data';
import { isQueued, knownSyncUser, recordGuest, sendOrQueue } from '../../../lib/sync';

// A learner's best Match time per word set: on the account when signed in
// (`/api/vocabulary/:set/match`), on this device for a guest (localStorage), where it is also
// kept as a sync op, so the account keeps the better of the two on sign-up.

const deviceKey = (setId: string) => `skillway.matchBest.${setId}`;
const bestKey = (setId: string) => `/api/vocabulary/${setId}/match`;

function deviceBest(raw: string | null): number | null {
  const ms = Number(raw);
  return raw !== null && isPlausibleMatchMs(ms) ? ms : null;
}

/**
 * The best time in a set (null: none yet) and whether it is known: a learner's from the API,
 * a guest's from this device — known once the page is hydrated (the server cannot see the
 * device) and the session check has answered (a learner is not shown "no best time" first).
 */
export function useMatchBest(setId: string, signedIn: boolean) {
  const hydrated = useHydrated();
  const { loading } = useAuth();
  const device = useLocalValue(deviceKey(setId));
  const { data } = useSWR(signedIn ? bestKey(setId) : null, async () =>
    (await api.vocabulary[':set'].match.$get({ param: { set: setId } })).json(),
  );
  return signedIn
    ? { best: data?.bestMs ?? null, known: data !== undefined }
    : { best: deviceBest(device), known: hydrated && !loading };
}

/** Where a finished game's time went. */
export type MatchKept = MatchSaved & { where: 'account' | 'device' | 'outbox' };

/**
 * Keeps a finished game's time: for a learner, on the account (offline, in the outbox until
 * the network returns); for a guest, on this device when it beats the device's best, with the
 * sync op that gives it to the account on sign-up. `knownBest` is the best shown before the
 * game, for the offline case. Rejects with an ApiError when the server refuses.
 */
export async function keepMatchTime(
  setId: string,
  ms: number,
  knownBest: number | null,
): Promise<MatchKept> {
  const op = { opId: crypto.randomUUID(), type: 'match' as const, setId, ms };
  const userId = await knownSyncUser();
  if (userId === null) {
    const before = deviceBest(readLocal(deviceKey(setId)));
    const newBest = beatsBest(ms, before);
    if (newBest) {
      writeLocal(deviceKey(setId), String(ms));
      await recordGuest(op);
    }
    return { bestMs: newBest ? ms : (before ?? ms), newBest, where: 'device' };
  }
  const post = async () =>
    (await api.vocabulary[':set'].match.$post({ param: { set: setId }, json: { ms } })).json();
  try {
    // Auth that never answered (undefined): sent as it is, with nowhere to keep it.
    const saved = userId ? await sendOrQueue(userId, op, undefined, post) : await post();
    await mutate(bestKey(setId), { bestMs: saved.bestMs }, { revalidate: false });
    return { ...saved, where: 'account' };
  } catch (err) {
    if (!isQueued(err)) throw err;
    const newBest = beatsBest(ms, knownBest);
    const bestMs = newBest ? ms : (knownBest ?? ms);
    await mutate(bestKey(setId), { bestMs }, { revalidate: false });
    return { bestMs, newBest, where: 'outbox' };
  }
}
