import { useState } from 'react';
import { auth, authMessage, useAuth } from '../lib/auth';

/** Unverified users can use the app; this asks them, gently, to confirm their address. */
export default function VerifyBanner() {
  const { user } = useAuth();
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState<string | null>(null);
  if (!user || user.emailVerified) return null;

  async function resend(email: string) {
    setState('sending');
    setError(null);
    try {
      await auth.resendVerification(email);
      setState('sent');
    } catch (err) {
      setError(authMessage(err));
      setState('idle');
    }
  }

  return (
    <section
      aria-label="Confirm your email address"
      className="border-b border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 text-sm">
        <p className="min-w-0 break-words">
          Please confirm your email address: we sent a link to <strong>{user.email}</strong>.
        </p>
        {state === 'sent' ? (
          <p role="status">A new link is on its way.</p>
        ) : (
          <button
            type="button"
            className="rounded-md border border-amber-600 px-3 py-1 font-semibold hover:bg-amber-100 disabled:opacity-60 dark:hover:bg-amber-900"
            disabled={state === 'sending'}
            onClick={() => resend(user.email)}
          >
            {state === 'sending' ? 'Sending…' : 'Resend email'}
          </button>
        )}
        {error && (
          <p role="alert" className="text-red-800 dark:text-red-300">
            {error}
          </p>
        )}
      </div>
    </section>
  );
}
