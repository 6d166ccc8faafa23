import { selfReviewScore } from '../../../core/items/interviews';
import { MAX_ENTRIES_BYTES } from '../../../core/items/items';

/** One saved self-review, kept in the interview record's entries (newest last). */
export interface ReviewEntry {
  type: 'review';
  /** The "looking for" points the learner says their answer showed. */
  met: string[];
  transcript: string;
  recordingId: string | null;
  score: number;
  at: string;
}

/** How many earlier entries a new review keeps, so a record holds at most 20. */
export const KEEP_PREVIOUS_ENTRIES = 19;
/** Even in three-byte characters this stays well under the entries' byte cap. */
export const MAX_TRANSCRIPT_CHARS = 8000;

export function makeReviewEntry(
  met: string[],
  total: number,
  transcript: string,
  recordingId: string | null,
  at = new Date(),
): ReviewEntry {
  return {
    type: 'review',
    met,
    transcript: transcript.trim().slice(0, MAX_TRANSCRIPT_CHARS),
    recordingId,
    score: selfReviewScore(met.length, total),
    at: at.toISOString(),
  };
}

const byteLength = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/**
 * The entries to store with a new review: the newest 19 earlier ones plus it, dropping
 * the oldest further while the list would be over the server's byte cap (long transcripts).
 */
export function nextEntries(previous: readonly unknown[], entry: ReviewEntry): unknown[] {
  let kept = previous.slice(-KEEP_PREVIOUS_ENTRIES);
  while (kept.length > 0 && byteLength([...kept, entry]) > MAX_ENTRIES_BYTES) kept = kept.slice(1);
  return [...kept, entry];
}
