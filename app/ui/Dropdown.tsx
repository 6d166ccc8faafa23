import {
  Button,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
} from 'react-aria-components';
import { inputClass } from './form';
import { ChevronDownIcon } from './icons';

interface Props {
  label: string;
  options: string[];
  /** null (or a value no longer among the options) shows the placeholder. */
  value: string | null;
  onChange: (next: string) => void;
  placeholder?: string;
}

/**
 * A single choice from a short list (react-aria Select: a button that opens a listbox).
 * Unlike a native select it can be styled for dark mode throughout, and type-ahead,
 * arrow keys, Enter and Escape behave as a listbox should.
 */
export function Dropdown({ label, options, value, onChange, placeholder = 'Choose…' }: Props) {
  const selected = value !== null && options.includes(value) ? value : null;
  return (
    <Select
      value={selected}
      onChange={(key) => {
        if (key !== null) onChange(String(key));
      }}
      placeholder={placeholder}
    >
      <Label className="text-sm font-medium">{label}</Label>
      <Button className={`${inputClass} flex min-h-11 items-center justify-between text-left`}>
        <SelectValue className="truncate data-placeholder:text-slate-500 dark:data-placeholder:text-slate-400" />
        <ChevronDownIcon className="shrink-0 text-slate-500 dark:text-slate-400" />
      </Button>
      <Popover className="w-(--trigger-width) overflow-auto rounded-lg border border-slate-200 bg-white shadow-lg dark:border-slate-700 dark:bg-slate-800">
        <ListBox className="max-h-72 p-1 outline-none">
          {options.map((option) => (
            <ListBoxItem
              key={option}
              id={option}
              textValue={option}
              className="flex min-h-11 cursor-default items-center rounded-md px-3 text-base text-slate-900 outline-none data-focused:bg-brand-50 data-focused:text-brand-800 data-selected:font-semibold dark:text-slate-100 dark:data-focused:bg-slate-700 dark:data-focused:text-white"
            >
              {({ isSelected }) => (
                <>
                  {option}
                  {isSelected && (
                    <span aria-hidden="true" className="ml-auto pl-3">
                      ✓
                    </span>
                  )}
                </>
              )}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}
