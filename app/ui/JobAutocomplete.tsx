import { useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
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
import { matchJobs } from '../../core/job-match';
import { fetchJson } from '../lib/api';
import { inputClass } from './form';
import { ChevronDownIcon } from './icons';

const JOBS_KEY = '/api/content/jobs';
const NO_JOBS: readonly string[] = [];

async function fetchJobs(): Promise<string[]> {
  return (await fetchJson<{ jobs: string[] }>(JOBS_KEY)).jobs;
}

/** The catalogue's job names; empty until loaded (suggestions simply appear later). */
export function useJobNames(): readonly string[] {
  // The list does not change while the app runs: load it once, not on every visit.
  const { data } = useSWR(JOBS_KEY, fetchJobs, { revalidateIfStale: false });
  return data ?? NO_JOBS;
}

interface Props {
  label: string;
  value: string;
  onChange: (text: string) => void;
  /** Called with the text on choosing a suggestion and on leaving the field. */
  onCommit?: (text: string) => void;
  jobs: readonly string[];
  hint?: ReactNode;
  error?: string | null;
  maxLength?: number;
  /** Ids of further descriptions outside the widget. */
  describedBy?: string;
  /** Shown at the end of the label row (a save state, say). */
  labelAside?: ReactNode;
}

/**
 * A job title with suggestions from the catalogue; any other title is fine too (custom
 * values are allowed). Matching is core's rule: from one character, case-insensitive,
 * with hyphen, space and apostrophe interchangeable.
 */
export function JobAutocomplete(props: Props) {
  const { label, value, onChange, onCommit, jobs, hint, error, maxLength, labelAside } = props;
  const id = useId();
  // Blur can arrive in the same tick as a selection, before the parent re-renders with
  // the chosen text, so the commit on blur reads the latest text from here.
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);
  const items = useMemo(
    () => matchJobs(value, jobs, 8).map((name) => ({ id: name, name })),
    [value, jobs],
  );

  function show(text: string) {
    latest.current = text;
    onChange(text);
  }

  const describedBy =
    [props.describedBy, hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') ||
    undefined;
  return (
    <ComboBox
      items={items}
      inputValue={value}
      onInputChange={show}
      onChange={(key) => {
        if (key === null) return;
        show(String(key));
        onCommit?.(String(key));
      }}
      onBlur={() => onCommit?.(latest.current)}
      allowsCustomValue
      isInvalid={Boolean(error)}
      validationBehavior="aria"
      aria-describedby={describedBy}
    >
      <div className="flex items-baseline justify-between gap-3">
        <Label className="text-sm font-medium">{label}</Label>
        {labelAside}
      </div>
      <div className="relative">
        <Input maxLength={maxLength} className={`${inputClass} min-h-11 pr-11`} />
        <Button className="absolute inset-y-0 right-0 mt-1 flex w-11 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-100">
          <ChevronDownIcon />
        </Button>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <Popover className="w-(--trigger-width) overflow-auto rounded-lg border border-slate-200 bg-white shadow-lg dark:border-slate-700 dark:bg-slate-800">
        <ListBox className="max-h-72 p-1 outline-none">
          {(item: { id: string; name: string }) => (
            <ListBoxItem
              id={item.id}
              className="flex min-h-11 cursor-default items-center rounded-md px-3 text-base text-slate-900 outline-none data-focused:bg-brand-50 data-focused:text-brand-800 data-selected:font-semibold dark:text-slate-100 dark:data-focused:bg-slate-700 dark:data-focused:text-white"
            >
              {item.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
