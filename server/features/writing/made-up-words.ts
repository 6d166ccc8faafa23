import { WRITING_CHECK_MAX_CHARS } from '../../../core/writing/findings';

/**
 * The slowest text we know for the checker: 10,000 characters of made-up words in one
 * sentence (Harper searches its dictionary for every unknown word; compromise matches slowly
 * in a long sentence). The same `seed` gives the same text; Harper caches text it has seen,
 * so a new seed is a new cost. For tests and the benchmark.
 */
export function madeUpWords(seed: number, chars = WRITING_CHECK_MAX_CHARS): string {
  let s = seed % 2 ** 31;
  const random = () => (s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const letters = 'aeiouaeioubcdfghlmnprstw';
  const word = () =>
    Array.from(
      { length: 6 + Math.floor(random() * 6) },
      () => letters[Math.floor(random() * letters.length)],
    ).join('');
  return `${Array.from({ length: Math.ceil(chars / 6) }, word)
    .join(' ')
    .slice(0, chars - 1)}.`;
}
