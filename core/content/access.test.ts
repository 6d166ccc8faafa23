import { describe, expect, it } from 'vitest';
import { SHARED_CONTENT, isRoleDependentContent, opensPremium, premiumAccess } from './access';

describe('role-dependent content', () => {
  it('is premium item pages and interview sets, nothing else under /api/content', () => {
    for (const path of [
      '/api/content/prompts/write-a-memo',
      '/api/content/insights/pre-mortem',
      '/api/content/activities/okr-draft',
      '/api/content/interviews/behavioral',
    ]) {
      expect(isRoleDependentContent(path)).toBe(true);
      expect(SHARED_CONTENT.test(`https://example.org${path}`)).toBe(false);
    }
    for (const path of [
      '/api/content/prompts',
      '/api/content/grammar/topics/nouns',
      '/api/content/vocabulary/sales',
      '/api/content/summary',
    ]) {
      expect(isRoleDependentContent(path)).toBe(false);
      expect(SHARED_CONTENT.test(`https://example.org${path}`)).toBe(true);
    }
    expect(isRoleDependentContent(undefined)).toBe(false);
  });
});

describe('premium access', () => {
  it('is locked where payments are configured, whatever PREMIUM_WITHOUT_PAYMENTS says', () => {
    expect(premiumAccess(true, 'open')).toBe('locked');
    expect(premiumAccess(true, 'locked')).toBe('locked');
  });

  it('follows PREMIUM_WITHOUT_PAYMENTS on a server without payments', () => {
    expect(premiumAccess(false, 'open')).toBe('open');
    expect(premiumAccess(false, 'locked')).toBe('locked');
  });

  it('opens premium content to every role where open, and only to the premium role where locked', () => {
    for (const role of [null, 'free', 'premium'] as const)
      expect(opensPremium('open', role)).toBe(true);
    expect(opensPremium('locked', null)).toBe(false);
    expect(opensPremium('locked', 'free')).toBe(false);
    expect(opensPremium('locked', 'premium')).toBe(true);
  });
});
