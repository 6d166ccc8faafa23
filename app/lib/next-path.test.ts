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
  it('resolves against the origin and keeps only the path and query, never a protocol-relative link', () => {
    expect(safeNext('/./grammar/../vocabulary?word=trend')).toBe('/vocabulary?word=trend');
    expect(safeNext('/teams?x=1#top')).toBe('/teams?x=1#top');
    for (const bad of [
      '/.//evil.test',
      '/./\\evil.test',
      '/%09/evil.test',
      '/\t/evil.test',
      '/%2F/evil.test',
      '/\\/evil.test',
      '/a/..//evil.test',
      'http://localhost/grammar',
      'javascript:alert(1)',
    ])
      expect(safeNext(bad), JSON.stringify(bad)).toBe('/activity');
  });
  it('never returns to the login page itself', () => {
    expect(safeNext('/user/login?mode=signup', '/')).toBe('/');
  });
});
