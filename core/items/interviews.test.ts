import { describe, expect, it } from 'vitest';
import { selfReviewScore } from './interviews';

describe('selfReviewScore', () => {
  it('is the share of rubric points met, as a whole percentage', () => {
    expect(selfReviewScore(0, 4)).toBe(0);
    expect(selfReviewScore(1, 3)).toBe(33);
    expect(selfReviewScore(2, 3)).toBe(67);
    expect(selfReviewScore(4, 4)).toBe(100);
  });
  it('stays within 0..100 for out-of-range counts and an empty rubric', () => {
    expect(selfReviewScore(7, 4)).toBe(100);
    expect(selfReviewScore(-1, 4)).toBe(0);
    expect(selfReviewScore(2, 0)).toBe(0);
  });
});
