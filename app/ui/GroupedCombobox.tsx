import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { normalizeJobText } from '../../core/content/job-match';
import { inputClass } from './form';
import { ChevronDownIcon } from './icons';

export interface ComboOption {
  id: string;
  label: string;
  /** A short word after the label ("drawn"). */
  note?: string;
}
export interface ComboGroup {
  /** Unique among the groups. */
  id: string;
  title: string;
  options: readonly ComboOption[];
}

interface Props {
  label: string;
  groups: readonly ComboGroup[];
  /** The chosen option's id. */
  value: string;
  onChange: (id: string) => void;
  placeholder?: string;
  /** Names the button that shows every option. */
  showAllLabel: string;
}

interface Visible extends ComboOption {
  key: string;
}

/**
 * One choice among hundreds, grouped (words by word set): an ARIA 1.2 combobox whose list
 * filters as the learner types (any part of the label, those starting with it first, ignoring case, hyphens and
 * spaces as core's job matching does). Arrow keys move through the list, Enter chooses, Escape closes;
 * leaving the field puts the chosen label back. Written on the platform rather than on
 * react-aria's ComboBox (JobAutocomplete), which would put the doodles route over its
 * download budget (docs/decisions/028-doodles-on-paper.md).
 */
export function GroupedCombobox(props: Props) {
  const { label, groups, value, onChange, placeholder, showAllLabel } = props;
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  const selectedLabel = groups.flatMap((g) => g.options).find((o) => o.id === value)?.label ?? '';
  const [text, setText] = useState(selectedLabel);
  // The text typed since the list opened filters it; just opened, it shows everything.
  const [typed, setTyped] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  // Another choice made elsewhere (a link, the back button) shows in the field.
  const [shownFor, setShownFor] = useState(selectedLabel);
  if (shownFor !== selectedLabel) {
    setShownFor(selectedLabel);
    setText(selectedLabel);
  }

  const query = typed ? normalizeJobText(text) : '';
  const visibleGroups = useMemo(
    () =>
      groups
        .map((g) => ({
          ...g,
          // Labels that start with the text come first in their group.
          options: g.options
            .map((o) => ({ o, at: query === '' ? 0 : normalizeJobText(o.label).indexOf(query) }))
            .filter(({ at }) => at >= 0)
            .sort((a, b) => Number(a.at > 0) - Number(b.at > 0))
            .map(({ o }): Visible => ({ ...o, key: `${g.id}/${o.id}` })),
        }))
        .filter((g) => g.options.length > 0),
    [groups, query],
  );
  const flat = visibleGroups.flatMap((g) => g.options);
  const optionId = (key: string) => `${id}-o-${key}`;
  const activeKey = open ? flat[active]?.key : undefined;
  const activeId = activeKey ? optionId(activeKey) : undefined;

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  function show(all: boolean) {
    setOpen(true);
    if (all) {
      setTyped(false);
      const i = groups.flatMap((g) => g.options).findIndex((o) => o.id === value);
      setActive(i);
    }
  }
  function close() {
    setOpen(false);
    setTyped(false);
    setActive(-1);
    setText(selectedLabel);
  }
  function choose(o: Visible) {
    setOpen(false);
    setTyped(false);
    setActive(-1);
    setText(o.label);
    if (o.id !== value) onChange(o.id);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      if (!open || e.altKey) show(!open);
      else setActive((a) => Math.min(a + 1, flat.length - 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      if (open) setActive((a) => Math.max(a - 1, 0));
    } else if (e.key === 'Enter' && open) {
      e.preventDefault();
      const pick = flat[active] ?? (typed ? flat[0] : undefined);
      if (pick) choose(pick);
    } else if (e.key === 'Escape' && (open || text !== selectedLabel)) {
      e.preventDefault();
      close();
    }
  }

  return (
    <div className="max-w-sm">
      <label htmlFor={`${id}-input`} className="text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <input
          ref={inputRef}
          id={`${id}-input`}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={`${id}-list`}
          aria-activedescendant={activeId}
          autoComplete="off"
          spellCheck={false}
          value={text}
          placeholder={placeholder}
          onChange={(e) => {
            setText(e.target.value);
            setTyped(true);
            // A new search shows its first matches, not wherever the list was scrolled.
            if (popupRef.current) popupRef.current.scrollTop = 0;
            setActive(-1);
            setOpen(true);
          }}
          onFocus={(e) => e.currentTarget.select()}
          onClick={() => !open && show(true)}
          onKeyDown={onKeyDown}
          onBlur={close}
          className={`${inputClass} min-h-11 pr-11`}
        />
        <button
          type="button"
          tabIndex={-1}
          aria-label={showAllLabel}
          aria-controls={`${id}-list`}
          aria-expanded={open}
          // Keep focus in the field, so choosing with the mouse does not count as leaving it.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            if (open) close();
            else show(true);
            inputRef.current?.focus();
          }}
          className="absolute inset-y-0 right-0 mt-1 flex w-11 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-100"
        >
          <ChevronDownIcon />
        </button>
        <div
          ref={popupRef}
          hidden={!open}
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-800"
        >
          <ul id={`${id}-list`} role="listbox" aria-label={label}>
            {visibleGroups.map((g) => (
              <li key={g.id} role="presentation">
                <span
                  id={`${id}-g-${g.id}`}
                  role="presentation"
                  className="block px-3 pt-3 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300"
                >
                  {g.title}
                </span>
                <ul role="group" aria-labelledby={`${id}-g-${g.id}`}>
                  {g.options.map((o) => (
                    // The keys act on the field (aria-activedescendant); the mouse picks here.
                    // eslint-disable-next-line jsx-a11y/click-events-have-key-events
                    <li
                      key={o.key}
                      id={optionId(o.key)}
                      role="option"
                      aria-selected={o.id === value}
                      data-active={o.key === activeKey || undefined}
                      onMouseDown={(e) => e.preventDefault()}
                      onClick={() => choose(o)}
                      className="flex min-h-11 cursor-default items-center rounded-md px-3 text-base text-slate-900 hover:bg-slate-100 data-active:bg-brand-50 data-active:text-brand-800 dark:text-slate-100 dark:hover:bg-slate-700 dark:data-active:bg-slate-700 dark:data-active:text-white"
                    >
                      <span className={o.id === value ? 'font-semibold' : undefined}>
                        {o.label}
                      </span>
                      {o.note && (
                        <span className="ml-2 text-xs text-slate-600 dark:text-slate-300">
                          {o.note}
                        </span>
                      )}
                      {o.id === value && (
                        <span aria-hidden="true" className="ml-auto pl-3">
                          ✓
                        </span>
                      )}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
          {flat.length === 0 && (
            <p role="status" className="px-3 py-2 text-sm text-slate-600 dark:text-slate-300">
              Nothing matches “{text.trim()}”.
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
