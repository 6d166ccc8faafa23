import { seeded, shuffle } from '../random';
import type { AnswerMode, ReviewKind } from './results';

/**
 * How a card is asked in one review round, decided from what the card already holds so a
 * reload (or an answer sent after one) sees the same thing.
 */

/**
 * Word cards alternate recognition and recall, as Quizlet's Learn does: an even `reps` (a
 * new card first) chooses among four words, an odd one types the word from its meaning.
 * Grammar cards always choose.
 */
export function answerMode(kind: ReviewKind, reps: number): AnswerMode {
  return kind === 'word' && reps % 2 === 1 ? 'typed' : 'choice';
}

/**
 * The options in one round's order, shuffled from the card's seed (its id and due time: the
 * same while it waits, new each round), and where the right one went.
 */
export function shuffleOptions(
  options: readonly string[],
  correctIndex: number,
  seed: string,
): { options: string[]; correctIndex: number } {
  const order = shuffle(
    options.map((_, i) => i),
    seeded(seed),
  );
  return { options: order.map((i) => options[i] ?? ''), correctIndex: order.indexOf(correctIndex) };
}

const POSITION =
  /\b(first|second|third|fourth|last)\s+(option|answer|choice)s?\b|\boption\s+[1-4a-d]\b/i;

/**
 * Whether an explanation names options by their place ("The first option uses a…"). Such a
 * question keeps its written order in review until its explanation is reworded, so the
 * explanation points at the option it means.
 */
export const namesPositions = (explanation: string) => POSITION.test(explanation);
