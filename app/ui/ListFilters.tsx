import { useId } from 'react';
import { STATUS_FILTERS, type ListFilter, type StatusFilter } from '../lib/list-filter';
import { inputClass } from './form';

interface Props {
  value: ListFilter;
  onChange: (next: ListFilter) => void;
  /** Which list filters make sense: guests have no lists; some kinds have no saved list. */
  statuses: readonly StatusFilter[];
  facet?: { label: string; options: readonly string[] };
  /** e.g. "12 of 40 prompts", announced as the filter changes. */
  resultText: string;
}

/** Search, list and facet filters over a section's items. */
export function ListFilters({ value, onChange, statuses, facet, resultText }: Props) {
  const id = useId();
  const set = (patch: Partial<ListFilter>) => onChange({ ...value, ...patch });
  return (
    <search className="mb-6">
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr]">
        <div>
          <label htmlFor={`${id}-q`} className="text-sm font-medium">
            Search
          </label>
          <input
            id={`${id}-q`}
            type="search"
            className={inputClass}
            value={value.query}
            onChange={(e) => set({ query: e.target.value })}
          />
        </div>
        {statuses.length > 1 && (
          <div>
            <label htmlFor={`${id}-s`} className="text-sm font-medium">
              Show
            </label>
            <select
              id={`${id}-s`}
              className={inputClass}
              value={value.status}
              onChange={(e) => set({ status: e.target.value as StatusFilter })}
            >
              {statuses.map((s) => (
                <option key={s} value={s}>
                  {STATUS_FILTERS[s]}
                </option>
              ))}
            </select>
          </div>
        )}
        {facet && (
          <div>
            <label htmlFor={`${id}-f`} className="text-sm font-medium">
              {facet.label}
            </label>
            <select
              id={`${id}-f`}
              className={inputClass}
              value={value.facet}
              onChange={(e) => set({ facet: e.target.value })}
            >
              <option value="">Any</option>
              {facet.options.map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      <p aria-live="polite" className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        {resultText}
      </p>
    </search>
  );
}
