import { useId, useRef, useState } from 'react';
import { linkProblem, MAX_LINKS, normalizeLink, siteOf } from '../../../core/account/profile-links';
import { inputClass } from '../../ui/form';
import { CloseIcon, Svg } from '../../ui/icons';
import { FieldError, labelClass, SaveState } from './FieldFeedback';
import { useProfileField } from './use-profile-field';

interface Row {
  key: number;
  value: string;
  /** Why the link cannot be saved, shown once the field is left; null when it can. */
  problem: string | null;
}

const rowsOf = (links: string[]): Row[] =>
  links.map((value, key) => ({ key, value, problem: null }));

/** A link as people say it, for the undo note: "linkedin.com/in/ana". */
const shortLink = (link: string) => link.replace(/^https?:\/\//i, '').replace(/\/$/, '');

/**
 * Up to MAX_LINKS web links, one field each, saved as a list (the stored value is the same
 * list of strings as before). A field is checked when it is left, by the server's rule;
 * the list is saved when every field passes. A removal can be undone until the next one.
 */
export function LinksField({ saved }: { saved: string[] }) {
  const id = useId();
  const [rows, setRows] = useState<Row[]>(() => rowsOf(saved));
  const [removed, setRemoved] = useState<{ row: Row; index: number } | null>(null);
  const nextKey = useRef(saved.length);
  const focusKey = useRef<number | null>(null);
  const { status, save, reject } = useProfileField('links', saved);

  async function commit(next: Row[]) {
    // "linkedin.com/in/ana" becomes "https://linkedin.com/in/ana", as the server would take it.
    const checked = next.map((r) => {
      const value = normalizeLink(r.value);
      return { ...r, value, problem: value === '' ? null : linkProblem(value) };
    });
    setRows(checked);
    // Nothing is saved while a field is wrong; the field says why, so the group adds nothing.
    if (checked.some((r) => r.problem))
      return reject('Your links are not saved until each one is a full web address.');
    await save(checked.map((r) => r.value).filter((v) => v !== ''));
  }

  function edit(key: number, value: string) {
    // A shown problem goes as soon as the text is right; a new one waits for the field to be left.
    setRows((rs) =>
      rs.map((r) =>
        r.key === key
          ? { ...r, value, problem: r.problem && linkProblem(normalizeLink(value)) }
          : r,
      ),
    );
  }

  function add() {
    const key = nextKey.current++;
    focusKey.current = key;
    setRemoved(null);
    setRows((rs) => [...rs, { key, value: '', problem: null }]);
  }

  function remove(index: number) {
    const row = rows[index];
    if (!row) return;
    setRemoved(row.value.trim() ? { row, index } : null);
    void commit(rows.filter((_, i) => i !== index));
  }

  function undo() {
    if (!removed) return;
    const next = [...rows];
    next.splice(Math.min(removed.index, next.length), 0, removed.row);
    focusKey.current = removed.row.key;
    setRemoved(null);
    void commit(next);
  }

  const full = rows.length >= MAX_LINKS;
  return (
    <div role="group" aria-labelledby={`${id}-label`} aria-describedby={`${id}-hint`}>
      <div className="flex items-baseline justify-between gap-3">
        <span id={`${id}-label`} className={labelClass}>
          Links
        </span>
        <SaveState status={status} testId="links-status" />
      </div>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-500 dark:text-slate-400">
        Your LinkedIn, portfolio or other pages about your work: up to {MAX_LINKS} web addresses.
      </p>
      {rows.length > 0 && (
        <ul className="mt-2 space-y-3">
          {rows.map((row, index) => {
            const inputId = `${id}-link-${row.key}`;
            const site = row.problem ? null : siteOf(row.value);
            const n = index + 1;
            return (
              <li key={row.key} className="flex items-start gap-2">
                <div className="min-w-0 flex-1">
                  <label htmlFor={inputId} className="sr-only">
                    Link {n}
                  </label>
                  <input
                    id={inputId}
                    ref={(el) => {
                      if (el && focusKey.current === row.key) {
                        focusKey.current = null;
                        el.focus();
                      }
                    }}
                    type="url"
                    inputMode="url"
                    autoCapitalize="off"
                    autoCorrect="off"
                    spellCheck={false}
                    placeholder="https://"
                    value={row.value}
                    className={inputClass}
                    aria-invalid={row.problem ? true : undefined}
                    aria-describedby={
                      [site && `${inputId}-site`, row.problem && `${inputId}-error`]
                        .filter(Boolean)
                        .join(' ') || undefined
                    }
                    onChange={(e) => edit(row.key, e.target.value)}
                    onBlur={() => void commit(rows)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter') {
                        e.preventDefault();
                        void commit(rows);
                      }
                    }}
                  />
                  {site && (
                    <p
                      id={`${inputId}-site`}
                      className="mt-1.5 inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 dark:bg-slate-800 dark:text-sky-300"
                    >
                      <Svg width="14" height="14" strokeWidth="2.5">
                        <path d="M5 12l5 5 9-10" />
                      </Svg>
                      {site}
                    </p>
                  )}
                  {row.problem && (
                    <p
                      id={`${inputId}-error`}
                      role="alert"
                      className="mt-1 text-sm text-red-700 dark:text-red-400"
                    >
                      {row.problem}
                    </p>
                  )}
                </div>
                <button
                  type="button"
                  aria-label={`Remove link ${n}`}
                  className="mt-1 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-control text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100"
                  onClick={() => remove(index)}
                >
                  <CloseIcon width="20" height="20" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {removed && (
        <p role="status" className="mt-2 flex flex-wrap items-center gap-x-1 text-sm">
          <span className="min-w-0 wrap-anywhere text-slate-600 dark:text-slate-400">
            Removed {shortLink(removed.row.value)}.
          </span>
          <button
            type="button"
            className="-mx-2 inline-flex min-h-11 min-w-11 items-center justify-center rounded-control px-2 font-semibold text-brand-700 underline underline-offset-2 hover:bg-brand-50 dark:text-sky-400 dark:hover:bg-slate-800"
            onClick={undo}
          >
            Undo
          </button>
        </p>
      )}
      {full ? (
        <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">
          That is the most a profile shows: remove one to add another.
        </p>
      ) : (
        <button
          type="button"
          onClick={add}
          className="mt-3 inline-flex items-center gap-1.5 rounded-control px-2 py-1.5 -ml-2 font-semibold text-brand-700 transition-colors hover:bg-brand-50 dark:text-sky-400 dark:hover:bg-slate-800"
        >
          <Svg width="20" height="20">
            <path d="M12 5v14M5 12h14" />
          </Svg>
          Add a link
        </button>
      )}
      {!rows.some((r) => r.problem) && <FieldError id={`${id}-error`} status={status} />}
    </div>
  );
}
