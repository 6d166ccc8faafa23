import { useId } from 'react';
import { inputClass } from '../../ui/form';
import { describedBy, FieldError, FieldLabel } from './FieldFeedback';
import type { PatchValue } from '../../data/profile';
import { useProfileField } from './use-profile-field';

type ChoiceFieldName = 'profession' | 'level';

interface Props<F extends ChoiceFieldName> {
  field: F;
  label: string;
  options: readonly PatchValue<F>[];
  /** The profile's value; absent until the person first chooses one. */
  saved: PatchValue<F> | undefined;
  /** This device's setting, shown while the profile has no value. */
  local: PatchValue<F>;
  setLocal: (value: PatchValue<F>) => void;
}

/**
 * Profession and level exist twice: on the device (guests have them too) and in the
 * profile. Choosing here sets both, so the content this device shows follows the choice.
 */
export function ChoiceField<F extends ChoiceFieldName>({
  field,
  label,
  options,
  saved,
  local,
  setLocal,
}: Props<F>) {
  const id = useId();
  const { status, save } = useProfileField(field, saved);

  async function choose(next: PatchValue<F>) {
    const before = local;
    setLocal(next);
    const outcome = await save(next);
    if (outcome.kind === 'failed') setLocal(before);
  }

  const error = status.kind === 'error';
  return (
    <div>
      <FieldLabel htmlFor={id} label={label} status={status} testId={`${field}-status`} />
      <select
        id={id}
        value={saved ?? local}
        className={inputClass}
        aria-invalid={error || undefined}
        aria-describedby={describedBy(error && `${id}-error`)}
        onChange={(e) => void choose(e.target.value as PatchValue<F>)}
      >
        {options.map((option) => (
          <option key={option}>{option}</option>
        ))}
      </select>
      <FieldError id={`${id}-error`} status={status} />
    </div>
  );
}
