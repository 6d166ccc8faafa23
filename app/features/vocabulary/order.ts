import { LEVELS, type Level, type Profession } from '../../../core/constants';
import type { SetSummary } from './api';

/**
 * Sets for this learner first: a set for their profession ranks above one that is not,
 * then sets whose words sit closest to their level.
 */
export function orderSets(sets: SetSummary[], profession: Profession, level: Level): SetSummary[] {
  const rank = LEVELS.indexOf(level);
  const distance = (s: SetSummary) =>
    Math.min(...s.levels.map((l) => Math.abs(LEVELS.indexOf(l) - rank)));
  return [...sets].sort(
    (a, b) =>
      Number(b.professions.includes(profession)) - Number(a.professions.includes(profession)) ||
      distance(a) - distance(b) ||
      a.title.localeCompare(b.title),
  );
}
