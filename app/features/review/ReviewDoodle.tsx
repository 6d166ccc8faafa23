import { useWordDoodles } from '../../data/doodles';

/**
 * The learner's own drawing of a word on its review card: a cue, never the answer. Before
 * the card is answered it does not name the word (on a recognition card the word is the
 * answer); after, it does. The latest drawing wins: saved on the account, or kept on this
 * device and not uploaded yet (app/data/doodles.ts). Loaded lazily, only for word cards
 * (ReviewCard).
 */
export default function ReviewDoodle({
  wordId,
  word,
}: {
  wordId: string;
  /** The word, once the card is answered; null before. */
  word: string | null;
}) {
  const url = useWordDoodles(true).get(wordId)?.[0]?.url;
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
