import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'wouter';
import { paths } from '../../../core/paths';
import { passwordLengthProblem } from '../../../core/account/password';
import { ApiError } from '../../lib/http-client';
import { auth, authMessage, useClientConfig } from '../../lib/auth';
import { FormAlert, TextField, primaryButton } from '../../ui/form';
import { Page } from '../../ui/Page';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const linkError = params.get('error');
  const { data: config } = useClientConfig();
  const minLength = config?.passwordMinLength ?? 8;
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  if (!token || linkError) {
    return (
      <Page route="resetPassword">
        <FormAlert>
          This reset link has expired or was already used. Ask for a new one; it works for one hour.
        </FormAlert>
        <p className="mt-4">
          <Link to={`${paths.login()}?mode=forgot`} className={primaryButton}>
            Send me a new link
          </Link>
        </p>
      </Page>
    );
  }

  const lengthError = touched ? passwordLengthProblem(password, minLength) : null;
  const matchError = touched && confirm !== password ? 'The two passwords are not the same.' : null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    setError(null);
    if (passwordLengthProblem(password, minLength) || confirm !== password) return;
    setBusy(true);
    try {
      await auth.resetPassword(token as string, password);
      setDone(true);
    } catch (err) {
      const badToken = err instanceof ApiError && err.status === 400;
      setError(
        badToken
          ? 'This reset link has expired or was already used. Ask for a new one.'
          : authMessage(err),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page route="resetPassword">
      {done ? (
        <div className="max-w-md space-y-4">
          <FormAlert tone="success">
            Your password is changed. For your safety we signed you out everywhere.
          </FormAlert>
          <Link to={paths.login()} className={primaryButton}>
            Log in
          </Link>
        </div>
      ) : (
        <form noValidate onSubmit={submit} className="max-w-md space-y-4">
          {error && <FormAlert>{error}</FormAlert>}
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={lengthError}
            hint={`At least ${minLength} characters.`}
          />
          <TextField
            label="Repeat the new password"
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            error={matchError}
          />
          <button type="submit" className={`${primaryButton} w-full`} disabled={busy}>
            {busy ? 'Saving…' : 'Save new password'}
          </button>
        </form>
      )}
    </Page>
  );
}
