import { Link } from 'wouter';
import { FormAlert, TextField, primaryButton } from '../../ui/form';
import { MODES, type Mode } from './login-modes';
import type { LoginForm as Form } from './use-login-form';

/** Log in · Create account · Forgot password, as tabs that change the address's ?mode=. */
export function ModeTabs({ mode, tabLink }: { mode: Mode; tabLink: (m: Mode) => string }) {
  return (
    <nav
      aria-label="Account"
      className="mb-6 flex gap-1 rounded-xl bg-slate-100 p-1 dark:bg-slate-800"
    >
      {MODES.map((m) => (
        <Link
          key={m.id}
          to={tabLink(m.id)}
          replace
          aria-current={m.id === mode ? 'page' : undefined}
          className={`flex-1 rounded-lg px-3 py-2 text-center text-sm font-medium ${
            m.id === mode
              ? 'bg-white shadow dark:bg-slate-900'
              : 'text-slate-600 hover:text-slate-900 dark:text-slate-300'
          }`}
        >
          {m.label}
        </Link>
      ))}
    </nav>
  );
}

/** The form of the mode, or once a reset link is asked for, what happens next. */
export function LoginForm({
  form,
  mode,
  minLength,
  loading,
  tabLink,
}: {
  form: Form;
  mode: Mode;
  minLength: number;
  loading: boolean;
  tabLink: (m: Mode) => string;
}) {
  const { name, email, password, error, busy } = form;
  if (mode === 'forgot' && form.sent)
    return (
      <FormAlert tone="success">
        If an account exists for {email.trim()}, we have sent it a link to choose a new password.
        The link works for one hour. Check your spam folder if it does not arrive.
      </FormAlert>
    );
  return (
    <form noValidate onSubmit={form.submit} className="space-y-4" aria-busy={busy || loading}>
      {error && <FormAlert>{error}</FormAlert>}
      {mode === 'signup' && (
        <TextField
          label="Your name"
          autoComplete="name"
          value={name}
          onChange={(e) => form.setName(e.target.value)}
          error={form.nameError}
          maxLength={80}
        />
      )}
      <TextField
        label="Email address"
        type="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={(e) => form.setEmail(e.target.value)}
        error={form.emailError}
      />
      {mode !== 'forgot' && (
        <TextField
          label="Password"
          type="password"
          autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
          value={password}
          onChange={(e) => form.setPassword(e.target.value)}
          error={form.passwordError}
          hint={
            mode === 'signup'
              ? `At least ${minLength} characters. A short sentence is easy to remember.`
              : undefined
          }
        />
      )}
      <button type="submit" className={`${primaryButton} w-full`} disabled={busy}>
        {busy
          ? 'Please wait…'
          : mode === 'signin'
            ? 'Log in'
            : mode === 'signup'
              ? 'Create account'
              : 'Send reset link'}
      </button>
      {mode === 'signin' && (
        <p className="text-sm">
          <Link
            to={tabLink('forgot')}
            replace
            className="text-brand-700 underline dark:text-sky-400"
          >
            Forgot your password?
          </Link>
        </p>
      )}
      {mode === 'signup' && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          We will send you an email to confirm your address.
        </p>
      )}
    </form>
  );
}
