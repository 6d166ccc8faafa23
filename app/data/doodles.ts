import type { InferResponseType } from 'hono/client';
import { useCallback, useMemo } from 'react';
import useSWR, { mutate } from 'swr';
import { api } from '../lib/http-client';
import { useAuth } from '../lib/auth';
import { listsKey } from '../lib/items';
import { forgetGuestDoodle, knownSyncUser, recordGuestDoodle, useGuestDoodles } from '../lib/sync';

// The doodles section's data: the learner's gallery, and saving or deleting a drawing. A
// saved doodle also marks its word doodled (the server does both), so the word lists are
// fetched again after one.

export type Doodle = InferResponseType<typeof api.doodles.$get>['doodles'][number];
type Gallery = { doodles: Doodle[] };

const DOODLES_KEY = '/api/doodles';

/**
 * The signed-in learner's doodles, newest first; no request for guests, nor while `wanted`
 * is false (a page that shows drawings only of words it knows were drawn).
 */
export function useDoodles(wanted = true) {
  const { user } = useAuth();
  return useSWR(user && wanted ? DOODLES_KEY : null, async () => (await api.doodles.$get()).json());
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

/** PNG bytes as a data: URL (pure, so nothing to revoke). */
function pngUrl(png: ArrayBuffer): string {
  const bytes = new Uint8Array(png);
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:image/png;base64,${btoa(text)}`;
}

/** A drawing the learner keeps: on their account, or (a guest's) on this device. */
export interface Kept {
  key: string;
  wordId: string;
  url: string;
  at: string;
  onDevice: boolean;
  remove: () => Promise<void>;
}

/**
 * Everything drawn, newest first: the account's gallery and what this device keeps; and the
 * ids of the words drawn. `wanted` false skips the account's gallery (nothing drawn there).
 */
export function useKeptDoodles(wanted = true) {
  const { data: gallery } = useDoodles(wanted);
  const onDevice = useGuestDoodles();
  const kept = useMemo<Kept[]>(
    () =>
      [
        ...(gallery?.doodles ?? []).map((d) => ({
          key: d.id,
          wordId: d.wordId,
          url: d.url,
          at: d.createdAt,
          onDevice: false,
          remove: () => deleteDoodle(d.id),
        })),
        ...onDevice.map((d) => ({
          key: d.opId,
          wordId: d.wordId,
          url: pngUrl(d.png),
          at: d.at,
          onDevice: true,
          remove: () => forgetGuestDoodle(d.opId),
        })),
      ].sort((a, b) => b.at.localeCompare(a.at)),
    [gallery, onDevice],
  );
  const drawn = useMemo(() => new Set(kept.map((d) => d.wordId)), [kept]);
  return { kept, drawn };
}

/**
 * Each drawn word's doodles, newest first: a word's picture is its latest drawing, the others
 * one tap away (WordPicture). `wanted`: whether the account has drawings of these words.
 */
export function useWordDoodles(wanted: boolean): ReadonlyMap<string, readonly Kept[]> {
  const { kept } = useKeptDoodles(wanted);
  return useMemo(() => {
    const byWord = new Map<string, Kept[]>();
    for (const d of kept) {
      const list = byWord.get(d.wordId);
      if (list) list.push(d);
      else byWord.set(d.wordId, [d]);
    }
    return byWord;
  }, [kept]);
}
