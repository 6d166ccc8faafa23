import { useId, useState } from 'react';
import type { ItemRecord } from '../../../core/items/items';
import { useEntriesAutosave } from '../../lib/autosave';
import { SaveStatusOrLogin } from '../../ui/AutosaveStatus';
import { MODEL_ANSWER_AFTER_WORDS } from '../../../core/constants';
import { countWords } from '../../../core/text';
import { secondaryButton } from '../../ui/form';
import { wordTarget } from '../../../core/writing/summary';
import { DraftSummary } from '../../ui/writing/DraftSummary';
import { useWritingCheck } from '../../ui/writing/use-writing-check';
import { WritingField } from '../../ui/writing/WritingField';

/** The one entry a prompt record keeps: the learner's latest response. */
interface ResponseEntry {
  type: 'response';
  text: string;
  updatedAt: string;
}

function isResponse(e: unknown): e is ResponseEntry {
  return (
    typeof e === 'object' &&
    e !== null &&
    (e as { type?: unknown }).type === 'response' &&
    typeof (e as { text?: unknown }).text === 'string'
  );
}

interface Props {
  promptId: string;
  /** Opened once the draft has MODEL_ANSWER_AFTER_WORDS words (ModelAnswer). */
  modelAnswer: string;
  /** The signed-in learner's record, once the visit is recorded; null for guests or until then. */
  record: ItemRecord | null;
  signedIn: boolean;
}

/** The learner's draft, with a live word count; autosaved (a guest's on this device). */
export function ResponseEditor({ promptId, modelAnswer, record, signedIn }: Props) {
  const id = useId();
  const [text, setText] = useState('');
  const [typed, setTyped] = useState(false);
  const [restored, setRestored] = useState(false);
  const { status, schedule, retry, kept } = useEntriesAutosave('prompt', promptId, signedIn);

  // The record (or a guest's kept draft) arrives after the page: fill the box from it once,
  // unless the learner has already started typing (their text is newer and will be saved).
  const saved = record?.entries ?? kept;
  if (saved && !restored) {
    setRestored(true);
    if (!typed) setText(saved.find(isResponse)?.text ?? '');
  }

  const change = (next: string) => {
    setText(next);
    setTyped(true);
    schedule([{ type: 'response', text: next, updatedAt: new Date().toISOString() }]);
  };
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
        target={wordTarget(modelAnswer)}
        signedIn={signedIn}
      />
      <ModelAnswer text={modelAnswer} words={words} />
    </section>
  );
}

/**
 * A model answer to compare with, once the learner has tried: locked (saying how many words
 * open it) until the draft has MODEL_ANSWER_AFTER_WORDS, then one press away. Seeing it first
 * would turn writing into copying.
 */
function ModelAnswer({ text, words }: { text: string; words: number }) {
  const [open, setOpen] = useState(false);
  const ready = words >= MODEL_ANSWER_AFTER_WORDS;
  const id = useId();
  return (
    <div
      className="mt-6 rounded-2xl border border-slate-200 p-4 sm:p-5 dark:border-slate-700"
      data-testid="model-answer"
    >
      <h3 id={`${id}-h`} className="text-lg font-semibold">
        Model answer
      </h3>
      {!ready ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Write your draft first: the model answer opens at {MODEL_ANSWER_AFTER_WORDS} words (
          {MODEL_ANSWER_AFTER_WORDS - words} to go). Comparing after you have tried teaches more
          than reading it first.
        </p>
      ) : !open ? (
        <>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            Compare your draft with one way to answer this brief: the same facts, the outline&apos;s
            parts in order.
          </p>
          <button type="button" className={`${secondaryButton} mt-3`} onClick={() => setOpen(true)}>
            Show the model answer
          </button>
        </>
      ) : (
        <div
          aria-labelledby={`${id}-h`}
          role="region"
          className="mt-3 rounded-xl bg-slate-50 p-4 leading-relaxed whitespace-pre-line dark:bg-slate-900"
        >
          {text.trim()}
        </div>
      )}
    </div>
  );
}
