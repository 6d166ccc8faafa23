import { useEffect, useRef, useState, type FormEvent } from 'react';
import { requestEmailChange } from '../../data/profile';
import { FormAlert, TextField, primaryButton, secondaryButton } from '../../ui/form';
import { isWrongPassword, readableError, WRONG_PASSWORD } from './use-profile-field';

/**
 * The new-address form, loaded when "Change email" is pressed. An account with a password
 * gives it too: whoever holds the address holds the account.
 */
export default function EmailForm({
  withPassword,
  onSent,
  onCancel,
}: {
  withPassword: boolean;
  onSent: () => Promise<unknown>;
  onCancel: () => void;
}) {
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
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

  async function submit(e: FormEvent) {
    e.preventDefault();
    const newEmail = typed.trim();
    // The server checks the address (the sign-up rule) and says what is wrong with it.
    if (newEmail === '') return setError('Enter the new email address.');
    if (withPassword && password === '') return setError('Enter your current password.');
    setError(null);
    setBusy(true);
    try {
      await requestEmailChange(newEmail, withPassword ? password : undefined);
    } catch (err) {
      setBusy(false);
      if (withPassword && isWrongPassword(err)) {
        setRefused({ value: password });
      } else setError(readableError(err));
      return;
    }
    await onSent();
  }

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="mt-4 space-y-3">
      {error && <FormAlert>{error}</FormAlert>}
      <TextField
        label="New email address"
        type="email"
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        autoCapitalize="off"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        hint="We send a link there. Your address changes only when you open it."
        // eslint-disable-next-line jsx-a11y/no-autofocus -- opened by the person's own click
        autoFocus
      />
      {withPassword && (
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          name="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={refused?.value === password ? WRONG_PASSWORD : null}
        />
      )}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? 'Sending…' : 'Send link'}
        </button>
        <button type="button" className={secondaryButton} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
