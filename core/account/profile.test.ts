import { describe, expect, it } from 'vitest';
import { cleanDisplayName, displayNameProblem, DISPLAY_NAME_MAX, ZProfilePatch } from './profile';

describe('the name rule (sign-up and the profile page)', () => {
  it('takes a name of 1–80 characters after trimming, in any script', () => {
    for (const ok of [
      'Asha Rao',
      '  Mei Chen ',
      'Zoë O’Brien-Łukasz',
      'محمد علي',
      '李雷',
      'x'.repeat(80),
    ])
      expect(displayNameProblem(ok), ok).toBeNull();
    // Emoji sequences joined with U+200D stay whole.
    expect(displayNameProblem('Sam 👩‍💻')).toBeNull();
  });
  it('refuses an empty or long name, control, line-break and bidi-override characters', () => {
    for (const bad of [
      '',
      '   ',
      'x'.repeat(DISPLAY_NAME_MAX + 1),
      'x'.repeat(60_000),
      'Eve\u0000',
      'Eve\nAdmin',
      'Eve\tX',
      'Eve\u007f',
      'Eve\u0085',
      'Eve\u2028X',
      'Eve\u202eX',
      '\u2066Eve\u2069',
      'Eve\u200fX',
      'Eve\u061cX',
    ])
      expect(displayNameProblem(bad), JSON.stringify(bad)).not.toBeNull();
  });
  it('is the rule the profile page’s name field applies', () => {
    const parse = (value: string) => ZProfilePatch.safeParse({ field: 'displayName', value });
    expect(parse(' Mei Chen ')).toMatchObject({ success: true, data: { value: 'Mei Chen' } });
    expect(parse('Eve\u202eX').success).toBe(false);
    expect(parse('x'.repeat(81)).success).toBe(false);
  });
});

describe('cleanDisplayName', () => {
  it('makes a provider’s name pass the name rule, keeping what it can', () => {
    expect(cleanDisplayName('  Ada\nLovelace\u202e ', 'ada')).toBe('Ada Lovelace');
    expect(displayNameProblem(cleanDisplayName('x'.repeat(60_000), 'x'))).toBeNull();
    expect(cleanDisplayName('\u0000\u202e', 'ada')).toBe('ada');
    expect(cleanDisplayName('👩‍💻 Grace', 'g')).toBe('👩‍💻 Grace');
  });
});
