import { describe, expect, it } from 'vitest';
import { ZProfilePatch } from './profile';
import { linkProblem, MAX_LINK_LENGTH, MAX_LINKS, normalizeLink, siteOf } from './profile-links';

const saves = (value: string[]) => ZProfilePatch.safeParse({ field: 'links', value }).success;

describe('profile links', () => {
  it('takes full http(s) addresses, on the page and on the server alike', () => {
    for (const ok of [
      'https://www.linkedin.com/in/rosa',
      'http://rosa.example.com/portfolio?tab=2',
      `https://example.com/${'a'.repeat(MAX_LINK_LENGTH - 20)}`,
    ]) {
      expect(linkProblem(ok), ok).toBeNull();
      expect(saves([ok]), ok).toBe(true);
    }
  });

  it('refuses what is not one, with a message for the field it was typed in', () => {
    expect(linkProblem('linkedin.com/in/rosa')).toBe(
      'Enter a full web address, starting with https://',
    );
    expect(linkProblem('ftp://files.example.com')).toBe(
      'Links must start with http:// or https://',
    );
    expect(linkProblem('javascript:alert(1)')).toBe('Links must start with http:// or https://');
    const long = `https://example.com/${'a'.repeat(MAX_LINK_LENGTH)}`;
    expect(linkProblem(long)).toBe(`A link can be at most ${MAX_LINK_LENGTH} characters.`);
    for (const bad of ['ftp://files.example.com', long, 'not a link', 'localhost/me'])
      expect(saves([bad]), bad).toBe(false);
  });

  it('puts https:// in front of a domain typed without one, on the page and on the server', () => {
    expect(normalizeLink('linkedin.com/in/ana')).toBe('https://linkedin.com/in/ana');
    expect(normalizeLink('  ana.example.co.uk ')).toBe('https://ana.example.co.uk');
    expect(normalizeLink('www.behance.net/ana?tab=work#top')).toBe(
      'https://www.behance.net/ana?tab=work#top',
    );
    // A scheme, or text that is no domain, stays as typed for linkProblem to judge.
    for (const kept of [
      'http://ana.example.com',
      'https://linkedin.com/in/ana',
      'javascript:alert(1)',
      'mailto:ana@example.com',
      'ana@example.com',
      'not a link',
      'localhost/me',
      '',
    ])
      expect(normalizeLink(kept), kept).toBe(kept);
    const parsed = ZProfilePatch.parse({ field: 'links', value: ['linkedin.com/in/ana'] });
    expect(parsed.value).toEqual(['https://linkedin.com/in/ana']);
    expect(linkProblem(normalizeLink('linkedin.com/in/ana'))).toBeNull();
  });

  it('keeps the stored list of strings, at most MAX_LINKS of them', () => {
    const links = Array.from({ length: MAX_LINKS }, (_, i) => `https://example.com/${i}`);
    expect(saves(links)).toBe(true);
    expect(saves([...links, 'https://example.com/one-more'])).toBe(false);
    expect(saves([])).toBe(true);
  });

  it('names the well-known site a link points to, subdomains included', () => {
    expect(siteOf('https://www.linkedin.com/in/rosa')).toBe('LinkedIn');
    expect(siteOf('https://uk.linkedin.com/in/rosa')).toBe('LinkedIn');
    expect(siteOf('https://github.com/rosa')).toBe('GitHub');
    expect(siteOf('https://twitter.com/rosa')).toBe('X');
    expect(siteOf('https://notlinkedin.com/rosa')).toBeNull();
    expect(siteOf('https://linkedin.com.evil.example/rosa')).toBeNull();
    expect(siteOf('not a link')).toBeNull();
  });
});
