import { useId, useMemo, useRef, useState } from 'react';
import {
  Button,
  ComboBox,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
} from 'react-aria-components';
import useSWR from 'swr';
import { matchJobs } from '../../../../core/job-match';
import { apiFetch } from '../../../lib/api';
import { inputClass } from '../../../ui/form';
import { FieldError, labelClass, SaveState, describedBy } from './FieldFeedback';
import { useProfileField } from './use-profile-field';

const JOBS_KEY = '/api/content/jobs';
const MAX_LENGTH = 80;

async function fetchJobs(): Promise<string[]> {
  return ((await (await apiFetch(JOBS_KEY)).json()) as { jobs: string[] }).jobs;
}

/**
 * Job title with suggestions from the catalogue of job names; any other title is fine too
 * (custom values are allowed). Saves on choosing a suggestion or on leaving the field.
 */
export function JobTitleField({ saved }: { saved: string }) {
  const id = useId();
  // The list does not change while the app runs: load it once, not on every visit.
  const { data: jobs } = useSWR(JOBS_KEY, fetchJobs, { revalidateIfStale: false });
  const [input, setInput] = useState(saved);
  // Blur can arrive in the same tick as a selection, before React re-renders with the
  // chosen text, so the commit on blur reads the latest text from here.
  const latest = useRef(saved);
  const { status, save, reject } = useProfileField('jobTitle', saved);
  const items = useMemo(
    () => matchJobs(input, jobs ?? [], 8).map((name) => ({ id: name, name })),
    [input, jobs],
  );

  function show(text: string) {
    latest.current = text;
    setInput(text);
  }

  async function commit(raw: string) {
    const value = raw.trim();
    if (value.length > MAX_LENGTH) return reject(`At most ${MAX_LENGTH} characters.`);
    const outcome = await save(value);
    if (outcome.kind === 'superseded') return;
    const next = outcome.kind === 'unchanged' ? value : (outcome.value ?? '');
    if (latest.current === raw && raw !== next) show(next);
  }

  const error = status.kind === 'error';
  return (
    <ComboBox
      items={items}
      inputValue={input}
      onInputChange={show}
      onChange={(key) => {
        if (key === null) return;
        show(String(key));
        void commit(String(key));
      }}
      onBlur={() => void commit(latest.current)}
      allowsCustomValue
      isInvalid={error}
      validationBehavior="aria"
      aria-describedby={describedBy(`${id}-hint`, error && `${id}-error`)}
    >
      <div className="flex items-baseline justify-between gap-3">
        <Label className={labelClass}>Job title</Label>
        <SaveState status={status} testId="jobTitle-status" />
      </div>
      <div className="relative">
        <Input maxLength={MAX_LENGTH} className={`${inputClass} pr-11`} />
        <Button className="absolute inset-y-0 right-0 mt-1 flex w-10 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-100">
          <svg
            viewBox="0 0 24 24"
            width="18"
            height="18"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
          >
            <path d="m6 9 6 6 6-6" />
          </svg>
        </Button>
      </div>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-500 dark:text-slate-400">
        Start typing for suggestions, or write your own.
      </p>
      <FieldError id={`${id}-error`} status={status} />
      <Popover className="w-(--trigger-width) overflow-auto rounded-lg border border-slate-200 bg-white shadow-lg dark:border-slate-700 dark:bg-slate-800">
        <ListBox className="max-h-72 p-1 outline-none">
          {(item: { id: string; name: string }) => (
            <ListBoxItem
              id={item.id}
              className="cursor-default rounded-md px-3 py-2 text-base text-slate-900 outline-none data-focused:bg-brand-50 data-focused:text-brand-800 data-selected:font-semibold dark:text-slate-100 dark:data-focused:bg-slate-700 dark:data-focused:text-white"
            >
              {item.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
