import { describe, expect, it } from 'vitest';
import { assignmentStatus, dueLabel, isOverdue } from './assignments';

const part = (done: boolean, started = done) => ({ done, started });

describe('assignment status', () => {
  it('is done only when every part is done', () => {
    expect(assignmentStatus([part(true), part(true)])).toBe('done');
    expect(assignmentStatus([part(true), part(false)])).toBe('in-progress');
  });
  it('is in progress once any part is started, and not started before', () => {
    expect(assignmentStatus([part(false, true), part(false)])).toBe('in-progress');
    expect(assignmentStatus([part(false), part(false)])).toBe('not-started');
  });
  it('is never done without parts (content that has none left)', () => {
    expect(assignmentStatus([])).toBe('not-started');
  });
});

describe('due dates', () => {
  it('is overdue the day after the due date, unless done', () => {
    expect(isOverdue('2026-03-05', 'in-progress', '2026-03-05')).toBe(false);
    expect(isOverdue('2026-03-05', 'in-progress', '2026-03-06')).toBe(true);
    expect(isOverdue('2026-03-05', 'done', '2026-03-06')).toBe(false);
    expect(isOverdue(null, 'not-started', '2030-01-01')).toBe(false);
  });
  it('says when work is due, or since when it is overdue', () => {
    expect(dueLabel('2026-03-05', 'not-started', '2026-03-01')).toBe('Due 5 Mar');
    expect(dueLabel('2026-03-05', 'not-started', '2026-03-09')).toBe('Overdue · was due 5 Mar');
    expect(dueLabel(null, 'not-started', '2026-03-09')).toBeNull();
  });
});
