import { useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import { useButton, useComboBox } from 'react-aria';
import { Item, useComboBoxState } from 'react-stately';
import { matchJobs } from '../../core/content/job-match';
import { inputClass } from './form';
import { ChevronDownIcon } from './icons';
import { ListBox, Popover } from './listbox';

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
 * A job title with suggestions from the catalog; any other title is fine too (custom
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
  const comboProps = {
    label,
    items,
    children: (item: { id: string; name: string }) => <Item key={item.id}>{item.name}</Item>,
    inputValue: value,
    onInputChange: show,
    onSelectionChange: (key: string | number | null) => {
      if (key === null) return;
      show(String(key));
      onCommit?.(String(key));
    },
    onBlur: () => onCommit?.(latest.current),
    allowsCustomValue: true,
    isInvalid: Boolean(error),
    validationBehavior: 'aria' as const,
    'aria-describedby': describedBy,
    maxLength,
  };
  const state = useComboBoxState(comboProps);
  const inputRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listBoxRef = useRef<HTMLUListElement>(null);
  const popoverRef = useRef<HTMLDivElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const { labelProps, inputProps, buttonProps, listBoxProps } = useComboBox(
    { ...comboProps, inputRef, buttonRef, listBoxRef, popoverRef },
    state,
  );
  const { buttonProps: toggleProps } = useButton(buttonProps, buttonRef);
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3">
        <label {...labelProps} className="text-sm font-medium">
          {label}
        </label>
        {labelAside}
      </div>
      <div ref={wrapRef} className="relative">
        <input {...inputProps} ref={inputRef} className={`${inputClass} min-h-11 pr-11`} />
        <button
          {...toggleProps}
          ref={buttonRef}
          className="absolute inset-y-0 right-0 mt-1 flex w-11 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-100"
        >
          <ChevronDownIcon />
        </button>
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
      {state.isOpen && (
        <Popover state={state} triggerRef={wrapRef} popoverRef={popoverRef} isNonModal>
          <ListBox {...listBoxProps} listBoxRef={listBoxRef} state={state} />
        </Popover>
      )}
    </div>
  );
}
