import { useId } from 'react';
import { ADMINS_NEVER_SEE, ADMINS_SEE } from '../../../core/teams/teams';
import type { useClientConfig } from '../../lib/auth';
import { primaryButton, secondaryButton } from '../../ui/form';

type Providers = NonNullable<ReturnType<typeof useClientConfig>['data']>['providers'];

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

/** "Other ways to sign in": the organization's, then Google and Facebook, as configured. */
export function OtherSignIns({
  providers,
  disabled,
  onStart,
}: {
  providers: Providers;
  disabled: boolean;
  onStart: (provider: 'google' | 'facebook' | 'oidc') => void;
}) {
  if (!(providers.google || providers.facebook || providers.oidc)) return null;
  return (
    <section
      aria-label="Other ways to sign in"
      className="mt-8 space-y-3 border-t border-slate-200 pt-6 dark:border-slate-700"
    >
      {providers.oidc && (
        <OrganizationSignIn
          provider={providers.oidc}
          disabled={disabled}
          onClick={() => onStart('oidc')}
        />
      )}
      {SOCIAL.filter(({ id }) => providers[id]).map(({ id, name }) => (
        <button
          key={id}
          type="button"
          className={`${secondaryButton} w-full`}
          disabled={disabled}
          onClick={() => onStart(id)}
        >
          Continue with {name}
        </button>
      ))}
    </section>
  );
}
