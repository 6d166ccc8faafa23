import { useState } from 'react';
import type { ItemRecord } from '../../../core/items/items';
import { makeRubricEntry, savedRubricMet } from '../../../core/items/rubric';
import { useEntriesAutosave } from '../../lib/autosave';

/** The prompt record's draft entry: the learner's latest response. */
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

/**
 * A prompt's draft and its rubric check, saved together as the record's entries (the draft,
 * then the check once one is made) through one autosave: a signed-in learner's to the
 * server, a guest's on this device, so neither write can drop the other.
 */
export function usePromptDraft(
  promptId: string,
  record: ItemRecord | null,
  signedIn: boolean,
  rubric: readonly string[],
) {
  const [text, setText] = useState('');
  const [met, setMet] = useState<string[]>([]);
  const [checked, setChecked] = useState(false);
  const [touched, setTouched] = useState(false);
  const [restored, setRestored] = useState<readonly unknown[] | null>(null);
  const { status, schedule, retry, kept } = useEntriesAutosave(
    'prompt',
    promptId,
    signedIn,
    record?.entries,
  );

  // The record (or a draft kept on this device, newer) arrives after the page: fill in from
  // it once — again if the kept draft is read after the record — unless the learner has
  // already started (their work is newer and will be saved).
  const saved = kept ?? record?.entries;
  if (saved && saved !== restored && (restored === null || saved === kept)) {
    setRestored(saved);
    if (!touched) {
      setText(saved.find(isResponse)?.text ?? '');
      setMet(savedRubricMet(saved, rubric));
      setChecked(saved.some((e) => (e as { type?: unknown }).type === 'rubric'));
    }
  }

  const save = (nextText: string, nextMet: string[], withRubric: boolean) => {
    setTouched(true);
    const response: ResponseEntry = {
      type: 'response',
      text: nextText,
      updatedAt: new Date().toISOString(),
    };
    schedule(withRubric ? [response, makeRubricEntry(nextMet, rubric)] : [response]);
  };

  return {
    text,
    /** Lines of the rubric the learner ticked. */
    met,
    /** Whether a rubric check has been made (and so is saved), even with nothing ticked. */
    checked,
    status,
    retry,
    change(next: string) {
      setText(next);
      save(next, met, checked);
    },
    check(next: string[]) {
      setMet(next);
      setChecked(true);
      save(text, next, true);
    },
  };
}

export type PromptDraft = ReturnType<typeof usePromptDraft>;
