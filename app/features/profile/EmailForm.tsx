import { useState, type FormEvent } from 'react';
import { requestEmailChange } from '../../data/profile';
import { FormAlert, TextField, primaryButton, secondaryButton } from '../../ui/form';
import { readableError } from './use-profile-field';

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
      setError(readableError(err));
      setBusy(false);
      return;
    }
    await onSent();
  }

  return (
    <form noValidate onSubmit={submit} className="mt-4 space-y-3">
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
          value={password}
          onChange={(e) => setPassword(e.target.value)}
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
