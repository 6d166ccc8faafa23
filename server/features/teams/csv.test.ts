import { describe, expect, it } from 'vitest';
import { csvField } from './progress';

describe('csvField', () => {
  it('quotes every text field and leaves numbers and empty values bare', () => {
    expect(csvField('Mia Member')).toBe('"Mia Member"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('')).toBe('""');
    expect(csvField(42)).toBe('42');
    expect(csvField(null)).toBe('');
  });

  it('defuses a formula trigger at the start', () => {
    for (const s of ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1'])
      expect(csvField(s), JSON.stringify(s)).toBe(`"'${s.replace(/"/g, '""')}"`);
  });

  it('defuses a formula trigger right after a separator, where ; or a tab splits cells', () => {
    for (const s of ['Eve;=1+1', 'Eve,=1+1', 'Eve; =1+1', 'a\t@x', 'x;+1', 'x|-1', 'x\n=1'])
      expect(csvField(s), JSON.stringify(s)).toBe(`"'${s}"`);
  });

  it('leaves ordinary text alone but for the quotes', () => {
    for (const s of ['Mary-Jane', 'a-b@example.com', 'points 2026-01-05 to 2026-01-11', 'A; B'])
      expect(csvField(s), s).toBe(`"${s}"`);
  });
});
