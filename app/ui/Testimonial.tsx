import { useId } from 'react';
import { TESTIMONIAL_DEFAULTS } from '../../core/items/activity-answers';
import { inputClass, TextField } from './form';

export { TESTIMONIAL_DEFAULTS };

export interface TestimonialValue {
  fullName: string;
  title: string;
  testimonial: string;
}

interface Props {
  label: string;
  value?: TestimonialValue;
  onChange: (next: TestimonialValue) => void;
}

/** Three fields and, beside them, the quote as a reader will see it. */
export function Testimonial({ label, value = TESTIMONIAL_DEFAULTS, onChange }: Props) {
  const id = useId();
  const set = (field: keyof TestimonialValue) => (text: string) =>
    onChange({ ...value, [field]: text });
  const byline = [value.fullName.trim(), value.title.trim()].filter(Boolean).join(', ');
  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-medium">{label}</legend>
      <div className="mt-1 grid gap-4 sm:grid-cols-2">
        <div className="space-y-3">
          <TextField
            label="Full name"
            value={value.fullName}
            onChange={(e) => set('fullName')(e.target.value)}
            autoComplete="off"
            className={`${inputClass} min-h-11`}
          />
          <TextField
            label="Title"
            value={value.title}
            onChange={(e) => set('title')(e.target.value)}
            autoComplete="off"
            className={`${inputClass} min-h-11`}
          />
          <div>
            <label htmlFor={`${id}-text`} className="text-sm font-medium">
              Testimonial
            </label>
            <textarea
              id={`${id}-text`}
              rows={4}
              value={value.testimonial}
              onChange={(e) => set('testimonial')(e.target.value)}
              className={inputClass}
            />
          </div>
        </div>
        <div>
          <p id={`${id}-preview`} className="text-sm font-medium">
            Preview
          </p>
          <figure
            aria-labelledby={`${id}-preview`}
            className="mt-1 rounded-xl border border-slate-200 bg-slate-50 p-4 dark:border-slate-700 dark:bg-slate-900"
          >
            <blockquote className="text-lg break-words text-slate-900 italic dark:text-slate-100">
              <p>{value.testimonial}</p>
            </blockquote>
            {byline && (
              <figcaption className="mt-2 text-sm text-slate-600 dark:text-slate-400">
                — {byline}
              </figcaption>
            )}
          </figure>
        </div>
      </div>
    </fieldset>
  );
}
