import type { InferResponseType } from 'hono/client';
import { useCallback } from 'react';
import useSWR, { mutate } from 'swr';
import { api } from '../../lib/http-client';
import { useAuth } from '../../lib/auth';
import { listsKey } from '../../lib/items';
import { knownSyncUser, recordGuestDoodle } from '../../lib/sync';

// The doodles section's data: the learner's gallery, and saving or deleting a drawing. A
// saved doodle also marks its word doodled (the server does both), so the word lists are
// fetched again after one.

export type Doodle = InferResponseType<typeof api.doodles.$get>['doodles'][number];
type Gallery = { doodles: Doodle[] };

const DOODLES_KEY = '/api/doodles';

/** The signed-in learner's doodles, newest first; no request for guests. */
export function useDoodles() {
  const { user } = useAuth();
  return useSWR(user ? DOODLES_KEY : null, async () => (await api.doodles.$get()).json());
}

/**
 * Saves a drawing of a word: `save(wordId, png)`. A guest's is kept on this device and
 * uploaded after sign-in (app/lib/sync.ts); a signed-in learner's goes to the gallery.
 * Resolves with where it went; rejects with a message for the learner.
 */
export function useSaveDoodle() {
  return useCallback(async (wordId: string, png: Blob): Promise<'saved' | 'kept'> => {
    // Asked of the sync engine, which waits for the session check (as every write does).
    if ((await knownSyncUser()) === null) {
      if (await recordGuestDoodle(wordId, await png.arrayBuffer())) return 'kept';
      throw new Error('This browser cannot keep doodles. Log in to save it.');
    }
    const res = await api.doodles[':wordId'].$post(
      { param: { wordId } },
      { headers: { 'Content-Type': 'image/png' }, init: { body: png } },
    );
    const doodle = await res.json();
    await mutate<Gallery>(DOODLES_KEY, (g) => ({ doodles: [doodle, ...(g?.doodles ?? [])] }), {
      revalidate: false,
    });
    await mutate(listsKey('word'));
    return 'saved';
  }, []);
}

/** Deletes a doodle: gone from the gallery at once, back if the server refused. */
export async function deleteDoodle(id: string): Promise<void> {
  const without = (g: Gallery | undefined) => ({
    doodles: (g?.doodles ?? []).filter((x) => x.id !== id),
  });
  await mutate<Gallery>(
    DOODLES_KEY,
    async (g) => {
      await api.doodles[':id'].$delete({ param: { id } });
      return without(g);
    },
    { optimisticData: without, rollbackOnError: true },
  );
}
