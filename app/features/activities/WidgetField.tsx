import { useId } from 'react';
import type { WidgetValue } from '../../../core/items/activity-answers';
import type { TWidget } from '../../../core/content/practice';
import { CheckboxList } from '../../ui/CheckboxList';
import { Dropdown } from '../../ui/Dropdown';
import { WritingField } from '../../ui/writing/WritingField';
import { useJobNames } from '../../lib/content';
import { JobAutocomplete } from '../../ui/JobAutocomplete';
import { Rating } from '../../ui/Rating';
import { Slides, type Slide } from '../../ui/Slides';
import { TableEditor } from '../../ui/TableEditor';
import { Testimonial, type TestimonialValue } from '../../ui/Testimonial';

interface Props {
  widget: TWidget;
  value: WidgetValue;
  onChange: (next: WidgetValue) => void;
}

const MAX_TEXT = 4000;

function TextWidget({
  widget,
  value,
  onChange,
}: {
  widget: Extract<TWidget, { type: 'text' }>;
  value: string;
  onChange: (next: string) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {widget.label}
      </label>
      <WritingField
        id={id}
        value={value}
        onChange={onChange}
        maxLength={MAX_TEXT}
        singleLine={!widget.multiline}
        rows={4}
        aria-describedby={widget.hint ? `${id}-hint` : undefined}
      />
      {widget.hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-500 dark:text-slate-400">
          {widget.hint}
        </p>
      )}
    </div>
  );
}

function JobWidget({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  const jobs = useJobNames();
  return (
    <JobAutocomplete
      label={label}
      value={value}
      onChange={onChange}
      jobs={jobs}
      maxLength={80}
      hint="Start typing for suggestions, or write your own."
    />
  );
}

/** One editor widget of an activity, bound to its answer. */
export function WidgetField({ widget, value, onChange }: Props) {
  switch (widget.type) {
    case 'text':
      return <TextWidget widget={widget} value={value as string} onChange={onChange} />;
    case 'job':
      return <JobWidget label={widget.label} value={value as string} onChange={onChange} />;
    case 'slides':
      return <Slides label={widget.label} value={value as Slide[]} onChange={onChange} />;
    case 'table':
      return (
        <TableEditor
          label={widget.label}
          columns={widget.columns}
          value={value as Record<string, string>[]}
          onChange={onChange}
        />
      );
    case 'rating': {
      const ratings = value as Record<string, number>;
      return (
        <fieldset className="min-w-0">
          <legend className="text-sm font-medium">{widget.label}</legend>
          <div className="mt-2 grid gap-3">
            {widget.items.map((item) => (
              <Rating
                key={item}
                label={item}
                max={widget.max}
                value={ratings[item]}
                onChange={(n) => onChange({ ...ratings, [item]: n })}
              />
            ))}
          </div>
        </fieldset>
      );
    }
    case 'checklist':
      return (
        <CheckboxList
          label={widget.label}
          options={widget.options}
          value={value as string[]}
          onChange={onChange}
        />
      );
    case 'dropdown':
      return (
        <Dropdown
          label={widget.label}
          options={widget.options}
          value={value as string | null}
          onChange={onChange}
        />
      );
    case 'testimonial':
      return (
        <Testimonial label={widget.label} value={value as TestimonialValue} onChange={onChange} />
      );
  }
}
