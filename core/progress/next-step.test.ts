import { describe, expect, it } from 'vitest';
import { nextStep, type StepAssignment } from './next-step';
import { PATH_TOPICS } from '../grammar/path';

const today = '2026-11-27';
const assignment = (over: Partial<StepAssignment>): StepAssignment => ({
  id: 'a1',
  title: 'Countable and uncountable nouns',
  href: '/grammar/countable-uncountable-nouns',
  dueOn: null,
  status: 'not-started',
  teamName: 'Ops',
  ...over,
});
const path = { path: PATH_TOPICS[0]!.path, mastery: 'not-started' as const, stretch: false };

describe('nextStep: Today’s one Continue', () => {
  it('puts an assignment due within two days first, overdue ones included, soonest first', () => {
    const step = nextStep({
      today,
      dueReviews: 12,
      path,
      assignments: [
        assignment({ id: 'later', dueOn: '2026-11-29' }),
        assignment({ id: 'late', dueOn: '2026-11-25', title: 'Late one' }),
      ],
    });
    expect(step.kind).toBe('assignment');
    expect(step.kind === 'assignment' && step.assignment.id).toBe('late');
    expect(step.kind === 'assignment' && step.overdue).toBe(true);
    expect(step.why).toBe('Assigned by Ops · overdue.');
  });
  it('leaves assignments due later, undated or done to the suggestions', () => {
    const step = nextStep({
      today,
      dueReviews: 3,
      path,
      assignments: [
        assignment({ dueOn: '2026-11-30' }),
        assignment({ dueOn: null }),
        assignment({ dueOn: today, status: 'done' }),
      ],
    });
    expect(step).toMatchObject({ kind: 'review', href: '/review', title: 'Review 3 cards' });
  });
  it('then the next topic on the path, then a stretch, then the deep dive', () => {
    expect(nextStep({ today, dueReviews: 0, path, assignments: [] })).toMatchObject({
      kind: 'path',
      href: `/grammar/${PATH_TOPICS[0]!.path}`,
      title: PATH_TOPICS[0]!.name,
    });
    const stretch = nextStep({
      today,
      dueReviews: 0,
      path: { ...path, mastery: 'proficient', stretch: true },
      assignments: [],
    });
    expect(stretch.kind === 'path' && stretch.stretch).toBe(true);
    expect(stretch.href).toBe(`/grammar/${PATH_TOPICS[0]!.path}/practice`);
    expect(stretch.why).toMatch(/^A stretch/);
    expect(nextStep({ today, dueReviews: 0, path: null, assignments: [] }).kind).toBe('deep-dive');
  });
});
