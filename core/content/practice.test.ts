import { describe, expect, it } from 'vitest';
import { ZPrompt } from './practice';

const prompt = {
  id: 'decline-a-meeting',
  title: 'Decline a meeting politely',
  category: 'email',
  prompt:
    'A colleague invites you to a weekly meeting you do not need to attend. Write a short, kind reply that says no.',
  why: 'Saying no clearly protects your time and keeps the relationship warm.',
  tips: ['Say no early.', 'Give one reason.', 'Offer an alternative.'],
  outline: ['Thanks.', 'The no, with one reason.', 'An alternative.'],
  minutes: 10,
  level: 'Junior',
  professions: ['Business'],
  modelAnswer:
    'Hi Ana,\n\nThank you for the invitation. I will not join the weekly meeting, because it falls in the time I keep for my main project. I will read the notes each week and join whenever an item needs me.\n\nBest,\nSam',
};

describe('ZPrompt model answer', () => {
  it('accepts a prompt with its model answer', () => {
    expect(ZPrompt.safeParse(prompt).success).toBe(true);
  });

  it('the content check fails a prompt without one, or with a stub', () => {
    const without = Object.fromEntries(Object.entries(prompt).filter(([k]) => k !== 'modelAnswer'));
    const missing = ZPrompt.safeParse(without);
    expect(missing.error?.issues.map((i) => i.path.join('.'))).toEqual(['modelAnswer']);
    expect(ZPrompt.safeParse({ ...prompt, modelAnswer: 'Write it here.' }).success).toBe(false);
  });
});
