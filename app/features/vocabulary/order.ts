import { useMemo } from 'react';
import { LEVELS, type Level, type Profession } from '../../../core/constants';
import { useSettings } from '../../lib/settings';
import { vocabularyUnit } from '../../../core/vocabulary/path';
import { useWordSets, type SetSummary } from '../../data/word-sets';

const byTitle = new Intl.Collator('en');

/**
 * Sets for this learner first: a set for their profession ranks above one that is not,
 * then sets whose level (their unit's on the vocabulary path) is closest to theirs.
 */
export function orderSets(sets: SetSummary[], profession: Profession, level: Level): SetSummary[] {
  const rank = LEVELS.indexOf(level);
  const distance = (s: SetSummary) =>
    Math.abs(LEVELS.indexOf(vocabularyUnit(s.unit)?.level ?? level) - rank);
  return [...sets].sort(
    (a, b) =>
      Number(b.professions.includes(profession)) - Number(a.professions.includes(profession)) ||
      distance(a) - distance(b) ||
      byTitle.compare(a.title, b.title),
  );
}

/** The set after this one in the learner's order (orderSets), wrapping round; null until known. */
export function useNextSet(id: string): { id: string; title: string } | null {
  const { data } = useWordSets();
  const { profession, level } = useSettings();
  // One object per change, so a memoized component given it is not drawn again.
  return useMemo(() => {
    if (!data) return null;
    const ordered = orderSets(data.sets, profession, level);
    const at = ordered.findIndex((s) => s.id === id);
    const next = ordered[(at + 1) % ordered.length];
    return next && next.id !== id ? { id: next.id, title: next.title } : null;
  }, [data, profession, level, id]);
}
