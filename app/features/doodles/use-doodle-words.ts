import { useMemo } from 'react';
import { useItemLists } from '../../lib/items';
import { useWordSet, useWordSets } from '../../data/word-sets';

/**
 * The words a learner can draw: every set's words, their planned ones, and the word on the
 * sheet — the one asked for or, without one (or one that does not exist), the first planned.
 */
export function useDoodleWords(asked: string | null) {
  const { data: sets } = useWordSets();
  const { data: lists } = useItemLists('word');

  const allWords = useMemo(
    () => (sets?.sets ?? []).flatMap((s) => s.items.map((w) => ({ ...w, set: s.id }))),
    [sets],
  );
  const planned = useMemo(
    () =>
      (lists?.planned ?? [])
        .map((id) => allWords.find((w) => w.id === id))
        .filter((w) => w !== undefined),
    [lists, allWords],
  );
  const current = allWords.find((w) => w.id === asked) ?? planned[0] ?? allWords[0] ?? null;
  const wordId = current?.id ?? null;
  const { data: set } = useWordSet(current?.set ?? '');
  const entry = set?.words.find((w) => w.id === wordId);
  const wordOf = (id: string) => allWords.find((w) => w.id === id)?.word ?? id;
  return { sets, planned, current, wordId, entry, wordOf };
}
