import { describe, expect, it } from 'vitest';
import { leadSentence } from './text';

describe('leadSentence', () => {
  it('keeps the first whole sentence of a paragraph', () => {
    expect(
      leadSentence(
        'The Cynefin framework, developed by Dave Snowden, helps you decide how to decide. It sorts situations into four domains.',
      ),
    ).toBe('The Cynefin framework, developed by Dave Snowden, helps you decide how to decide.');
    expect(leadSentence('Is it urgent? Is it important?')).toBe('Is it urgent?');
    expect(leadSentence('Ask "Why?" again. Then stop.')).toBe('Ask "Why?" again.');
  });

  it('does not end a sentence inside a number, a lower-case run-on or a lone paragraph', () => {
    expect(leadSentence('It is the 80/20 rule, about 0.8 of results. More follows.')).toBe(
      'It is the 80/20 rule, about 0.8 of results.',
    );
    expect(leadSentence('Move fast, e.g. by shipping weekly. Then review.')).toBe(
      'Move fast, e.g. by shipping weekly.',
    );
    expect(leadSentence('  One sentence only.  ')).toBe('One sentence only.');
    expect(leadSentence('No full stop at all')).toBe('No full stop at all');
  });
});
