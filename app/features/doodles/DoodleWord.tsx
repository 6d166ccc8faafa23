import { useMemo } from 'react';
import { formatDayMonth } from '../../../core/dates';
import { GroupedCombobox, type ComboGroup } from '../../ui/GroupedCombobox';
import { onDark } from './doodle-paper';
import type { Kept } from '../../data/doodles';

interface Word {
  id: string;
  word: string;
}

/** The word to draw: the picker (planned words first), what it means, and the last drawing. */
export function DoodleWord({
  current,
  entry,
  planned,
  sets,
  drawn,
  latest,
  onPick,
}: {
  current: Word;
  entry: { definition: string; doodle: string } | undefined;
  planned: readonly Word[];
  sets: readonly { id: string; title: string; items: readonly Word[] }[];
  drawn: ReadonlySet<string>;
  latest: Kept | undefined;
  onPick: (id: string) => void;
}) {
  const groups = useMemo<ComboGroup[]>(() => {
    const options = (words: readonly { id: string; word: string }[]) =>
      words.map((w) => ({ id: w.id, label: w.word, note: drawn.has(w.id) ? 'drawn' : undefined }));
    return [
      ...(planned.length > 0
        ? [{ id: 'planned', title: 'Planned', options: options(planned) }]
        : []),
      ...sets.map((s) => ({ id: s.id, title: s.title, options: options(s.items) })),
    ];
  }, [planned, sets, drawn]);

  return (
    <div className="grid content-start gap-4 lg:col-start-2 lg:row-start-1">
      <GroupedCombobox
        label="Word to draw"
        groups={groups}
        value={current.id}
        placeholder="Type to find a word"
        showAllLabel="Show all words"
        onChange={onPick}
      />
      <div className="flex items-start gap-4 lg:flex-col lg:gap-3">
        <div className="min-w-0 flex-1">
          <h2 className="text-2xl font-bold" data-testid="doodle-word">
            {current.word}
          </h2>
          {entry && <p className="text-slate-700 dark:text-slate-300">{entry.definition}</p>}
          {entry && (
            <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">Idea: {entry.doodle}</p>
          )}
        </div>
        {latest && (
          <figure className="w-28 shrink-0 sm:w-40 lg:w-44">
            <img
              src={latest.url}
              alt={`Your doodle of ${current.word}`}
              className={`w-full rounded-lg border border-slate-200 dark:border-slate-700 ${onDark}`}
              width={800}
              height={560}
            />
            <figcaption className="mt-1 text-xs text-slate-600 dark:text-slate-400">
              Your last one, {formatDayMonth(latest.at)}
              {latest.onDevice ? ', on this device' : ''}
            </figcaption>
          </figure>
        )}
      </div>
    </div>
  );
}
