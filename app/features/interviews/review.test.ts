import { describe, expect, it } from 'vitest';
import { MAX_ENTRIES_BYTES } from '../../../core/items/items';
import { ZItemPatch } from '../../../core/requests';
import { makeReviewEntry, MAX_TRANSCRIPT_CHARS, nextEntries } from './review';

const at = new Date('2025-03-05T14:02:00Z');

describe('makeReviewEntry', () => {
  it('scores the share of points met and keeps the trimmed transcript and recording', () => {
    expect(makeReviewEntry(['a', 'b'], 3, '  I led the team.  ', 'rec-1', at)).toEqual({
      type: 'review',
      met: ['a', 'b'],
      transcript: 'I led the team.',
      recordingId: 'rec-1',
      score: 67,
      at: '2025-03-05T14:02:00.000Z',
    });
  });

  it('caps a very long transcript', () => {
    const entry = makeReviewEntry([], 4, 'x'.repeat(MAX_TRANSCRIPT_CHARS + 50), null, at);
    expect(entry.transcript).toHaveLength(MAX_TRANSCRIPT_CHARS);
    expect(entry.score).toBe(0);
  });
});

describe('nextEntries', () => {
  it('appends the new review after the newest 19 earlier entries', () => {
    const previous = Array.from({ length: 25 }, (_, i) => ({ type: 'review', n: i }));
    const entry = makeReviewEntry(['a'], 2, '', null, at);
    const next = nextEntries(previous, entry);
    expect(next).toHaveLength(20);
    expect(next[0]).toEqual({ type: 'review', n: 6 });
    expect(next.at(-1)).toBe(entry);
  });

  it('drops the oldest entries while long transcripts would pass the byte cap', () => {
    const long = (n: number) => makeReviewEntry([], 4, `${n} ${'é'.repeat(3000)}`, null, at);
    const previous = Array.from({ length: 19 }, (_, i) => long(i));
    const entry = long(99);
    const next = nextEntries(previous, entry);
    const bytes = new TextEncoder().encode(JSON.stringify(next)).length;
    expect(bytes).toBeLessThanOrEqual(MAX_ENTRIES_BYTES);
    expect(next.length).toBeGreaterThan(1);
    expect(next.at(-1)).toBe(entry);
    expect(next.at(-2)).toBe(previous.at(-1));
    expect(ZItemPatch.safeParse({ entries: next, gameScore: entry.score }).success).toBe(true);
  });

  it('always fits one review with the longest transcript in three-byte characters', () => {
    const entry = makeReviewEntry(['a'.repeat(400)], 5, '€'.repeat(MAX_TRANSCRIPT_CHARS), null, at);
    expect(ZItemPatch.safeParse({ entries: nextEntries([], entry) }).success).toBe(true);
  });
});
