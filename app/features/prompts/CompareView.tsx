import { useId, useState } from 'react';
import { MODEL_ANSWER_AFTER_WORDS } from '../../../core/constants';
import { hasTried } from '../../../core/items/rubric';
import { countWords } from '../../../core/text';
import { ModalDialog } from '../../ui/ModalDialog';
import { secondaryButton } from '../../ui/form';

const column =
  'min-w-0 rounded-xl bg-slate-50 p-4 leading-relaxed whitespace-pre-line break-words dark:bg-slate-800';

/**
 * The model answer, for after the learner has tried: locked (saying how many words open it)
 * until the draft is a try (hasTried), then "Compare with a model answer" opens the draft
 * and the model side by side (stacked on a phone). Before the try the model is not in the
 * page at all: seeing it first would turn writing into copying.
 */
export function CompareView({ draft, modelAnswer }: { draft: string; modelAnswer: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const words = countWords(draft);
  return (
    <div
      className="rounded-2xl border border-slate-200 p-4 sm:p-5 dark:border-slate-700"
      data-testid="model-answer"
    >
      <h3 className="text-lg font-semibold">Model answer</h3>
      {!hasTried(draft) ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Write your draft first: the model answer opens at {MODEL_ANSWER_AFTER_WORDS} words (
          {MODEL_ANSWER_AFTER_WORDS - words} to go), with a checklist to check your draft against.
          Comparing after you have tried teaches more than reading it first.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            See your draft beside one way to answer this brief: the same facts, the outline&apos;s
            parts in order.
          </p>
          <button type="button" className={`${secondaryButton} mt-3`} onClick={() => setOpen(true)}>
            Compare with a model answer
          </button>
        </>
      )}
      {open && hasTried(draft) && (
        <ModalDialog
          title="Compare with a model answer"
          onClose={() => setOpen(false)}
          longContent
          className="max-h-[90dvh] max-w-6xl overflow-y-auto border border-slate-200 dark:border-slate-700"
        >
          <div className="grid gap-4 md:grid-cols-2" data-testid="compare-view">
            <div className="grid content-start gap-2">
              <h3 id={`${id}-mine`} className="font-semibold">
                Your draft{' '}
                <span className="font-normal text-slate-600 dark:text-slate-400">
                  · {words} words
                </span>
              </h3>
              <div
                role="region"
                aria-labelledby={`${id}-mine`}
                className={column}
                data-testid="compare-draft"
              >
                {draft.trim()}
              </div>
            </div>
            <div className="grid content-start gap-2">
              <h3 id={`${id}-model`} className="font-semibold">
                Model answer{' '}
                <span className="font-normal text-slate-600 dark:text-slate-400">
                  · {countWords(modelAnswer)} words
                </span>
              </h3>
              <div
                role="region"
                aria-labelledby={`${id}-model`}
                className={column}
                data-testid="compare-model"
              >
                {modelAnswer.trim()}
              </div>
            </div>
          </div>
          <div className="mt-4 flex justify-end">
            <button type="button" className={secondaryButton} onClick={() => setOpen(false)}>
              Back to my draft
            </button>
          </div>
        </ModalDialog>
      )}
    </div>
  );
}
