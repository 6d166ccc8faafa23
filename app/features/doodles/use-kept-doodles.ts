import { useMemo } from 'react';
import { forgetGuestDoodle, useGuestDoodles } from '../../lib/sync';
import { deleteDoodle, useDoodles } from './queries';

/** A drawing the learner keeps: on their account, or (a guest's) on this device. */
export interface Kept {
  key: string;
  wordId: string;
  url: string;
  at: string;
  onDevice: boolean;
  remove: () => Promise<void>;
}

/** PNG bytes as a data: URL (pure, so nothing to revoke). */
function pngUrl(png: ArrayBuffer): string {
  const bytes = new Uint8Array(png);
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:image/png;base64,${btoa(text)}`;
}

/**
 * Everything drawn, newest first: the account's gallery and what this device keeps; and the
 * ids of the words drawn.
 */
export function useKeptDoodles() {
  const { data: gallery } = useDoodles();
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
