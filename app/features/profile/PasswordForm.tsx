import { useId, useEffect, useRef, useState, type FormEvent } from 'react';
import { MAX_PASSWORD_LENGTH, passwordLengthProblem } from '../../../core/account/password';
import { changePassword } from '../../data/profile';
import { useClientConfig } from '../../lib/auth';
import { FormAlert, TextField, primaryButton, secondaryButton } from '../../ui/form';
import { isWrongPassword, readableError, WRONG_PASSWORD } from './use-profile-field';

/**
 * The password form, loaded when "Change password" is pressed: the current password, a new
 * one held to the sign-up rules (the length checked here, the common-password and personal
 * rules by the server), and optionally signing out every other device.
 */
export default function PasswordForm({
  onDone,
  onCancel,
}: {
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const checkboxId = useId();
  const { data: config } = useClientConfig();
  const minLength = config?.passwordMinLength ?? 8;
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [signOutOthers, setSignOutOthers] = useState(false);
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The current password the server refused (a new object each time), until it is edited.
  const [refused, setRefused] = useState<{ value: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // Once the field shows why, focus goes to it, so its message is read with it.
  useEffect(() => {
    if (!refused) return;
    const field = formRef.current?.elements.namedItem('current-password');
    if (field instanceof HTMLInputElement) field.focus();
  }, [refused]);

  const currentError =
    touched && current === ''
      ? 'Enter your current password.'
      : refused?.value === current
        ? WRONG_PASSWORD
        : null;
  const nextError = touched
    ? (passwordLengthProblem(next, minLength) ??
      (next === current ? 'Choose a password different from the current one.' : null))
    : null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    setError(null);
    if (current === '' || passwordLengthProblem(next, minLength) || next === current) return;
    setBusy(true);
    try {
      await changePassword(current, next, signOutOthers);
    } catch (err) {
      setBusy(false);
      if (isWrongPassword(err)) {
        setRefused({ value: current });
      } else setError(readableError(err));
      return;
    }
    onDone(
      signOutOthers
        ? 'Your password is changed. Your other devices are signed out; this one stays signed in.'
        : 'Your password is changed.',
    );
  }

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="mt-2 space-y-4">
      {error && <FormAlert>{error}</FormAlert>}
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        // eslint-disable-next-line jsx-a11y/no-autofocus -- opened by the person's own press
        autoFocus
        name="current-password"
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
        error={currentError}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        value={next}
        onChange={(e) => setNext(e.target.value)}
        error={nextError}
        hint={`${minLength} to ${MAX_PASSWORD_LENGTH} characters; not a common password, your email address or your name. A short sentence is easy to remember.`}
      />
      <div className="flex items-start gap-3">
        <input
          id={checkboxId}
          type="checkbox"
          checked={signOutOthers}
          onChange={(e) => setSignOutOthers(e.target.checked)}
          className="mt-1 h-5 w-5 shrink-0 accent-brand-700"
          aria-describedby={`${checkboxId}-hint`}
        />
        <div>
          <label htmlFor={checkboxId} className="font-medium">
            Sign me out on my other devices
          </label>
          <p id={`${checkboxId}-hint`} className="text-sm text-slate-500 dark:text-slate-400">
            Anyone signed in elsewhere with the old password has to sign in again. You stay signed
            in here.
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? 'Saving…' : 'Save new password'}
        </button>
        <button type="button" className={secondaryButton} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
