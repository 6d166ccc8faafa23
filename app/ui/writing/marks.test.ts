import { describe, expect, it } from 'vitest';
import type { WritingFinding } from '../../../core/writing/findings';
import { applyFix, dismissKey, findingAt, runs, shiftFindings } from './marks';

const text = 'We need less people and more informations.';
const at = (word: string, over: Partial<WritingFinding> = {}): WritingFinding => {
  const start = text.indexOf(word);
  return {
    start,
    end: start + word.length,
    severity: 'error',
    message: `About ${word}`,
    suggestions: [],
    topic: null,
    lesson: null,
    ...over,
  };
};
const less = at('less', { suggestions: ['fewer'] });
const informations = at('informations', { suggestions: ['information'] });
const words = (t: string, fs: WritingFinding[]) => fs.map((f) => t.slice(f.start, f.end));

describe('shifting findings as the text changes', () => {
  it('keeps findings before an edit and shifts those after it', () => {
    const next = text.replace('more', 'much more');
    const moved = shiftFindings([less, informations], text, next);
    expect(words(next, moved)).toEqual(['less', 'informations']);
  });

  it('follows a deletion and a paste before the findings', () => {
    const cut = text.replace('We ', '');
    expect(words(cut, shiftFindings([less, informations], text, cut))).toEqual([
      'less',
      'informations',
    ]);
    const pasted = `Hello team,\n\n${text}`;
    expect(words(pasted, shiftFindings([less, informations], text, pasted))).toEqual([
      'less',
      'informations',
    ]);
  });

  it('drops a finding the edit touches, or a word typed against it', () => {
    const edited = text.replace('less', 'fewer');
    expect(words(edited, shiftFindings([less, informations], text, edited))).toEqual([
      'informations',
    ]);
    const grown = text.replace('informations', 'informationsx');
    expect(words(grown, shiftFindings([less, informations], text, grown))).toEqual(['less']);
    const before = text.replace(' less', ' lless');
    expect(words(before, shiftFindings([less], text, before))).toEqual([]);
  });

  it('keeps a finding when a space or punctuation is typed right after it', () => {
    const spaced = text.replace('informations', 'informations,');
    expect(words(spaced, shiftFindings([informations], text, spaced))).toEqual(['informations']);
  });

  it('keeps everything when nothing changed, and handles emoji as two code units', () => {
    expect(shiftFindings([less], text, text)).toEqual([less]);
    const emoji = `👍 ${text}`;
    expect(words(emoji, shiftFindings([less], text, emoji))).toEqual(['less']);
  });
});

describe('applying a fix', () => {
  it('replaces the words and puts the caret after the replacement', () => {
    expect(applyFix(text, less, 'fewer')).toEqual({
      text: 'We need fewer people and more informations.',
      caret: text.indexOf('less') + 'fewer'.length,
    });
  });

  it('takes the words out for an empty replacement', () => {
    const double = 'the the end';
    expect(applyFix(double, { start: 0, end: 4 }, '').text).toBe('the end');
  });
});

describe('runs for the backdrop', () => {
  it('cuts the text into plain and marked runs that join back into it', () => {
    const r = runs(text, [informations, less]);
    expect(r.map((x) => x.text).join('')).toBe(text);
    expect(r.filter((x) => x.finding !== null)).toEqual([
      { text: 'less', finding: 1 },
      { text: 'informations', finding: 0 },
    ]);
  });

  it('skips overlapping findings and ones past the end of the text', () => {
    // The longer of two findings at one place is marked.
    const overlap = { ...less, end: less.end + 3 };
    const past = { ...less, start: 100, end: 104 };
    const r = runs(text, [less, overlap, past]);
    expect(r.map((x) => x.text).join('')).toBe(text);
    expect(r.filter((x) => x.finding !== null).map((x) => x.text)).toEqual(['less pe']);
  });

  it('is one plain run without findings, and none for an empty text', () => {
    expect(runs(text, [])).toEqual([{ text, finding: null }]);
    expect(runs('', [])).toEqual([]);
  });
});

describe('the caret and dismissals', () => {
  it('finds the finding under the caret, at either edge', () => {
    expect(findingAt([less, informations], less.start)).toBe(0);
    expect(findingAt([less, informations], informations.end)).toBe(1);
    expect(findingAt([less, informations], 0)).toBe(-1);
  });

  it('remembers a dismissal by reason and words, wherever they move', () => {
    const next = `Hi. ${text}`;
    const [moved] = shiftFindings([less], text, next);
    expect(dismissKey(moved!, next)).toBe(dismissKey(less, text));
  });
});
