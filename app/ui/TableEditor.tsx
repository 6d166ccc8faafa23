import { useEffect, useId, useRef } from 'react';
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

const softDisabled = 'aria-disabled:cursor-not-allowed aria-disabled:opacity-60';

/**
 * An editable table: one text input per cell, each named "{column}, row {n}" so a screen
 * reader user hears where they are without reading the headers back.
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
    const el = value.length > 0 && row?.querySelector(target.kind === 'cell' ? 'input' : 'button');
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
      <div className="overflow-x-auto">
        <table ref={table} className="w-full border-collapse text-left">
          <caption className="mb-1 text-left text-sm font-medium">{label}</caption>
          <thead>
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
          <tbody>
            {value.length === 0 && (
              <tr>
                <td
                  colSpan={columns.length + 1}
                  className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400"
                >
                  No rows yet. Add one to start.
                </td>
              </tr>
            )}
            {value.map((row, index) => (
              <tr key={index} className="align-top">
                {columns.map((column) => (
                  <td key={column} className="min-w-32 p-1">
                    <input
                      aria-label={`${column}, row ${index + 1}`}
                      value={row[column] ?? ''}
                      onChange={(e) => setCell(index, column, e.target.value)}
                      className={`${inputClass} min-h-11`}
                    />
                  </td>
                ))}
                <td className="p-1">
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
