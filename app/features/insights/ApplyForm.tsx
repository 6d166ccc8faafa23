import { useId, useState } from 'react';
import type { TInsight } from '../../../core/content/practice';
import type { ItemRecord } from '../../../core/items/items';
import { useEntriesAutosave } from '../../lib/autosave';
import { SaveStatusOrLogin } from '../../ui/AutosaveStatus';
import { WritingField } from '../../ui/writing/WritingField';
import { emptyApplication, readApplication, toEntries, type Application } from './application';

interface Props {
  insight: TInsight;
  /** The signed-in learner's record, once the visit is recorded; null for guests or until then. */
  record: ItemRecord | null;
  signedIn: boolean;
}

const label = 'block text-sm font-medium';

/** "Apply it to a decision of your own": the steps as fields, autosaved (a guest's on this device). */
export function ApplyForm({ insight, record, signedIn }: Props) {
  const id = useId();
  const [value, setValue] = useState<Application>(() => emptyApplication(insight.steps.length));
  const [typed, setTyped] = useState(false);
  const [restored, setRestored] = useState<readonly unknown[] | null>(null);
  const { status, schedule, retry, kept } = useEntriesAutosave(
    'insight',
    insight.id,
    signedIn,
    record?.entries,
  );

  // The record (or a draft kept on this device, newer) arrives after the page: fill the form
  // from it once — again if the kept draft is read after the record — unless the learner has
  // already started typing (their text is newer and will be saved).
  const saved = kept ?? record?.entries;
  if (saved && saved !== restored && (restored === null || saved === kept)) {
    setRestored(saved);
    if (!typed) setValue(readApplication(saved, insight.steps.length));
  }

  const change = (patch: Partial<Application>) => {
    const next = { ...value, ...patch };
    setValue(next);
    setTyped(true);
    schedule(toEntries(next));
  };
  const setStep = (i: number, text: string) =>
    change({ steps: value.steps.map((s, j) => (j === i ? text : s)) });

  return (
    <section aria-labelledby={`${id}-h`} className="grid gap-5">
      <div>
        <h2 id={`${id}-h`} className="text-xl font-semibold">
          Apply it to a decision of your own
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Pick a real decision you face at work and take it through each step.
        </p>
      </div>
      <div>
        <label htmlFor={`${id}-decision`} className={label}>
          Your decision
        </label>
        <WritingField
          id={`${id}-decision`}
          singleLine
          value={value.decision}
          onChange={(decision) => change({ decision })}
        />
      </div>
      <fieldset className="grid gap-4">
        <legend className="mb-2 text-lg font-semibold">The steps</legend>
        {insight.steps.map((step, i) => (
          <div key={step}>
            <label htmlFor={`${id}-step-${i}`} className={label}>
              Step {i + 1}: {step}
            </label>
            <WritingField
              id={`${id}-step-${i}`}
              rows={3}
              value={value.steps[i] ?? ''}
              onChange={(text) => setStep(i, text)}
            />
          </div>
        ))}
      </fieldset>
      <div>
        <label htmlFor={`${id}-reflection`} className={label}>
          {insight.reflection}
        </label>
        <WritingField
          id={`${id}-reflection`}
          rows={4}
          value={value.reflection}
          onChange={(reflection) => change({ reflection })}
        />
      </div>
      <SaveStatusOrLogin
        signedIn={signedIn}
        status={status}
        onRetry={retry}
        what="your application"
      />
    </section>
  );
}
