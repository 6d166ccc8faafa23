import { describe, expect, it } from 'vitest';
import { guestGoalProgress } from './guest-goal';
import type { LocalRecord } from './offline-store';

const NOW = new Date('2026-03-12T15:00:00Z');
let seq = 0;
const answer = (questionId: string, correct: boolean, at: string): LocalRecord => ({
  seq: seq++,
  op: { opId: `op-${seq}`, type: 'answer', questionId, choiceIndex: 0 },
  view: { correct, tags: [] },
  at,
});
const attempt = (points: number, at: string): LocalRecord => ({
  seq: seq++,
  op: { opId: `op-${seq}`, type: 'attempt', attemptId: `a-${seq}`, topicId: 'nouns', answers: [] },
  view: { score: 50, points, byTag: {} },
  at,
});

describe('guestGoalProgress', () => {
  it('counts a first right answer and each quiz’s points on the day they were made', () => {
    const p = guestGoalProgress(
      [
        answer('deep-dive-1', true, '2026-03-12T09:00:00Z'),
        answer('deep-dive-1', true, '2026-03-12T09:01:00Z'), // a repeat earns nothing
        answer('deep-dive-2', false, '2026-03-12T09:02:00Z'),
        attempt(40, '2026-03-12T10:00:00Z'),
        attempt(100, '2026-03-11T10:00:00Z'),
      ],
      50,
      NOW,
      'UTC',
    );
    expect(p).toMatchObject({ goal: 50, todayPoints: 50, metToday: true, streak: 2 });
  });

  it('uses the learner’s zone for the day', () => {
    // 23:30 UTC on the 11th is already the 12th in Kolkata (+05:30).
    const p = guestGoalProgress([attempt(60, '2026-03-11T23:30:00Z')], 50, NOW, 'Asia/Kolkata');
    expect(p.todayPoints).toBe(60);
    expect(
      guestGoalProgress([attempt(60, '2026-03-11T23:30:00Z')], 50, NOW, 'UTC').todayPoints,
    ).toBe(0);
  });
});
