import { useId, useState } from 'react';
import { inputClass } from '../../ui/form';
import { describedBy, FieldError, FieldLabel } from './FieldFeedback';
import { useProfileField } from './use-profile-field';

interface Props {
  field: 'displayName' | 'headline' | 'bio';
  label: string;
  saved: string;
  maxLength: number;
  /** Shown instead of saving when the field is left empty; the field is required when set. */
  emptyMessage?: string;
  multiline?: boolean;
  hint?: string;
  autoComplete?: string;
}

/** A free-text profile field that saves itself when it loses focus (or on Enter, single-line). */
export function TextProfileField({
  field,
  label,
  saved,
  maxLength,
  emptyMessage,
  multiline = false,
  hint,
  autoComplete,
}: Props) {
  const id = useId();
  const [draft, setDraft] = useState(saved);
  const { status, save, reject } = useProfileField(field, saved);

  async function commit() {
    const sent = draft;
    const value = draft.trim();
    if (emptyMessage && value === '') return reject(emptyMessage);
    if (value.length > maxLength) return reject(`At most ${maxLength} characters.`);
    const outcome = await save(value);
    if (outcome.kind === 'superseded') return;
    const next = outcome.kind === 'unchanged' ? value : (outcome.value ?? '');
    // Leave the text alone if the person has typed on since this save began.
    setDraft((d) => (d === sent ? next : d));
  }

  const error = status.kind === 'error';
  const control = {
    id,
    value: draft,
    maxLength,
    required: emptyMessage !== undefined,
    autoComplete,
    className: inputClass,
    'aria-invalid': error || undefined,
    'aria-describedby': describedBy(
      hint && `${id}-hint`,
      multiline && `${id}-count`,
      error && `${id}-error`,
    ),
    onBlur: () => void commit(),
  };

  return (
    <div>
      <FieldLabel htmlFor={id} label={label} status={status} testId={`${field}-status`} />
      {multiline ? (
        <textarea {...control} rows={5} onChange={(e) => setDraft(e.target.value)} />
      ) : (
        <input
          {...control}
          type="text"
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void commit();
            }
          }}
        />
      )}
      {(hint || multiline) && (
        <div className="mt-1 flex justify-between gap-3 text-sm text-slate-500 dark:text-slate-400">
          {hint ? <p id={`${id}-hint`}>{hint}</p> : <span />}
          {multiline && (
            <p id={`${id}-count`} className="shrink-0 tabular-nums">
              {draft.length} / {maxLength} characters
            </p>
          )}
        </div>
      )}
      <FieldError id={`${id}-error`} status={status} />
    </div>
  );
}
