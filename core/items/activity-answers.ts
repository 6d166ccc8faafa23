import { RATING_DEFAULT, RATING_MAX } from '../constants';
import type { TActivity, TWidget } from '../content/practice';

/** The spec's testimonial defaults (section 3). */
export const TESTIMONIAL_DEFAULTS = {
  fullName: 'John Doe',
  title: 'Teacher',
  testimonial: 'I loved it.',
} as const;

export type WidgetValue =
  | string
  | string[]
  | null
  | { title: string; content: string }[]
  | Record<string, string>[]
  | Record<string, number>
  | { fullName: string; title: string; testimonial: string };

/** One activity's answers, keyed by widget id. */
export type ActivityAnswers = Record<string, WidgetValue>;

/** How an activity's answers are kept in its record's entries. */
export interface ActivityEntry {
  type: 'answers';
  values: ActivityAnswers;
  updatedAt: string;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);

/** What a widget holds before the learner touches it. */
export function defaultValue(widget: TWidget): WidgetValue {
  switch (widget.type) {
    case 'text':
    case 'job':
      return '';
    case 'slides':
      return widget.slides.map((s) => ({ ...s }));
    case 'table':
      return Array.from({ length: widget.rows }, () =>
        Object.fromEntries(widget.columns.map((c) => [c, ''])),
      );
    case 'rating':
      return Object.fromEntries(widget.items.map((item) => [item, RATING_DEFAULT]));
    case 'checklist':
      return [];
    case 'dropdown':
      return null;
    case 'testimonial':
      return { ...TESTIMONIAL_DEFAULTS };
  }
}

/**
 * A stored value made safe for its widget: answers saved against an older version of the
 * activity (an option renamed, a column dropped) or edited by hand keep what still fits
 * and fall back to the default for the rest, so a page never breaks on old data.
 */
export function coerceValue(widget: TWidget, raw: unknown): WidgetValue {
  if (raw === undefined) return defaultValue(widget);
  switch (widget.type) {
    case 'text':
    case 'job':
      return str(raw);
    case 'slides':
      return Array.isArray(raw)
        ? raw.filter(isObject).map((s) => ({ title: str(s.title), content: str(s.content) }))
        : defaultValue(widget);
    case 'table':
      return Array.isArray(raw)
        ? raw
            .filter(isObject)
            .map((row) => Object.fromEntries(widget.columns.map((c) => [c, str(row[c])])))
        : defaultValue(widget);
    case 'rating': {
      const max = widget.max ?? RATING_MAX;
      const given = isObject(raw) ? raw : {};
      return Object.fromEntries(
        widget.items.map((item) => {
          const n = given[item];
          return [
            item,
            typeof n === 'number' && Number.isFinite(n)
              ? Math.min(max, Math.max(1, Math.round(n)))
              : RATING_DEFAULT,
          ];
        }),
      );
    }
    case 'checklist': {
      const chosen = new Set(Array.isArray(raw) ? raw.filter((x) => typeof x === 'string') : []);
      return widget.options.filter((o) => chosen.has(o));
    }
    case 'dropdown':
      return typeof raw === 'string' && widget.options.includes(raw) ? raw : null;
    case 'testimonial': {
      const t = isObject(raw) ? raw : {};
      return {
        fullName: str(t.fullName, TESTIMONIAL_DEFAULTS.fullName),
        title: str(t.title, TESTIMONIAL_DEFAULTS.title),
        testimonial: str(t.testimonial, TESTIMONIAL_DEFAULTS.testimonial),
      };
    }
  }
}

/** The answers in a record's entries (the newest 'answers' entry), fitted to the activity. */
export function answersFromEntries(
  activity: TActivity,
  entries: readonly unknown[],
): ActivityAnswers {
  const saved = [...entries]
    .reverse()
    .find((e): e is { type: 'answers'; values: unknown } => isObject(e) && e.type === 'answers');
  const values = saved && isObject(saved.values) ? saved.values : {};
  return Object.fromEntries(activity.widgets.map((w) => [w.id, coerceValue(w, values[w.id])]));
}

/** How many widgets differ from their starting value: the learner's progress through it. */
export function answeredCount(activity: TActivity, answers: ActivityAnswers): number {
  return activity.widgets.filter(
    (w) => JSON.stringify(answers[w.id]) !== JSON.stringify(defaultValue(w)),
  ).length;
}

/** A table's rows that hold something: a row of blank cells is no answer. */
export function filledRows(rows: readonly Record<string, string>[]): Record<string, string>[] {
  return rows.filter((row) => Object.values(row).some((cell) => cell.trim() !== ''));
}

/** An answer as plain text (the data export): lists as lines, tables as rows (blank rows left out). */
export function answerText(value: WidgetValue): string {
  if (value === null) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    return value
      .flatMap((v) => {
        if (typeof v === 'string') return [`- ${v}`];
        if ('title' in v && 'content' in v) return [`- ${v.title}: ${v.content}`];
        return filledRows([v]).map((row) => `- ${Object.values(row).join(' · ')}`);
      })
      .join('\n');
  }
  if ('testimonial' in value && typeof value.testimonial === 'string')
    return `“${value.testimonial}” (${value.fullName}, ${value.title})`;
  return Object.entries(value)
    .map(([k, v]) => `- ${k}: ${String(v)}`)
    .join('\n');
}
