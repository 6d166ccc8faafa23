import { describe, expect, it } from 'vitest';
import { hasTried, isRubricEntry, makeRubricEntry, rubricLines, savedRubricMet } from './rubric';

const prompt = {
  outline: ['Welcome, with her name and role.', 'How partners can reach her.'],
  tips: ['Say what she will do, not only her job title.', 'Keep it warm;'],
};

describe('rubricLines', () => {
  it('makes one yes/no check per outline part, then one per tip, in order', () => {
    expect(rubricLines(prompt)).toEqual([
      'Does your draft include “Welcome, with her name and role”?',
      'Does your draft include “How partners can reach her”?',
      'Did you follow the tip “Say what she will do, not only her job title”?',
      'Did you follow the tip “Keep it warm”?',
    ]);
  });

  it('is empty for an item with neither', () => {
    expect(rubricLines({ outline: [], tips: [] })).toEqual([]);
  });
});

describe('rubric entries', () => {
  const lines = rubricLines(prompt);

  it('keep the ticked lines in the rubric’s order with their score', () => {
    const entry = makeRubricEntry(
      [lines[2]!, lines[0]!, 'a line no longer there'],
      lines,
      new Date('2026-11-27T10:00:00Z'),
    );
    expect(entry).toEqual({
      type: 'rubric',
      met: [lines[0], lines[2]],
      score: 50,
      at: '2026-11-27T10:00:00.000Z',
    });
    expect(isRubricEntry(entry)).toBe(true);
  });

  it('restore only the lines still in the rubric', () => {
    const entries = [
      { type: 'response', text: 'Hello', updatedAt: '' },
      { type: 'rubric', met: [lines[1], 'Did you follow an old tip?'], score: 50, at: '' },
    ];
    expect(savedRubricMet(entries, lines)).toEqual([lines[1]]);
    expect(savedRubricMet([{ type: 'response', text: 'x' }], lines)).toEqual([]);
    expect(isRubricEntry({ type: 'rubric', met: 'no' })).toBe(false);
  });
});

describe('hasTried', () => {
  it('opens at MODEL_ANSWER_AFTER_WORDS words, not before', () => {
    expect(hasTried('word '.repeat(29))).toBe(false);
    expect(hasTried('word '.repeat(30))).toBe(true);
    expect(hasTried('')).toBe(false);
  });
});
