import { describe, expect, it } from 'vitest';
import { isBelowTarget, pageCount } from './report';

describe('the team report rules', () => {
  it('is below target under 7 days of the daily goal in the last 7 days', () => {
    expect(isBelowTarget(0, 50)).toBe(true);
    expect(isBelowTarget(349, 50)).toBe(true);
    expect(isBelowTarget(350, 50)).toBe(false);
    expect(isBelowTarget(1050, 150)).toBe(false);
  });

  it('counts pages, one at least', () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(50, 50)).toBe(1);
    expect(pageCount(51, 50)).toBe(2);
    expect(pageCount(5000, 50)).toBe(100);
  });
});
