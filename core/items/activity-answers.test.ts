import { describe, expect, it } from 'vitest';
import {
  TESTIMONIAL_DEFAULTS,
  answerText,
  answeredCount,
  answersFromEntries,
  coerceValue,
  defaultValue,
  filledRows,
} from './activity-answers';
import type { TActivity, TWidget } from '../content/practice';

const widgets: TWidget[] = [
  { type: 'text', id: 'goal', label: 'Your goal' },
  {
    type: 'slides',
    id: 'deck',
    label: 'Deck',
    slides: [{ title: 'Problem', content: 'Who hurts?' }],
  },
  { type: 'table', id: 'gaps', label: 'Gaps', columns: ['Skill', 'Now', 'Target'], rows: 2 },
  { type: 'rating', id: 'fit', label: 'Fit', items: ['Work', 'Pay'], max: 5 },
  { type: 'checklist', id: 'week', label: 'Week', options: ['Plan', 'Ship', 'Review'] },
  { type: 'dropdown', id: 'dir', label: 'Direction', options: ['Deeper', 'Manage'] },
  { type: 'testimonial', id: 'quote', label: 'Quote' },
  { type: 'job', id: 'role', label: 'Role' },
];
const activity: TActivity = {
  id: 'a',
  title: 'An activity',
  summary: 'A summary long enough for the schema to accept it.',
  outcome: 'Something made.',
  minutes: 20,
  professions: ['Business'],
  widgets,
};
const w = (id: string) => widgets.find((x) => x.id === id) as TWidget;

describe('activity answers', () => {
  it('starts each widget at its default: spec rating 1, testimonial John Doe / Teacher / I loved it.', () => {
    expect(defaultValue(w('fit'))).toEqual({ Work: 1, Pay: 1 });
    expect(defaultValue(w('quote'))).toEqual({
      fullName: 'John Doe',
      title: 'Teacher',
      testimonial: 'I loved it.',
    });
    expect(TESTIMONIAL_DEFAULTS.testimonial).toBe('I loved it.');
    expect(defaultValue(w('gaps'))).toEqual([
      { Skill: '', Now: '', Target: '' },
      { Skill: '', Now: '', Target: '' },
    ]);
    expect(defaultValue(w('deck'))).toEqual([{ title: 'Problem', content: 'Who hurts?' }]);
    expect(defaultValue(w('dir'))).toBeNull();
  });

  it('restores the newest saved answers and fits old or hostile data to the widgets', () => {
    const entries = [
      { type: 'answers', values: { goal: 'old' }, updatedAt: '2026-01-01' },
      'junk',
      {
        type: 'answers',
        values: {
          goal: 'Lead the Q3 launch',
          gaps: [{ Skill: 'SQL', Now: '2', Dropped: 'x' }, 'bad'],
          fit: { Work: 9, Pay: 'high', Extra: 3 },
          week: ['Review', 'Nope', 'Plan'],
          dir: 'Retire',
          quote: { fullName: 'Ana Ruiz' },
          role: 42,
        },
        updatedAt: '2026-02-01',
      },
    ];
    const answers = answersFromEntries(activity, entries);
    expect(answers.goal).toBe('Lead the Q3 launch');
    expect(answers.gaps).toEqual([{ Skill: 'SQL', Now: '2', Target: '' }]);
    expect(answers.fit).toEqual({ Work: 5, Pay: 1 });
    expect(answers.week).toEqual(['Plan', 'Review']);
    expect(answers.dir).toBeNull();
    expect(answers.quote).toEqual({
      fullName: 'Ana Ruiz',
      title: 'Teacher',
      testimonial: 'I loved it.',
    });
    expect(answers.role).toBe('');
    expect(answers.deck).toEqual(defaultValue(w('deck')));
  });

  it('gives defaults for every widget when nothing is saved', () => {
    const answers = answersFromEntries(activity, []);
    expect(Object.keys(answers)).toEqual(widgets.map((x) => x.id));
    expect(answeredCount(activity, answers)).toBe(0);
    expect(coerceValue(w('dir'), 'Manage')).toBe('Manage');
    expect(answeredCount(activity, { ...answers, goal: 'x', dir: 'Manage' })).toBe(2);
  });
});

describe('answerText', () => {
  it('leaves a table’s blank rows out', () => {
    const rows = [
      { Phase: 'Days 1–30', Goals: 'Learn' },
      { Phase: '', Goals: '' },
      { Phase: ' ', Goals: '' },
    ];
    expect(filledRows(rows)).toEqual([rows[0]]);
    expect(answerText(rows)).toBe('- Days 1–30 · Learn');
    expect(answerText([{ Phase: '', Goals: '' }])).toBe('');
  });
});
