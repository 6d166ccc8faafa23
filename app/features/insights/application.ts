/** What an insight record keeps: the learner's one decision worked through the steps. */
export interface Application {
  decision: string;
  steps: string[];
  reflection: string;
}

export const emptyApplication = (stepCount: number): Application => ({
  decision: '',
  steps: Array.from({ length: stepCount }, () => ''),
  reflection: '',
});

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * The saved application in a record's entries, fitted to the insight's current steps
 * (content may have gained or lost a step since it was saved).
 */
export function readApplication(entries: readonly unknown[], stepCount: number): Application {
  const found = entries.find(
    (e): e is Record<string, unknown> =>
      typeof e === 'object' && e !== null && (e as { type?: unknown }).type === 'application',
  );
  const base = emptyApplication(stepCount);
  if (!found) return base;
  const steps = Array.isArray(found.steps) ? found.steps : [];
  return {
    decision: str(found.decision),
    steps: base.steps.map((_, i) => str(steps[i])),
    reflection: str(found.reflection),
  };
}

export const toEntries = (a: Application) => [
  { type: 'application', ...a, updatedAt: new Date().toISOString() },
];
