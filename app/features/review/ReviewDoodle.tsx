import { useMemo } from 'react';
import { useGuestDoodles } from '../../lib/sync';
import { useSavedDoodles } from './queries';

/**
 * The learner's own drawing of a word on its review card: a cue, never the answer. Before
 * the card is answered it does not name the word (on a recognition card the word is the
 * answer); after, it does. The latest drawing wins: saved on the account, or kept on this
 * device and not uploaded yet. Loaded lazily, only for word cards (ReviewCard).
 */
export default function ReviewDoodle({
  wordId,
  word,
}: {
  wordId: string;
  /** The word, once the card is answered; null before. */
  word: string | null;
}) {
  const { data } = useSavedDoodles();
  const kept = useGuestDoodles();
  const saved = useMemo(
    () =>
      (data?.doodles ?? [])
        .filter((d) => d.wordId === wordId)
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0],
    [data, wordId],
  );
  const onDevice = useMemo(
    () =>
      kept.filter((d) => d.wordId === wordId).sort((a, b) => b.at.localeCompare(a.at))[0] ?? null,
    [kept, wordId],
  );
  const fromDevice = onDevice !== null && (!saved || onDevice.at > saved.createdAt);
  const deviceUrl = useMemo(
    () => (fromDevice ? pngUrl(onDevice.png) : null),
    [fromDevice, onDevice],
  );
  const url = fromDevice ? deviceUrl : saved?.url;
  if (!url) return null;
  return (
    <figure className="shrink-0 text-center" data-testid="review-doodle">
      <img
        src={url}
        alt={word ? `Your drawing of ${word}` : 'Your drawing for this word'}
        width={80}
        height={80}
        decoding="async"
        className="size-16 rounded-lg border border-slate-300 bg-white object-contain sm:size-20 dark:border-slate-600"
      />
      {/* Two lines kept from the start, so naming the word afterwards moves nothing. */}
      <figcaption className="mt-1 min-h-[2lh] max-w-24 text-xs break-words text-slate-600 dark:text-slate-300">
        {word ? <span className="font-semibold">‘{word}’</span> : 'Your drawing'}
      </figcaption>
    </figure>
  );
}

/** PNG bytes kept on this device as a data: URL (pure, so nothing to revoke). */
function pngUrl(png: ArrayBuffer): string {
  const bytes = new Uint8Array(png);
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:image/png;base64,${btoa(text)}`;
}
