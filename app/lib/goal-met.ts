import { useSyncExternalStore } from 'react';

// The moment the daily goal is met: the grammar write hooks announce it (once, on the answer
// that reaches the goal) and a banner beside the answer shows it (app/ui/GoalMetBanner.tsx).

export interface GoalMet {
  goal: number;
  streak: number;
  /** When it was announced (ms), so only a banner on screen at that moment shows it. */
  at: number;
}

let last: GoalMet | null = null;
const listeners = new Set<() => void>();

export function announceGoalMet(goal: number, streak: number): void {
  last = { goal, streak, at: Date.now() };
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The latest announcement, or null before any. */
export function useGoalMet(): GoalMet | null {
  return useSyncExternalStore(
    subscribe,
    () => last,
    () => null,
  );
}
