import { describe, expect, it } from 'vitest';
import { LEVELS } from '../constants';
import { VOCABULARY_PATH, vocabularyUnit } from './path';

describe('the vocabulary path', () => {
  it('has one unit per level, Student to Executive, as the grammar path does', () => {
    expect(VOCABULARY_PATH.map((u) => u.level)).toEqual([...LEVELS]);
    expect(new Set(VOCABULARY_PATH.map((u) => u.id)).size).toBe(VOCABULARY_PATH.length);
  });

  it('finds a unit by its id', () => {
    expect(vocabularyUnit('everyday-work')?.level).toBe('Student');
    expect(vocabularyUnit('Student')).toBeUndefined();
  });
});
