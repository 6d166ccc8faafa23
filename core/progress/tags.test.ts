import { describe, expect, it } from 'vitest';
import { SKILL_TAGS } from '../content/common';
import { GRAMMAR_GROUPS, GRAMMAR_TOPIC_PATHS } from '../grammar/topics';
import { tagLabel } from './tags';

describe('tagLabel', () => {
  it('names skills, topics and groups in words', () => {
    expect(tagLabel('business-writing')).toBe('Business writing');
    expect(tagLabel('clarity')).toBe('Clarity');
    expect(tagLabel('phrasal-verbs')).toBe('Phrasal verbs');
    expect(tagLabel('countable-uncountable-nouns')).toBe('Countable and uncountable nouns');
    expect(tagLabel('verbs')).toBe('Verbs');
    expect(tagLabel('others')).toBe('Other grammar');
    expect(tagLabel('new-skill')).toBe('New skill');
  });

  it('leaves no slug for any tag the content uses', () => {
    const tags = [
      ...SKILL_TAGS,
      ...GRAMMAR_TOPIC_PATHS,
      ...GRAMMAR_GROUPS.map((g) => g.name.toLowerCase()),
    ];
    for (const tag of tags) expect(tagLabel(tag), tag).toMatch(/^[A-Z][^-]*$/);
  });
});
