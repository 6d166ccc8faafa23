import { useId } from 'react';
import type { ItemRecord } from '../../../core/items/items';
import { SaveStatusOrLogin } from '../../ui/AutosaveStatus';
import { countWords } from '../../../core/text';
import { DraftTools } from './DraftTools';
import { usePromptDraft } from './use-prompt-draft';
import { wordTarget } from '../../../core/writing/summary';
import { DraftSummary } from '../../ui/writing/DraftSummary';
import { useWritingCheck } from '../../ui/writing/use-writing-check';
import { WritingField } from '../../ui/writing/WritingField';

interface Props {
  promptId: string;
  title: string;
  /** Opened once the draft is a try (hasTried; CompareView). */
  modelAnswer: string;
  /** The prompt's rubric (rubricLines), checked once the draft is a try. */
  rubric: readonly string[];
  /** The signed-in learner's record, once the visit is recorded; null for guests or until then. */
  record: ItemRecord | null;
  signedIn: boolean;
}

/** The learner's draft, with a live word count; autosaved (a guest's on this device). */
export function ResponseEditor({ promptId, title, modelAnswer, rubric, record, signedIn }: Props) {
  const id = useId();
  const draft = usePromptDraft(promptId, record, signedIn, rubric);
  const { text, change, status, retry } = draft;
  const words = countWords(text);
  const check = useWritingCheck(text);

  return (
    <section aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="text-xl font-semibold">
        Your response
      </h2>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Write your draft here, following the outline above.
      </p>
      <WritingField
        id={`${id}-text`}
        aria-labelledby={`${id}-h`}
        aria-describedby={`${id}-hint ${id}-count`}
        className="min-h-64 leading-relaxed"
        rows={12}
        value={text}
        onChange={change}
        check={check}
      />
      <div className="mt-2 flex flex-wrap items-start justify-between gap-2">
        <p id={`${id}-count`} className="text-sm text-slate-600 dark:text-slate-400">
          {words} {words === 1 ? 'word' : 'words'}
        </p>
        <SaveStatusOrLogin
          signedIn={signedIn}
          status={status}
          onRetry={retry}
          what="your response"
        />
      </div>
      <DraftSummary
        text={text}
        findings={check.findings}
        checked={check.current && check.state === 'ready'}
        state={check.state}
        target={wordTarget(modelAnswer)}
        signedIn={signedIn}
      />
      <DraftTools
        title={title}
        modelAnswer={modelAnswer}
        rubric={rubric}
        draft={draft}
        signedIn={signedIn}
      />
    </section>
  );
}
