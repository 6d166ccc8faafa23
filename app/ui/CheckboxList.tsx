interface Props {
  label: string;
  options: string[];
  value: string[];
  onChange: (next: string[]) => void;
}

/**
 * A checklist as native checkboxes in a fieldset. The value always follows the options'
 * order, whatever order things were ticked in, so saved lists compare and read the same.
 */
export function CheckboxList({ label, options, value, onChange }: Props) {
  const checked = new Set(value);
  const done = options.filter((o) => checked.has(o)).length;

  function toggle(option: string, on: boolean) {
    const next = new Set(checked);
    if (on) next.add(option);
    else next.delete(option);
    onChange(options.filter((o) => next.has(o)));
  }

  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-medium">{label}</legend>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {done} of {options.length} done
      </p>
      <ul className="mt-1">
        {options.map((option) => (
          <li key={option}>
            <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg px-2 py-2.5 hover:bg-slate-100 dark:hover:bg-slate-800">
              <input
                type="checkbox"
                checked={checked.has(option)}
                onChange={(e) => toggle(option, e.target.checked)}
                className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700 dark:accent-sky-400"
              />
              <span className="min-w-0 break-words">{option}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
