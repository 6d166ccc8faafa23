import { describe, expect, it } from 'vitest';
import { insightDocument, markdownFileName, workMarkdown } from './markdown';

describe('workMarkdown', () => {
  it('puts the title, the draft and the rubric with its score in one file', () => {
    const md = workMarkdown({
      title: 'Decline a meeting politely',
      parts: [{ heading: 'My draft', text: 'Hi Sam,\r\n\r\n\r\n\r\nThanks for the invite.\n' }],
      rubric: {
        lines: ['Does your draft include “A thank-you”?', 'Did you follow the tip “Be brief”?'],
        met: ['Did you follow the tip “Be brief”?'],
      },
    });
    expect(md).toBe(
      [
        '# Decline a meeting politely',
        '',
        '## My draft',
        '',
        'Hi Sam,',
        '',
        'Thanks for the invite.',
        '',
        '## Rubric: 1 of 2 (50%)',
        '',
        '- [ ] Does your draft include “A thank-you”?',
        '- [x] Did you follow the tip “Be brief”?',
        '',
      ].join('\n'),
    );
  });

  it('quotes the brief, says when a part is empty and leaves out a rubric never checked', () => {
    const md = workMarkdown({
      title: 'Base rates',
      intro: 'Start from how often\nthis usually happens.',
      parts: [
        { heading: 'Step 1', text: 'It happens a lot.' },
        { heading: 'Step 2', text: '   ' },
      ],
      rubric: null,
    });
    expect(md).toContain('> Start from how often\n> this usually happens.');
    expect(md).toContain('## Step 2\n\n_Not written yet._\n');
    expect(md).not.toContain('Rubric');
  });
});

describe('markdownFileName', () => {
  it('names the file after the title', () => {
    expect(markdownFileName('Announce a new hire on LinkedIn')).toBe(
      'announce-a-new-hire-on-linkedin.md',
    );
    expect(markdownFileName('Café: “Q3” results — 2026!')).toBe('cafe-q3-results-2026.md');
    expect(markdownFileName('???')).toBe('my-draft.md');
  });
});

describe('insightDocument', () => {
  it('puts the decision, each numbered step and the reflection under their own headings', () => {
    const doc = insightDocument(
      { title: 'Base rates', steps: ['Find the base rate', 'Adjust'], reflection: 'What changed?' },
      { decision: 'Hire a second analyst', steps: ['Most teams do'], reflection: '' },
    );
    expect(workMarkdown(doc)).toBe(
      [
        '# Base rates',
        '## My decision',
        'Hire a second analyst',
        '## Step 1: Find the base rate',
        'Most teams do',
        '## Step 2: Adjust',
        '_Not written yet._',
        '## What changed?',
        '_Not written yet._',
        '',
      ]
        .join('\n\n')
        .replace(/\n\n$/, '\n'),
    );
  });
});
