import { beforeAll, describe, expect, it } from 'vitest';
import type { TWritingCheck } from '../../../core/content/checks';
import { ZWritingCheck } from '../../../core/content/checks';
import { WritingChecker } from './checker';
import { harper, harperFindings, pieces } from './harper';
import { madeUpWords } from './made-up-words';
import { RuleSet } from './rules';

const check = (c: Partial<TWritingCheck> & { id: string }): TWritingCheck =>
  ZWritingCheck.parse({
    message: 'A one-line reason for the test.',
    wrong: 'x x x',
    flag: 'x',
    right: 'y y y',
    ...c,
  });

const rules = (...checks: TWritingCheck[]) =>
  new RuleSet(checks.map((c) => ({ topic: 'countable-uncountable-nouns', check: c })));

describe('the rule layer', () => {
  it('flags a compromise match, or its `flag` group, and fills suggestions from groups', () => {
    const r = rules(
      check({
        id: 'less',
        match: '[<flag>less] [<noun>#Plural]',
        suggest: ['fewer', 'fewer {noun}'],
      }),
    );
    const text = 'Less bugs. We had less issues.';
    const found = r.run(text);
    expect(found.map((f) => [text.slice(f.start, f.end), f.suggestions])).toEqual([
      ['Less', ['Fewer', 'Fewer bugs']],
      ['less', ['fewer', 'fewer issues']],
    ]);
    expect(found[0]).toMatchObject({
      topic: 'countable-uncountable-nouns',
      checkId: 'less',
      severity: 'error',
    });
  });

  it('underlines words, not the punctuation after them', () => {
    const r = rules(check({ id: 'you-and-i', match: 'between you and i' }));
    const text = 'Between you and I, it slipped.';
    const [f] = r.run(text);
    expect(text.slice(f!.start, f!.end)).toBe('Between you and I');
  });

  it('runs regular expressions case-insensitively with named groups', () => {
    const r = rules(
      check({ id: 'plural', regex: '\\b(?<noun>feedback|advice)s\\b', suggest: ['{noun}'] }),
    );
    const text = 'Feedbacks and advices.';
    expect(r.run(text).map((f) => [text.slice(f.start, f.end), f.suggestions])).toEqual([
      ['Feedbacks', ['Feedback']],
      ['advices', ['advice']],
    ]);
  });

  it('matches case as written when a check sets matchCase, in its `unless` patterns too', () => {
    const r = rules(
      check({
        id: 'possessive',
        regex: "(?<=\\b(?:[Bb]oth|two)\\s+)[a-z]+'s",
        unless: ['\\bTwo\\b'],
        matchCase: true,
      }),
    );
    const text =
      "Both team's budgets grew. Both Priya's designs won. two team's plans. Two team's plans.";
    expect(r.run(text).map((f) => text.slice(f.start, f.end))).toEqual(["team's", "team's"]);
    expect(r.run(text).map((f) => f.start)).toEqual([5, text.indexOf("two team's") + 4]);
  });

  it('stays quiet when an `unless` pattern matches in the same sentence only', () => {
    const r = rules(
      check({
        id: 'many',
        match: '[<flag>many] (feedback|research)',
        unless: ['many (feedback|research) #Noun'],
      }),
    );
    const text = 'We ran many research projects. We got many feedback.';
    const found = r.run(text);
    expect(found).toHaveLength(1);
    expect(found[0]!.start).toBe(text.lastIndexOf('many'));
  });

  it('counts offsets in UTF-16 code units after emoji and accents', () => {
    const r = rules(check({ id: 'less', match: '[<flag>less] #Plural' }));
    const text = '🚀 Café team 👩‍💻: less bugs.';
    const [f] = r.run(text);
    expect(f!.start).toBe(text.indexOf('less'));
    expect(text.slice(f!.start, f!.end)).toBe('less');
  });
});

describe('the writing checker', () => {
  // Harper loads once per process (seconds, on the first check): load it before the tests.
  beforeAll(() => harper(), 60_000);
  const checker = new WritingChecker(
    rules(check({ id: 'less', match: '[<flag>less] #Plural', suggest: ['fewer'] })),
  );

  it("gives the lesson's finding over Harper's on the same words", async () => {
    const text = 'We have less bugs and I have went home.';
    const found = await checker.check(text);
    const less = found.filter(
      (f) => f.start <= text.indexOf('less') && f.end > text.indexOf('less'),
    );
    expect(less).toHaveLength(1);
    expect(less[0]).toMatchObject({
      topic: 'countable-uncountable-nouns',
      lesson: '/grammar/countable-uncountable-nouns',
    });
    const went = found.find((f) => text.slice(f.start, f.end) === 'went');
    expect(went).toMatchObject({ severity: 'error', suggestions: ['gone'] });
    expect(found.map((f) => f.start)).toEqual([...found.map((f) => f.start)].sort((a, b) => a - b));
  });

  it("keeps Harper's offsets right after emoji", async () => {
    const text = '😀😀 👩‍💻 Please recieve the files.';
    const found = await checker.check(text);
    expect(found.map((f) => text.slice(f.start, f.end))).toContain('recieve');
  });

  it('calls a style finding a suggestion', async () => {
    const found = await checker.check('We need to to review the draft.');
    expect(found.length).toBeGreaterThan(0);
    for (const f of found) expect(['error', 'suggestion']).toContain(f.severity);
  });

  it('does not flag names in a sentence as errors, nor British spellings', async () => {
    const text = 'Send it to Oluwaseun and Wójcik; the organisation’s colour and centre are fine.';
    const found = await checker.check(text);
    expect(found.filter((f) => f.severity === 'error')).toEqual([]);
  });

  it('raises no error on correct professional English Harper gets wrong', async () => {
    for (const text of [
      'Did you send the contract to Dr. Okafor?',
      "I'll get back to Mr. Tanaka after lunch.",
      'Ifeoma led three product launches last year.',
      'The p95 latency dropped from 420 ms to 180 ms after the fix.',
      'Is there budget for a second designer?',
      'This release has fewer bugs and took less time to test.',
      'The team in Bangalore handles level 2 support.',
    ]) {
      const errors = (await checker.check(text)).filter((f) => f.severity === 'error');
      expect(errors, text).toEqual([]);
    }
    // A renamed place stays a suggestion, with the new name
    const text = 'The team in Bangalore handles level 2 support.';
    expect((await checker.check(text)).find((f) => f.severity === 'suggestion')).toMatchObject({
      suggestions: ['Bengaluru'],
    });
  });

  it('still flags the real errors beside those exceptions', async () => {
    const errorsIn = async (text: string) =>
      (await checker.check(text))
        .filter((f) => f.severity === 'error')
        .map((f) => text.slice(f.start, f.end));
    expect(await errorsIn('Managment approved the plan.')).toEqual(['Managment']);
    expect(await errorsIn('Their is a problem with the p95 latency.')).toEqual(['Their']);
    expect(await errorsIn('Dr. Okafor recieved the contract.')).toEqual(['recieved']);
  });

  it('applies the personal dictionary', async () => {
    const text = 'Zyphora is our biggest client.';
    expect((await checker.check(text)).some((f) => text.slice(f.start, f.end) === 'Zyphora')).toBe(
      true,
    );
    expect(await checker.check(text, ['zyphora'])).toEqual([]);
  });
});

describe('Harper within its budget', () => {
  it('cuts long text into pieces after sentences, then spaces, never inside an emoji', () => {
    expect(pieces('One. Two! Three?')).toEqual([{ start: 0, end: 16 }]);
    const long = 'We shipped it. '.repeat(100);
    const ps = pieces(long);
    expect(ps.length).toBeGreaterThan(1);
    expect(ps.map((p) => long.slice(p.start, p.end)).join('')).toBe(long);
    for (const p of ps.slice(0, -1)) expect(long.slice(p.start, p.end)).toMatch(/\. $/);
    const emoji = '😀'.repeat(1000);
    const cut = pieces(emoji);
    expect(cut.map((p) => emoji.slice(p.start, p.end)).join('')).toBe(emoji);
    for (const p of cut) expect(p.start % 2).toBe(0);
  });

  it('checks no further piece once its budget is spent, on 10,000 characters of made-up words', async () => {
    await harper();
    const text = madeUpWords(7, 9_991);
    // A spent budget checks no further piece, so a long text cannot hold the process (how
    // long a check takes is measured by the benchmark, not here).
    expect(await harperFindings(text, -1)).toEqual([]);
    const found = await harperFindings(text);
    expect(found.length).toBeGreaterThan(0);
    for (const f of found) {
      expect(f.start).toBeGreaterThanOrEqual(0);
      expect(f.end).toBeLessThanOrEqual(text.length);
      expect(f.start).toBeLessThanOrEqual(f.end);
    }
  });
});
