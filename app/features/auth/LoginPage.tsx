import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'wouter';
import { historyState, useNavigate } from '../../lib/navigation';
import { paths } from '../../../core/paths';
import { passwordLengthProblem } from '../../../core/password';
import { ADMINS_NEVER_SEE, ADMINS_SEE } from '../../../core/teams';
import { auth, authMessage, useAuth, useClientConfig } from '../../lib/auth';
import { safeNext } from '../../lib/next-path';
import { FormAlert, TextField, primaryButton, secondaryButton } from '../../ui/form';
import { Page } from '../../ui/Page';

type Mode = 'signin' | 'signup' | 'forgot';
const MODES: { id: Mode; label: string; purpose: string }[] = [
  { id: 'signin', label: 'Log in', purpose: 'Log in to save your progress and points.' },
  {
    id: 'signup',
    label: 'Create account',
    purpose: 'Create a free account to keep your progress and points.',
  },
  {
    id: 'forgot',
    label: 'Forgot password',
    purpose: 'We will email you a link to choose a new password.',
  },
];

/** What an account adds, beside the form where the screen is wide enough. */
const BENEFITS = [
  'Your points, streaks and daily goal',
  'Grammar scores, and the topics to practice next',
  'Planned, saved and completed words, prompts and insights',
  'Your drafts, decisions and interview recordings',
  'All of it on every device you log in on',
];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The social sign-ins, in the order their buttons show (each only when configured). */
const SOCIAL = [
  { id: 'google', name: 'Google' },
  { id: 'facebook', name: 'Facebook' },
] as const;

/**
 * The organization's sign-in (OIDC_*): its button, which addresses it takes, and, when it
 * joins people to the organization's team, what that team's admins will see.
 */
function OrganizationSignIn({
  provider,
  disabled,
  onClick,
}: {
  provider: { name: string; domains: string[]; joinsTeam: boolean };
  disabled: boolean;
  onClick: () => void;
}) {
  const noteId = useId();
  const domains = provider.domains.map((d) => `@${d}`);
  const note = [
    domains.length > 0 && `For ${domains.join(' and ')} addresses only.`,
    provider.joinsTeam && 'An account made this way joins your organization’s team on Skillway.',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div>
      <button
        type="button"
        className={`${primaryButton} w-full`}
        disabled={disabled}
        aria-describedby={note ? noteId : undefined}
        onClick={onClick}
      >
        Continue with {provider.name}
      </button>
      {note && (
        <p id={noteId} className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          {note}
        </p>
      )}
      {provider.joinsTeam && (
        <details
          className="mt-1 text-sm text-slate-600 dark:text-slate-400"
          data-testid="sso-team-sees"
        >
          <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand-700 dark:text-sky-400">
            What the team’s admins see
          </summary>
          <p>
            Its admins see {ADMINS_SEE}. Never {ADMINS_NEVER_SEE}. You see the same on the team’s
            page, and can leave the team at any time.
          </p>
        </details>
      )}
    </div>
  );
}

export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { user, loading } = useAuth();
  const { data: config } = useClientConfig();
  const mode = (MODES.find((m) => m.id === params.get('mode'))?.id ?? 'signin') as Mode;
  const from = historyState<{ from: string }>().from;
  const next = safeNext(params.get('next') ?? from);
  // A new account goes through onboarding, then back where it came from (else home).
  const afterSignUp = `${paths.welcome()}?next=${encodeURIComponent(safeNext(params.get('next') ?? from, paths.home()))}`;
  const minLength = config?.passwordMinLength ?? 8;

  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(
    params.get('error') === 'oauth'
      ? 'Signing in with that provider did not finish. Please try again.'
      : null,
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

  const tabLink = (m: Mode) => {
    const q = new URLSearchParams(params);
    q.set('mode', m);
    q.delete('error');
    return `?${q.toString()}`;
  };

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
          await auth.signUp(name.trim(), email.trim(), password);
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

  // Right after a successful submit the user arrives before the navigation does; keep the
  // busy form until then instead of flashing the signed-in view.
  if (user && !busy) {
    return (
      <Page route="login" title="You are signed in" purpose={`Signed in as ${user.email}.`}>
        <div className="flex flex-wrap gap-3">
          <Link to={next} className={primaryButton}>
            Continue
          </Link>
          <Link to={paths.editProfile()} className={secondaryButton}>
            Your profile
          </Link>
        </div>
      </Page>
    );
  }

  const current = MODES.find((m) => m.id === mode);
  return (
    <Page route="login" title={current?.label} purpose={current?.purpose}>
      <div className="grid gap-12 lg:grid-cols-[28rem_minmax(0,1fr)] lg:items-start">
        <div className="max-w-md">
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

          {mode === 'forgot' && sent ? (
            <FormAlert tone="success">
              If an account exists for {email.trim()}, we have sent it a link to choose a new
              password. The link works for one hour. Check your spam folder if it does not arrive.
            </FormAlert>
          ) : (
            <form noValidate onSubmit={submit} className="space-y-4" aria-busy={busy || loading}>
              {error && <FormAlert>{error}</FormAlert>}
              {mode === 'signup' && (
                <TextField
                  label="Your name"
                  autoComplete="name"
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                  error={nameError}
                  maxLength={80}
                />
              )}
              <TextField
                label="Email address"
                type="email"
                autoComplete="email"
                inputMode="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                error={emailError}
              />
              {mode !== 'forgot' && (
                <TextField
                  label="Password"
                  type="password"
                  autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  error={passwordError}
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
          )}

          {mode !== 'forgot' &&
            (config?.providers.google || config?.providers.facebook || config?.providers.oidc) && (
              <section
                aria-label="Other ways to sign in"
                className="mt-8 space-y-3 border-t border-slate-200 pt-6 dark:border-slate-700"
              >
                {config.providers.oidc && (
                  <OrganizationSignIn
                    provider={config.providers.oidc}
                    disabled={busy}
                    onClick={() => startSocial('oidc')}
                  />
                )}
                {SOCIAL.filter(({ id }) => config.providers[id]).map(({ id, name }) => (
                  <button
                    key={id}
                    type="button"
                    className={`${secondaryButton} w-full`}
                    disabled={busy}
                    onClick={() => startSocial(id)}
                  >
                    Continue with {name}
                  </button>
                ))}
              </section>
            )}
          <p className="mt-8 text-sm text-slate-600 dark:text-slate-400">
            You can practice without an account: every{' '}
            <Link to={paths.grammar()} className="text-brand-700 underline dark:text-sky-400">
              grammar quiz
            </Link>{' '}
            works as a guest. An account keeps your results, points and plans.
          </p>
        </div>
        <aside
          aria-labelledby="account-benefits"
          className="hidden rounded-2xl border border-slate-200 bg-slate-50 p-8 lg:block dark:border-slate-700 dark:bg-slate-800/60"
        >
          <h2 id="account-benefits" className="text-xl font-semibold">
            What your account keeps
          </h2>
          <ul className="mt-4 space-y-3">
            {BENEFITS.map((b) => (
              <li key={b} className="flex gap-3">
                <span
                  aria-hidden="true"
                  className="font-bold text-emerald-700 dark:text-emerald-400"
                >
                  ✓
                </span>
                <span>{b}</span>
              </li>
            ))}
          </ul>
          <p className="mt-6 text-sm text-slate-600 dark:text-slate-400">
            Free, and yours to download or delete at any time from your profile.
          </p>
        </aside>
      </div>
    </Page>
  );
}
