/**
 * Near-identical options ("We have been working on it" / "We had been working on it"): the
 * words all options share at the start and at the end, so the page can show the part that
 * differs. Options of a word or two, or with nothing in common, are left whole.
 */
export interface OptionParts {
  before: string;
  differs: string;
  after: string;
}

export function optionParts(options: readonly string[]): OptionParts[] {
  const words = options.map((o) => o.split(' '));
  const whole = options.map((o) => ({ before: '', differs: o, after: '' }));
  if (words.length < 2 || words.some((w) => w.length < 3)) return whole;
  const shortest = Math.min(...words.map((w) => w.length));
  let start = 0;
  while (start < shortest && words.every((w) => w[start] === words[0]![start])) start++;
  let end = 0;
  while (
    end < shortest - start &&
    words.every((w) => w[w.length - 1 - end] === words[0]![words[0]!.length - 1 - end])
  )
    end++;
  if (start + end === 0) return whole;
  return words.map((w) => ({
    before: w.slice(0, start).join(' '),
    differs: w.slice(start, w.length - end).join(' '),
    after: w.slice(w.length - end).join(' '),
  }));
}
