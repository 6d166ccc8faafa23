import { useState, type FormEvent } from 'react';
import { passwordLengthProblem } from '../../../core/account/password';
import { auth, authMessage } from '../../lib/auth';
import { useNavigate } from '../../lib/navigation';
import type { Mode } from './login-modes';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The login page's form in each mode: its fields and their problems (shown once submitted),
 * the submit (log in, create the account, or send a reset link), the social sign-ins, and
 * the page's error and busy state.
 */
export function useLoginForm({
  mode,
  next,
  afterSignUp,
  confirmTo,
  minLength,
  oauthFailed,
  initialEmail = '',
}: {
  mode: Mode;
  next: string;
  afterSignUp: string;
  /** Where the mailed confirmation link returns: a path on this site. */
  confirmTo?: string;
  minLength: number;
  oauthFailed: boolean;
  initialEmail?: string;
}) {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(
    oauthFailed ? 'Signing in with that provider did not finish. Please try again.' : null,
  );
  const [sent, setSent] = useState(false);
  const startSocial = (provider: 'google' | 'facebook' | 'oidc') =>
    auth.social(provider, next).catch((err: unknown) => setError(authMessage(err)));
  const [busy, setBusy] = useState(false);

  const emailError =
    touched && !EMAIL.test(email.trim()) ? 'Enter an email address like name@company.com.' : null;
  const passwordError =
    touched && mode !== 'forgot' ? passwordLengthProblem(password, minLength) : null;
  const nameError =
    touched && mode === 'signup' && name.trim().length === 0 ? 'Enter your name.' : null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    setError(null);
    if (!EMAIL.test(email.trim())) return;
    if (mode !== 'forgot' && passwordLengthProblem(password, minLength)) return;
    if (mode === 'signup' && name.trim().length === 0) return;
    setBusy(true);
    try {
      if (mode === 'forgot') {
        await auth.requestReset(email.trim());
        setSent(true);
      } else {
        if (mode === 'signin') {
          await auth.signIn(email.trim(), password);
          navigate(next, { replace: true });
        } else {
          await auth.signUp(name.trim(), email.trim(), password, confirmTo);
          navigate(afterSignUp, { replace: true });
        }
        return; // leaving: stay busy until this page unmounts
      }
      setBusy(false);
    } catch (err) {
      setError(authMessage(err));
      setBusy(false);
    }
  }

  return {
    name,
    setName,
    email,
    setEmail,
    password,
    setPassword,
    error,
    sent,
    busy,
    emailError,
    passwordError,
    nameError,
    submit,
    startSocial,
  };
}

export type LoginForm = ReturnType<typeof useLoginForm>;
