import { describe, expect, it } from 'vitest';
import { dictionarySet, isProtectedText, overlaps, protectedRanges } from './exceptions';

describe('the checker’s exceptions for professional English', () => {
  const none = new Set<string>();

  it('treats acronyms, with digits and plurals, and product names as correct', () => {
    for (const w of [
      'API',
      'KPIs',
      'B2B',
      'S3',
      'Q4',
      'FY2025',
      'P&L',
      'GitHub',
      'iOS',
      'PowerPoint',
    ])
      expect(isProtectedText(w, none), w).toBe(true);
    for (const w of ['recieve', 'Recieve', 'teh', 'A', 'I'])
      expect(isProtectedText(w, none), w).toBe(false);
  });

  it('accepts the personal dictionary in any case, word by word', () => {
    const words = dictionarySet(['Okonkwo', 'Acme Zyphora']);
    expect(isProtectedText('okonkwo', words)).toBe(true);
    expect(isProtectedText('Zyphora', words)).toBe(true);
    expect(isProtectedText('Zyphora deck', words)).toBe(false);
  });

  it('finds web and email addresses, file names and code in backticks', () => {
    const text =
      'See https://example.com/a?b=1, mail ops@example.com, open report.pdf, run `npm ci`.';
    const found = protectedRanges(text).map((r) => text.slice(r.start, r.end));
    expect(found).toEqual(
      expect.arrayContaining([
        'https://example.com/a?b=1',
        'ops@example.com',
        'report.pdf',
        '`npm ci`',
      ]),
    );
  });

  it('overlap is strict: touching spans do not overlap', () => {
    expect(overlaps({ start: 0, end: 4 }, { start: 4, end: 6 })).toBe(false);
    expect(overlaps({ start: 0, end: 5 }, { start: 4, end: 6 })).toBe(true);
  });
});
