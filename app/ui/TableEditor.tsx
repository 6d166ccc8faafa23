import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import { inputClass, secondaryButton } from './form';

type Row = Record<string, string>;

interface Props {
  label: string;
  columns: string[];
  /** Rows keyed by column name; a missing key reads as an empty cell. */
  value: Row[];
  onChange: (next: Row[]) => void;
  maxRows?: number;
}

export function emptyRow(columns: readonly string[]): Row {
  return Object.fromEntries(columns.map((c) => [c, '']));
}

/**
 * One cell: a text box that wraps and grows with its text, so a long goal reads in full on a
 * phone instead of running out of a one-line input. A cell still holds one line, as it
 * always has: Enter adds no line break and pasted breaks become spaces.
 */
function Cell({
  value,
  onChange,
  ...rest
}: {
  id: string;
  'aria-label': string;
  value: string;
  onChange: (next: string) => void;
}) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    let width = el.clientWidth;
    const fit = () => {
      el.style.height = 'auto';
      el.style.height = `${el.scrollHeight + el.offsetHeight - el.clientHeight}px`;
    };
    fit();
    // The width changes with the window (and the phone's card layout), and so do the lines;
    // a change of height alone (this fitting it) needs no second look.
    const observer =
      typeof ResizeObserver === 'function'
        ? new ResizeObserver(() => {
            if (el.clientWidth === width) return;
            width = el.clientWidth;
            fit();
          })
        : null;
    observer?.observe(el);
    return () => observer?.disconnect();
  }, [value]);
  return (
    <textarea
      {...rest}
      ref={ref}
      rows={1}
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\r?\n/g, ' '))}
      onKeyDown={(e) => {
        if (e.key === 'Enter') e.preventDefault();
      }}
      className={`${inputClass} min-h-11 resize-none overflow-hidden`}
    />
  );
}

const softDisabled = 'aria-disabled:cursor-not-allowed aria-disabled:opacity-60';

/**
 * An editable table: one text box per cell, each named "{column}, row {n}" so a screen
 * reader user hears where they are without reading the headers back. Below the sm
 * breakpoint each row is a card, each cell a full-width input under its column's name, so
 * nothing scrolls sideways on a phone.
 */
export function TableEditor({ label, columns, value, onChange, maxRows = 20 }: Props) {
  const id = useId();
  const table = useRef<HTMLTableElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  // Adding or removing a row replaces the control that had focus; after the parent's
  // re-render, move focus somewhere sensible instead of dropping it on <body>.
  const pendingFocus = useRef<{ kind: 'cell' | 'remove'; row: number } | null>(null);
  useEffect(() => {
    const target = pendingFocus.current;
    if (!target || !table.current) return;
    pendingFocus.current = null;
    const row = table.current.querySelectorAll('tbody tr')[Math.min(target.row, value.length - 1)];
    const el =
      value.length > 0 && row?.querySelector(target.kind === 'cell' ? 'textarea' : 'button');
    (el || addButton.current)?.focus();
  });
  const full = value.length >= maxRows;

  function setCell(index: number, column: string, text: string) {
    onChange(value.map((row, i) => (i === index ? { ...row, [column]: text } : row)));
  }

  function addRow() {
    if (full) return;
    pendingFocus.current = { kind: 'cell', row: value.length };
    onChange([...value, emptyRow(columns)]);
  }

  function removeRow(index: number) {
    pendingFocus.current = { kind: 'remove', row: index };
    onChange(value.filter((_, i) => i !== index));
  }

  return (
    <div>
      <div className="sm:overflow-x-auto">
        <table ref={table} className="w-full border-collapse text-left max-sm:block">
          <caption className="mb-1 text-left text-sm font-medium max-sm:mb-2 max-sm:block">
            {label}
          </caption>
          <thead className="max-sm:hidden">
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col" className="px-1 pb-1 text-sm font-semibold">
                  {column}
                </th>
              ))}
              <th scope="col" className="px-1 pb-1">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="max-sm:grid max-sm:gap-3">
            {value.length === 0 && (
              <tr className="max-sm:block">
                <td
                  colSpan={columns.length + 1}
                  className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-slate-600 max-sm:block dark:border-slate-700 dark:text-slate-400"
                >
                  No rows yet. Add one to start.
                </td>
              </tr>
            )}
            {value.map((row, index) => (
              <tr
                key={index}
                className="align-top max-sm:grid max-sm:gap-3 max-sm:rounded-xl max-sm:border max-sm:border-slate-200 max-sm:bg-slate-50 max-sm:p-3 dark:max-sm:border-slate-700 dark:max-sm:bg-slate-900"
              >
                {columns.map((column, c) => (
                  <td key={column} className="p-1 max-sm:block max-sm:p-0 sm:min-w-32">
                    {c === 0 && (
                      // The row's number heads its card; the inputs' names carry it for
                      // screen readers.
                      <p
                        aria-hidden="true"
                        className="mb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase sm:hidden dark:text-slate-400"
                      >
                        Row {index + 1}
                      </p>
                    )}
                    {/* On a phone each cell is a card line under its column's name. */}
                    <label
                      htmlFor={`${id}-${index}-${c}`}
                      className="block text-sm font-medium break-words sm:hidden"
                    >
                      {column}
                    </label>
                    <Cell
                      id={`${id}-${index}-${c}`}
                      aria-label={`${column}, row ${index + 1}`}
                      value={row[column] ?? ''}
                      onChange={(text) => setCell(index, column, text)}
                    />
                  </td>
                ))}
                <td className="p-1 max-sm:flex max-sm:justify-end max-sm:p-0">
                  <button
                    type="button"
                    onClick={() => removeRow(index)}
                    className={`${secondaryButton} min-h-11`}
                  >
                    Remove<span className="sr-only"> row {index + 1}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <button
          ref={addButton}
          type="button"
          aria-disabled={full || undefined}
          aria-describedby={full ? `${id}-full` : undefined}
          onClick={addRow}
          className={`${secondaryButton} min-h-11 ${softDisabled}`}
        >
          Add row
        </button>
        {full && (
          <p id={`${id}-full`} className="text-sm text-slate-600 dark:text-slate-400">
            That’s the most this table takes ({maxRows} rows).
          </p>
        )}
      </div>
    </div>
  );
}
