import { useState } from 'react';
import type { Kept } from '../../data/doodles';

/**
 * The learner's drawing of a word as its picture: the latest one, and — where there are
 * several — the others one tap away (thumbnails that show each in its place). `size`
 * 'thumb' is the card's, 'large' the dialog's.
 */
export function WordPicture({
  word,
  doodles,
  size,
}: {
  word: string;
  doodles: readonly Kept[];
  size: 'thumb' | 'large';
}) {
  const [shown, setShown] = useState(0);
  const current = doodles[shown] ?? doodles[0];
  if (!current) return null;
  if (size === 'thumb')
    return (
      <img
        src={current.url}
        alt={`Your drawing of “${word}”`}
        width={64}
        height={64}
        loading="lazy"
        className="size-16 shrink-0 rounded-lg border border-slate-200 bg-white object-contain dark:border-slate-600"
      />
    );
  return (
    <figure className="mt-4">
      <img
        src={current.url}
        alt={`Your drawing of “${word}”${doodles.length > 1 ? ` (${shown + 1} of ${doodles.length})` : ''}`}
        width={320}
        height={240}
        className="max-h-60 w-full rounded-xl border border-slate-200 bg-white object-contain dark:border-slate-600"
      />
      {doodles.length > 1 && (
        <figcaption className="mt-2">
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Your {doodles.length} drawings of this word
          </p>
          <ul className="mt-1 flex flex-wrap gap-2">
            {doodles.map((d, i) => (
              <li key={d.key}>
                <button
                  type="button"
                  onClick={() => setShown(i)}
                  aria-pressed={i === shown}
                  aria-label={`Show drawing ${i + 1} of ${doodles.length}`}
                  className="block rounded-lg border-2 border-transparent aria-pressed:border-brand-700 dark:aria-pressed:border-sky-400"
                >
                  <img
                    src={d.url}
                    alt=""
                    width={48}
                    height={48}
                    loading="lazy"
                    className="size-12 rounded-md bg-white object-contain"
                  />
                </button>
              </li>
            ))}
          </ul>
        </figcaption>
      )}
    </figure>
  );
}
