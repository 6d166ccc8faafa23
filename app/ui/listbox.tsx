import { useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import {
  DismissButton,
  Overlay,
  useListBox,
  useOption,
  usePopover,
  type AriaListBoxOptions,
} from 'react-aria';
import type { ListState, Node, OverlayTriggerState } from 'react-stately';

// The listbox and popover shared by Dropdown (Select) and JobAutocomplete (ComboBox), on
// react-aria's hooks: the same behaviour and ARIA as React Aria Components' Select and
// ComboBox at about two thirds of their size (docs/decisions/003-accessible-widgets.md).

interface PopoverProps {
  state: OverlayTriggerState;
  /** What the popover lines up with and takes its width from. */
  triggerRef: RefObject<HTMLElement | null>;
  /** The ComboBox passes its own, as useComboBox needs it too. */
  popoverRef?: RefObject<HTMLDivElement | null>;
  /** A ComboBox keeps focus in its input, so the page behind stays usable. */
  isNonModal?: boolean;
  children: ReactNode;
}

export function Popover({ state, triggerRef, popoverRef, isNonModal, children }: PopoverProps) {
  const ownRef = useRef<HTMLDivElement>(null);
  const ref = popoverRef ?? ownRef;
  const { popoverProps, underlayProps } = usePopover(
    { triggerRef, popoverRef: ref, placement: 'bottom start', offset: 4, isNonModal },
    state,
  );
  // As wide as what it belongs to (the field, not just the button).
  useLayoutEffect(() => {
    if (ref.current && triggerRef.current)
      ref.current.style.width = `${triggerRef.current.offsetWidth}px`;
  });
  return (
    <Overlay>
      {!isNonModal && <div {...underlayProps} className="fixed inset-0" />}
      <div
        {...popoverProps}
        ref={ref}
        className="max-w-[calc(100vw-1rem)] overflow-auto rounded-lg border border-slate-200 bg-white shadow-lg dark:border-slate-700 dark:bg-slate-800"
      >
        {!isNonModal && <DismissButton onDismiss={state.close} />}
        {children}
        <DismissButton onDismiss={state.close} />
      </div>
    </Overlay>
  );
}

interface ListBoxProps<T> extends AriaListBoxOptions<T> {
  state: ListState<T>;
  listBoxRef?: RefObject<HTMLUListElement | null>;
}

export function ListBox<T>({ state, listBoxRef, ...props }: ListBoxProps<T>) {
  const ownRef = useRef<HTMLUListElement>(null);
  const ref = listBoxRef ?? ownRef;
  const { listBoxProps } = useListBox(props, state, ref);
  return (
    <ul {...listBoxProps} ref={ref} className="max-h-72 overflow-auto p-1 outline-none">
      {[...state.collection].map((item) => (
        <Option key={item.key} item={item} state={state} />
      ))}
    </ul>
  );
}

function Option<T>({ item, state }: { item: Node<T>; state: ListState<T> }) {
  const ref = useRef<HTMLLIElement>(null);
  const { optionProps, isSelected, isFocused } = useOption({ key: item.key }, state, ref);
  return (
    <li
      {...optionProps}
      ref={ref}
      data-focused={isFocused || undefined}
      className="flex min-h-11 cursor-default items-center rounded-md px-3 py-2 text-base text-slate-900 outline-none data-focused:bg-brand-50 data-focused:text-brand-800 dark:text-slate-100 dark:data-focused:bg-slate-700 dark:data-focused:text-white"
    >
      <span className={`min-w-0 break-words ${isSelected ? 'font-semibold' : ''}`}>
        {item.rendered}
      </span>
      {isSelected && (
        <span aria-hidden="true" className="ml-auto pl-3">
          ✓
        </span>
      )}
    </li>
  );
}
