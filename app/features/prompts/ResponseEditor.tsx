import { useId, useState } from 'react';
import type { ItemRecord } from '../../../core/items/items';
import { useEntriesAutosave } from '../../lib/autosave';
import { SaveStatusOrLogin } from '../../ui/AutosaveStatus';
import { inputClass } from '../../ui/form';

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

export function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

interface Props {
  promptId: string;
  /** The signed-in learner's record, once the visit is recorded; null for guests or until then. */
  record: ItemRecord | null;
  signedIn: boolean;
}

/** The learner's draft, with a live word count; autosaved (a guest's on this device). */
export function ResponseEditor({ promptId, record, signedIn }: Props) {
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

  return (
    <section aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="text-xl font-semibold">
        Your response
      </h2>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Write your draft here, following the outline above.
      </p>
      <textarea
        id={`${id}-text`}
        aria-labelledby={`${id}-h`}
        aria-describedby={`${id}-hint ${id}-count`}
        className={`${inputClass} min-h-64 leading-relaxed`}
        rows={12}
        value={text}
        onChange={(e) => change(e.target.value)}
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
    </section>
  );
}
