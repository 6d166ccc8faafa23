import { useRef } from 'react';
import { useButton, useSelect } from 'react-aria';
import { Item, useSelectState } from 'react-stately';
import { inputClass } from './form';
import { ChevronDownIcon } from './icons';
import { ListBox, Popover } from './listbox';

interface Props {
  label: string;
  options: string[];
  /** null (or a value no longer among the options) shows the placeholder. */
  value: string | null;
  onChange: (next: string) => void;
  placeholder?: string;
}

/**
 * A single choice from a short list (react-aria's Select: a button that opens a listbox).
 * Unlike a native select it can be styled for dark mode throughout, and type-ahead,
 * arrow keys, Enter and Escape behave as a listbox should.
 */
export function Dropdown({ label, options, value, onChange, placeholder = 'Choose…' }: Props) {
  const selected = value !== null && options.includes(value) ? value : null;
  const props = {
    label,
    placeholder,
    items: options.map((option) => ({ option })),
    children: ({ option }: { option: string }) => (
      <Item key={option} textValue={option}>
        {option}
      </Item>
    ),
    selectedKey: selected,
    onSelectionChange: (key: string | number | null) => {
      if (key !== null) onChange(String(key));
    },
  };
  const state = useSelectState(props);
  const ref = useRef<HTMLButtonElement>(null);
  const { labelProps, triggerProps, valueProps, menuProps } = useSelect(props, state, ref);
  const { buttonProps } = useButton(triggerProps, ref);
  return (
    <div>
      <span {...labelProps} className="text-sm font-medium">
        {label}
      </span>
      <button
        {...buttonProps}
        ref={ref}
        className={`${inputClass} flex min-h-11 items-center justify-between gap-2 text-left`}
      >
        <span
          {...valueProps}
          className={`min-w-0 break-words ${state.selectedItem ? '' : 'text-slate-500 dark:text-slate-400'}`}
        >
          {state.selectedItem ? state.selectedItem.rendered : placeholder}
        </span>
        <ChevronDownIcon className="shrink-0 text-slate-500 dark:text-slate-400" />
      </button>
      {state.isOpen && (
        <Popover state={state} triggerRef={ref}>
          <ListBox {...menuProps} state={state} />
        </Popover>
      )}
    </div>
  );
}
