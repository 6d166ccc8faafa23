import { links } from '../../../core/paths';
import { Link } from 'wouter';
import { formatDayMonth } from '../../../core/dates';
import { onDark } from './doodle-paper';
import type { Kept } from '../../data/doodles';

/** "Your doodles": each kept drawing, a link to draw its word again, and Delete. */
export function DoodleGallery({
  kept,
  signedIn,
  wordOf,
  onRemove,
}: {
  kept: readonly Kept[];
  signedIn: boolean;
  wordOf: (id: string) => string;
  onRemove: (d: Kept) => Promise<void>;
}) {
  return (
    <aside aria-labelledby="gallery-title" className="lg:col-start-2 lg:row-start-2">
      <h2 id="gallery-title" className="text-lg font-semibold">
        Your doodles
      </h2>
      {kept.length === 0 && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          {signedIn
            ? 'Nothing saved yet. Draw a word and save it.'
            : 'Nothing kept yet. Draw a word and keep it on this device.'}
        </p>
      )}
      {!signedIn && kept.length > 0 && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          Kept on this device. Log in to save them to your account.
        </p>
      )}
      <ul
        className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-2"
        aria-label="Saved doodles"
      >
        {kept.map((d) => (
          <li key={d.key} className="rounded-xl border border-slate-200 p-2 dark:border-slate-700">
            <Link
              to={links.doodle(d.wordId)}
              replace
              aria-label={`Draw ${wordOf(d.wordId)} again`}
              className="block"
            >
              <img
                src={d.url}
                alt={`Doodle of ${wordOf(d.wordId)}`}
                className={`w-full rounded-lg ${onDark}`}
                width={800}
                height={560}
                loading="lazy"
              />
            </Link>
            <div className="mt-1 flex flex-wrap items-center justify-between gap-x-2 text-sm">
              <span>
                <strong>{wordOf(d.wordId)}</strong> · {formatDayMonth(d.at)}
                {d.onDevice && (
                  <span className="block text-xs text-slate-600 dark:text-slate-400">
                    On this device
                  </span>
                )}
              </span>
              <button
                type="button"
                className="min-h-8 text-red-700 underline dark:text-red-400"
                onClick={() => void onRemove(d)}
                aria-label={`Delete doodle of ${wordOf(d.wordId)}`}
              >
                Delete
              </button>
            </div>
          </li>
        ))}
      </ul>
    </aside>
  );
}
