/**
 * The first sentence of a paragraph, for previews: a card shows a whole sentence rather
 * than a paragraph cut off at a line count. A sentence ends at `.`, `!` or `?` followed by
 * a space and the next sentence's capital, digit or quote; a paragraph with no such end
 * is its own first sentence.
 */
export function leadSentence(text: string): string {
  const trimmed = text.trim();
  const end = /[.!?]["')\]]?(?=\s+["'(]?[A-Z0-9])/.exec(trimmed);
  return end ? trimmed.slice(0, end.index + end[0].length) : trimmed;
}

/** Words in a text, as a learner counts them: runs of non-space characters. */
export function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}
