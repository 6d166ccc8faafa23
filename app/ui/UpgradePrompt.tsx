import { useState } from 'react';
import { Link } from 'wouter';
import { paths } from '../../core/paths';
import { useAuth } from '../lib/auth';
import { startCheckout } from '../lib/billing';
import { primaryButton } from './form';

/**
 * Shown where the server refused a premium item: what Premium is, and the way to it —
 * log in first for guests, Checkout for free users (or why payments are unavailable).
 */
export function UpgradePrompt({ what }: { what: string }) {
  const { user } = useAuth();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const upgrade = async () => {
    setBusy(true);
    setProblem(await startCheckout());
    setBusy(false);
  };
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
      {user ? (
        <button
          type="button"
          className={`${primaryButton} mt-4`}
          onClick={() => void upgrade()}
          disabled={busy}
        >
          {busy ? 'Opening checkout…' : 'Upgrade to Premium'}
        </button>
      ) : (
        <p className="mt-4">
          <Link
            to={paths.login()}
            className="font-semibold text-brand-700 underline dark:text-sky-400"
          >
            Log in
          </Link>{' '}
          first, then upgrade from your Activity page.
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
