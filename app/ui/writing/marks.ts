import type { WritingFinding } from '../../../core/writing/findings';

// The pure part of the underlines (decision 053): keeping findings on their words while the
// text changes under them, applying a fix, and cutting the text into marked runs for the
// backdrop behind the field.

/** A letter, digit or apostrophe: text typed against a flagged word changes that word. */
const WORDISH = /[\p{L}\p{N}'’]/u;

/**
 * The findings of `from`, moved onto `to`: the edit is the span between the texts' common
 * start and common end. A finding wholly before it stays, one wholly after it shifts by the
 * change in length, and one the edit touches (or a word typed against it) is dropped until
 * the next check.
 */
export function shiftFindings(
  findings: readonly WritingFinding[],
  from: string,
  to: string,
): WritingFinding[] {
  if (from === to) return [...findings];
  const max = Math.min(from.length, to.length);
  let head = 0;
  while (head < max && from.charCodeAt(head) === to.charCodeAt(head)) head++;
  let tail = 0;
  while (
    tail < max - head &&
    from.charCodeAt(from.length - 1 - tail) === to.charCodeAt(to.length - 1 - tail)
  )
    tail++;
  const editEnd = from.length - tail;
  const inserted = to.slice(head, to.length - tail);
  const delta = to.length - from.length;
  return findings.flatMap((f) => {
    if (f.end < head || (f.end === head && !WORDISH.test(inserted.charAt(0)))) return [f];
    if (f.start > editEnd || (f.start === editEnd && !WORDISH.test(inserted.slice(-1))))
      return [{ ...f, start: f.start + delta, end: f.end + delta }];
    return [];
  });
}

/** The text with `replacement` in place of the finding's words, and where the caret goes. */
export function applyFix(
  text: string,
  finding: Pick<WritingFinding, 'start' | 'end'>,
  replacement: string,
): { text: string; caret: number } {
  return {
    text: text.slice(0, finding.start) + replacement + text.slice(finding.end),
    caret: finding.start + replacement.length,
  };
}

export interface Run {
  text: string;
  /** The finding's index in the list the runs were cut from, or null for plain text. */
  finding: number | null;
}

/**
 * The text cut into plain and marked runs, in order. Findings are taken by position; one that
 * overlaps a finding already taken, or lies outside the text, is left unmarked (its card
 * still shows).
 */
export function runs(text: string, findings: readonly WritingFinding[]): Run[] {
  const order = findings
    .map((f, i) => ({ f, i }))
    .filter(({ f }) => f.start >= 0 && f.end > f.start && f.end <= text.length)
    .sort((a, b) => a.f.start - b.f.start || b.f.end - a.f.end);
  const out: Run[] = [];
  let at = 0;
  for (const { f, i } of order) {
    if (f.start < at) continue;
    if (f.start > at) out.push({ text: text.slice(at, f.start), finding: null });
    out.push({ text: text.slice(f.start, f.end), finding: i });
    at = f.end;
  }
  if (at < text.length) out.push({ text: text.slice(at), finding: null });
  return out;
}

/** The finding whose words hold the caret (either edge counts), or -1. */
export function findingAt(findings: readonly WritingFinding[], caret: number): number {
  return findings.findIndex((f) => f.start <= caret && caret <= f.end);
}

/**
 * What a dismissal remembers: the reason and the words flagged. The same words flagged for
 * the same reason stay dismissed wherever they move in the field.
 */
export const dismissKey = (f: WritingFinding, text: string) =>
  `${f.message}\u0000${text.slice(f.start, f.end)}`;
