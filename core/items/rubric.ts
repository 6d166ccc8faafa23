import { MODEL_ANSWER_AFTER_WORDS } from '../constants';
import { countWords } from '../text';
import { selfReviewScore } from './interviews';

/**
 * Whether a draft counts as a try: what opens a prompt's model answer and rubric, and an
 * interview answer's model (with a recording or "I have answered it aloud"). Seeing the
 * answer first would turn writing into copying.
 */
export function hasTried(text: string): boolean {
  return countWords(text) >= MODEL_ANSWER_AFTER_WORDS;
}

/** What a rubric is built from: a prompt's (or any item's) tips and outline. */
export interface RubricSource {
  tips: readonly string[];
  outline: readonly string[];
}

/** A rubric check the learner ticked, kept in the prompt record's entries beside the draft. */
export interface RubricEntry {
  type: 'rubric';
  /** The lines the learner says their draft meets, in the rubric's order. */
  met: string[];
  /** selfReviewScore of met against the rubric's lines when it was saved. */
  score: number;
  at: string;
}

const clause = (line: string) => line.trim().replace(/[.;:]+$/, '');

/**
 * One yes/no check per outline part (does the draft have it?), then one per tip (did the
 * draft follow it?). The content's own words are quoted rather than rephrased: a tip may
 * start with any word, and a rewritten one could say something the author did not.
 */
export function rubricLines(item: RubricSource): string[] {
  return [
    ...item.outline.map((part) => `Does your draft include “${clause(part)}”?`),
    ...item.tips.map((tip) => `Did you follow the tip “${clause(tip)}”?`),
  ];
}

export function isRubricEntry(e: unknown): e is RubricEntry {
  return (
    typeof e === 'object' &&
    e !== null &&
    (e as { type?: unknown }).type === 'rubric' &&
    Array.isArray((e as { met?: unknown }).met)
  );
}

/** The saved check's lines that are still in the rubric (content may have changed since). */
export function savedRubricMet(entries: readonly unknown[], lines: readonly string[]): string[] {
  const saved = entries.find(isRubricEntry);
  if (!saved) return [];
  const met = new Set(saved.met);
  return lines.filter((line) => met.has(line));
}

export function makeRubricEntry(
  met: readonly string[],
  lines: readonly string[],
  at = new Date(),
): RubricEntry {
  const kept = lines.filter((line) => met.includes(line));
  return {
    type: 'rubric',
    met: kept,
    score: selfReviewScore(kept.length, lines.length),
    at: at.toISOString(),
  };
}
