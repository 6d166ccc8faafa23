import { useId } from 'react';
import { selfReviewScore } from '../../../core/items/interviews';
import { AutosaveStatus } from '../../ui/AutosaveStatus';
import { CheckboxList } from '../../ui/CheckboxList';
import type { PromptDraft } from './use-prompt-draft';

interface Props {
  lines: readonly string[];
  draft: PromptDraft;
  signedIn: boolean;
}

/**
 * "Check your draft": the prompt's outline and tips as yes/no checks the learner ticks
 * for their own draft, shown once they have tried. The check is saved with the draft (a
 * guest's on this device, like the draft) and its share is the score.
 */
export function Rubric({ lines, draft, signedIn }: Props) {
  const id = useId();
  const score = selfReviewScore(draft.met.length, lines.length);
  return (
    <section
      aria-labelledby={`${id}-h`}
      className="rounded-2xl border border-slate-200 p-4 sm:p-5 dark:border-slate-700"
      data-testid="rubric"
    >
      <h3 id={`${id}-h`} className="text-lg font-semibold">
        Check your draft
      </h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        Read your draft again and tick what it does. Be honest: the lines you leave open are what to
        work on next.
      </p>
      <div className="mt-3">
        <CheckboxList
          label="Which of these does your draft do?"
          options={[...lines]}
          value={draft.met}
          onChange={draft.check}
        />
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm" data-testid="rubric-score">
          That’s {draft.met.length} of {lines.length}: <strong>{score}%</strong>.
        </p>
        {draft.checked && (
          <AutosaveStatus
            status={draft.status}
            onRetry={draft.retry}
            testId="rubric-status"
            saved={signedIn ? 'Saved with your draft' : 'Kept on this device'}
          />
        )}
      </div>
    </section>
  );
}
