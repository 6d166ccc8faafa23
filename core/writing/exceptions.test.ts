import { describe, expect, it } from 'vitest';
import {
  afterHonorific,
  dictionarySet,
  editDistance,
  harperException,
  isProtectedText,
  likelyName,
  overlaps,
  protectedRanges,
} from './exceptions';

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

  it('finds units after a number and percentiles, not the same letters elsewhere', () => {
    const text =
      'The p95 latency fell from 420 ms to 180ms; P99.9 is 2.5 GB, at 60 fps and 10k users.';
    const found = protectedRanges(text)
      .sort((a, b) => a.start - b.start)
      .map((r) => text.slice(r.start, r.end));
    expect(found).toEqual(['p95', '420 ms', '180ms', 'P99.9', '2.5 GB', '60 fps', '10k']);
    for (const plain of ['The ms were gone.', 'I saw p on 5 maps.', 'Top 10 sites.', 'A ps note'])
      expect(protectedRanges(plain), plain).toEqual([]);
  });

  it('knows a word after a title is a name', () => {
    for (const text of ['to Dr. Okafor', 'to Mr Tanaka', 'with Prof. Wójcik', 'Ms. Ibe'])
      expect(afterHonorific(text, text.lastIndexOf(' ') + 1), text).toBe(true);
    for (const text of ['to the Okafor', 'Drs. Okafor', 'Mrx Tanaka'])
      expect(afterHonorific(text, text.lastIndexOf(' ') + 1), text).toBe(false);
  });

  it('counts edits, a swap of neighbors as one', () => {
    expect(editDistance('managment', 'management')).toBe(1);
    expect(editDistance('recieve', 'receive')).toBe(1);
    expect(editDistance('ifeoma', 'iceman')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('calls an unknown capitalized word a name where a name is likely, not a typo', () => {
    const name = (text: string, word: string, suggestions: string[]) => {
      const start = text.indexOf(word);
      return likelyName(text, start, start + word.length, suggestions);
    };
    // After a title, even after the title's full stop
    expect(name('Did you send it to Dr. Okafor?', 'Okafor', ['Orator'])).toBe(true);
    // Inside a sentence, or before another capitalized word
    expect(name('Send it to Oluwaseun today.', 'Oluwaseun', [])).toBe(true);
    expect(name('Priya Raman joined.', 'Priya', ['Pray'])).toBe(true);
    // At a sentence's start: a name when no suggestion is a near spelling…
    expect(name('Ifeoma led three launches.', 'Ifeoma', ['Iceman', 'Idea', 'Idem'])).toBe(true);
    // …and a typo when one is
    expect(name('Managment approved the plan.', 'Managment', ['Management'])).toBe(false);
    expect(name('It shipped. Recieve the files.', 'Recieve', ['Receive', 'Relieve'])).toBe(false);
    // Lower case is never a name
    expect(name('We recieved it.', 'recieved', [])).toBe(false);
  });

  it("drops or downgrades Harper's rules only where their context matches", () => {
    const at = (rule: string, text: string, flagged: string) => {
      const start = text.indexOf(flagged);
      return harperException(rule, text, start, start + flagged.length);
    };
    // "there" after a form of "be" or a modal is existential; elsewhere Harper may be right
    expect(at('ThereToTheir', 'Is there budget for a second designer?', 'there')).toBe('dropped');
    expect(at('ThereToTheir', 'Will there be budget?', 'there')).toBe('dropped');
    expect(at('ThereToTheir', 'We reviewed there budget.', 'there')).toBeNull();
    // A noun between a determiner and its verb needs no preposition
    expect(at('MissingPreposition', 'This release has fewer bugs.', 'release ')).toBe('dropped');
    expect(at('MissingPreposition', 'Our team is ready.', 'team ')).toBe('dropped');
    expect(at('MissingPreposition', 'We listened the podcast.', 'listened ')).toBeNull();
    // A former place name and a time shorthand are suggestions, never errors
    expect(at('UpdatePlaceNames', 'The team in Bangalore grew.', 'Bangalore')).toBe('suggestion');
    expect(at('ExpandTimeShorthands', 'It took a few ms.', 'ms')).toBe('suggestion');
    // Other rules are left alone
    expect(at('SpellCheck', 'Is there budget?', 'there')).toBeNull();
  });
});
