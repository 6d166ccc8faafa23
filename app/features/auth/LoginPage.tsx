import { Link, useSearchParams } from 'wouter';
import { historyState } from '../../lib/navigation';
import { joinsTeam, links, paths } from '../../../core/paths';
import { useAuth, useClientConfig } from '../../lib/auth';
import { safeNext } from '../../lib/next-path';
import { primaryButton, secondaryButton } from '../../ui/form';
import { Page } from '../../ui/Page';
import { AccountBenefits } from './AccountBenefits';
import { LoginForm, ModeTabs } from './LoginForm';
import { MODES, type Mode } from './login-modes';
import { OtherSignIns } from './OtherSignIns';
import { useLoginForm } from './use-login-form';
import { useTeamToJoin } from './use-team-to-join';

/** The page for someone already signed in: on, or to their profile. */
function SignedIn({ email, next }: { email: string; next: string }) {
  return (
    <Page route="login" title="You are signed in" purpose={`Signed in as ${email}.`}>
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

export default function LoginPage() {
  const [params] = useSearchParams();
  const { user, loading } = useAuth();
  const { data: config } = useClientConfig();
  const mode = (MODES.find((m) => m.id === params.get('mode'))?.id ?? 'signin') as Mode;
  const from = historyState<{ from: string }>().from;
  const next = safeNext(params.get('next') ?? from);
  // A new account goes through onboarding, then back where it came from (else home); joining
  // a team it was invited to comes first.
  const afterSignUp = links.afterNewAccount(safeNext(params.get('next') ?? from, paths.home()));
  // From a team's invitation or join page, the confirmation link returns there too.
  const forTeam = joinsTeam(afterSignUp);
  const confirmTo = forTeam ? afterSignUp : paths.verified();
  // Opened from an invitation or a join link: the form says which team it is for.
  const joining = useTeamToJoin(forTeam ? afterSignUp : '');
  const minLength = config?.passwordMinLength ?? 8;
  const form = useLoginForm({
    mode,
    next,
    afterSignUp,
    confirmTo,
    minLength,
    oauthFailed: params.get('error') === 'oauth',
    // An invitation's page passes the invited address along.
    initialEmail: params.get('email') ?? '',
  });

  const tabLink = (m: Mode) => {
    const q = new URLSearchParams(params);
    q.set('mode', m);
    q.delete('error');
    return `?${q.toString()}`;
  };

  // Right after a successful submit the user arrives before the navigation does; keep the
  // busy form until then instead of flashing the signed-in view.
  if (user && !form.busy) return <SignedIn email={user.email} next={next} />;

  const current = MODES.find((m) => m.id === mode);
  const purpose =
    mode === 'signup' && joining
      ? `Create your account to join ${joining.team}${joining.inviter ? `, invited by ${joining.inviter}` : ''}.`
      : current?.purpose;
  return (
    <Page route="login" title={current?.label} purpose={purpose}>
      <div className="grid gap-12 lg:grid-cols-[28rem_minmax(0,1fr)] lg:items-start">
        <div className="max-w-md">
          <ModeTabs mode={mode} tabLink={tabLink} />
          <LoginForm
            form={form}
            mode={mode}
            minLength={minLength}
            loading={loading}
            tabLink={tabLink}
          />
          {mode !== 'forgot' && config && (
            <OtherSignIns
              providers={config.providers}
              disabled={form.busy}
              onStart={(provider) => void form.startSocial(provider)}
            />
          )}
          {!forTeam && (
            <p className="mt-8 text-sm text-slate-600 dark:text-slate-400">
              You can practice without an account: every{' '}
              <Link to={paths.grammar()} className="text-brand-700 underline dark:text-sky-400">
                grammar quiz
              </Link>{' '}
              works as a guest. An account keeps your results, points and plans.
            </p>
          )}
        </div>
        <AccountBenefits />
      </div>
    </Page>
  );
}
