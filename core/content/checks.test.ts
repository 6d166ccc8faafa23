import { describe, expect, it } from 'vitest';
import { ZWritingCheck } from './checks';

const base = {
  id: 'less-with-plural',
  match: '[<flag>less] [<noun>#Plural]',
  message: 'Use fewer with countable plural nouns.',
  suggest: ['fewer', 'fewer {noun}'],
  wrong: 'We have less bugs.',
  flag: 'less',
  right: 'We have fewer bugs.',
};

const problems = (over: Record<string, unknown>) => {
  const r = ZWritingCheck.safeParse({ ...base, ...over });
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('a checkable mistake', () => {
  it('accepts the documented form, severity "error" by default', () => {
    expect(ZWritingCheck.parse(base).severity).toBe('error');
    expect(
      problems({ match: undefined, regex: '\\b(?<noun>feedback)s\\b', suggest: ['{noun}'] }),
    ).toEqual([]);
  });

  it('takes exactly one of match or regex, and a regex that compiles', () => {
    expect(problems({ regex: 'less' })).toEqual(['match: Give exactly one of match or regex']);
    expect(problems({ match: undefined })).toContain('match: Give exactly one of match or regex');
    expect(problems({ match: undefined, regex: '(unclosed' })[0]).toMatch(/^regex: /);
  });

  it('needs flag inside wrong, and suggestions that name real groups', () => {
    expect(problems({ flag: 'fewer' })).toEqual(['flag: flag must be part of wrong']);
    expect(problems({ suggest: ['{plural}'] })).toEqual([
      'suggest: "{plural}" names no capture group in the pattern',
    ]);
    expect(problems({ suggest: ['{flag}'] })).toEqual([]);
  });

  it('takes matchCase with a regex only', () => {
    expect(
      problems({ match: undefined, regex: "[a-z]+'s", suggest: undefined, matchCase: true }),
    ).toEqual([]);
    expect(problems({ matchCase: true })).toEqual(['matchCase: matchCase needs a regex']);
  });

  it('refuses unknown fields and an unknown severity', () => {
    expect(problems({ topic: 'nouns' }).length).toBeGreaterThan(0);
    expect(problems({ severity: 'warning' }).length).toBeGreaterThan(0);
  });
});
