import { useState } from 'react';
import { Link } from 'wouter';
import { opensPremium, type PremiumAccess } from '../../core/content/access';
import { paths } from '../../core/paths';
import { useAuth, useClientConfig } from '../lib/auth';
import { startCheckout } from '../lib/billing';
import { primaryButton } from './form';

/** Where the learner's plan and the way to Premium are: the plan section of Activity. */
export const PLAN_HREF = `${paths.progress()}#plan`;

/** What premium items do on this server (`/api/config`); undefined until the config arrives. */
export function usePremiumAccess(): PremiumAccess | undefined {
  return useClientConfig().data?.premium;
}

/**
 * Whether this server has a premium tier to mark: one a guest could not open. A server
 * without payments opens every item unless its operator kept them locked; until the config
 * arrives nothing is marked.
 */
export function usePremiumLocked(): boolean {
  const access = usePremiumAccess();
  return access !== undefined && !opensPremium(access, null);
}

const link = 'font-semibold text-brand-700 underline dark:text-sky-400';

/**
 * Shown where the server refused a premium item: what Premium is, and how to unlock it —
 * log in, then upgrade from the plan; or, on a server that sells nothing, whom to ask.
 */
export function UpgradePrompt({ what }: { what: string }) {
  const { user } = useAuth();
  const { data: config } = useClientConfig();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const upgrade = async () => {
    setBusy(true);
    setProblem(await startCheckout());
    setBusy(false);
  };
  const payments = config?.payments ?? true;
  return (
    <section
      aria-labelledby="upgrade-title"
      className="rounded-xl border border-amber-300 bg-amber-50 p-5 dark:border-amber-700 dark:bg-amber-950"
    >
      <h2 id="upgrade-title" className="text-lg font-semibold">
        <span aria-hidden="true">★ </span>This {what} is part of Premium
      </h2>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Premium opens every prompt, insight, activity and interview question, including the senior
        and executive ones.
      </p>
      {!payments ? (
        <p className="mt-3">
          Premium can’t be bought here. Ask whoever runs Skillway for your organization to turn it
          on for your account.
        </p>
      ) : user ? (
        <>
          <p className="mt-3">
            To open it, upgrade to Premium from{' '}
            <Link to={PLAN_HREF} className={link}>
              your plan
            </Link>{' '}
            on the Activity page, or right here.
          </p>
          <button
            type="button"
            className={`${primaryButton} mt-4`}
            onClick={() => void upgrade()}
            disabled={busy}
          >
            {busy ? 'Opening checkout…' : 'Upgrade to Premium'}
          </button>
        </>
      ) : (
        <p className="mt-3">
          To open it,{' '}
          <Link to={paths.login()} className={link}>
            log in
          </Link>{' '}
          and upgrade to Premium from{' '}
          <Link to={PLAN_HREF} className={link}>
            your plan
          </Link>{' '}
          on the Activity page.
        </p>
      )}
      {problem && (
        <p role="alert" className="mt-3 text-sm text-red-800 dark:text-red-300">
          {problem}
        </p>
      )}
    </section>
  );
}

/** A small "Premium" mark for cards, in words as well as the star. */
export function PremiumBadge() {
  return (
    <span className="rounded-full border border-amber-400 px-2 py-0.5 text-xs font-semibold text-amber-800 dark:border-amber-600 dark:text-amber-300">
      <span aria-hidden="true">★ </span>Premium
    </span>
  );
}
