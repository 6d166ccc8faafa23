import { describe, expect, it } from 'vitest';
import { SHARED_CONTENT, isRoleDependentContent } from './content-access';

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
