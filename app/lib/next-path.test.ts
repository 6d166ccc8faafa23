import { describe, expect, it } from 'vitest';
import { safeNext } from './next-path';

describe('safeNext', () => {
  it('keeps same-site paths', () => {
    expect(safeNext('/grammar/nouns?x=1#q')).toBe('/grammar/nouns?x=1#q');
  });
  it('refuses other sites and odd values', () => {
    for (const bad of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'grammar',
      '',
      null,
      undefined,
    ]) {
      expect(safeNext(bad)).toBe('/activity');
    }
  });
  it('never returns to the login page itself', () => {
    expect(safeNext('/user/login?mode=signup', '/')).toBe('/');
  });
});
