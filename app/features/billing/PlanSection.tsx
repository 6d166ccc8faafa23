import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import { completeCheckout, openPortal, startCheckout, useBilling } from '../../lib/billing';
import { FormAlert, primaryButton, secondaryButton } from '../../ui/form';
import { opensPremium } from '../../../core/content/access';
import { usePremiumAccess } from '../../ui/UpgradePrompt';

type Notice = { tone: 'success' | 'error'; text: string } | null;

/** The learner's plan, the way to Premium, and what happened on return from Checkout. */
export function PlanSection() {
  const { data, mutate } = useBilling();
  const [params, setParams] = useSearchParams();
  const checkout = params.get('checkout');
  const [notice, setNotice] = useState<Notice>(() =>
    checkout === 'success'
      ? { tone: 'success', text: 'Payment received. Switching on Premium…' }
      : checkout === 'cancelled'
        ? { tone: 'error', text: 'Checkout was canceled. Nothing was charged.' }
        : null,
  );
  const [busy, setBusy] = useState(false);
  const handled = useRef(false);
  const access = usePremiumAccess();
  const section = useRef<HTMLElement>(null);
  const shown = data !== undefined && access !== undefined;

  // "Your plan" links (#plan) land here once the section has something to show, and stay
  // on it while what is above it (the dashboard) is still loading and growing, for up to 2 s
  // or until the learner scrolls.
  useEffect(() => {
    const el = section.current;
    if (!shown || !el || window.location.hash !== '#plan') return;
    el.scrollIntoView();
    const keep = new ResizeObserver(() => el.scrollIntoView());
    keep.observe(document.body);
    const stop = () => keep.disconnect();
    const timer = setTimeout(stop, 2000);
    window.addEventListener('wheel', stop, { once: true, passive: true });
    window.addEventListener('touchmove', stop, { once: true, passive: true });
    window.addEventListener('keydown', stop, { once: true });
    return () => {
      clearTimeout(timer);
      stop();
      window.removeEventListener('wheel', stop);
      window.removeEventListener('touchmove', stop);
      window.removeEventListener('keydown', stop);
    };
  }, [shown]);

  useEffect(() => {
    if (!checkout || handled.current) return;
    handled.current = true;
    // Drop the parameter first, so a reload neither repeats the conversion nor the notice.
    const next = new URLSearchParams(params);
    next.delete('checkout');
    setParams(next, { replace: true });
    if (checkout === 'success') {
      void completeCheckout().then((ok) => {
        setNotice(
          ok
            ? { tone: 'success', text: 'Welcome to Premium: every item is open to you now.' }
            : {
                tone: 'success',
                text: 'Payment received. Premium switches on as soon as Stripe confirms it; reload in a minute.',
              },
        );
        void mutate();
      });
    }
  }, [checkout, params, setParams, mutate]);

  const run = async (action: () => Promise<string | null>) => {
    setBusy(true);
    const problem = await action();
    setBusy(false);
    if (problem) setNotice({ tone: 'error', text: problem });
  };

  if (!data || !access) return null;
  const premium = data.role === 'premium';
  // On a server that opens premium to everyone there is nothing to buy or ask for.
  const open = opensPremium(access, data.role);
  return (
    <section
      ref={section}
      id="plan"
      aria-labelledby="plan-heading"
      className="scroll-mt-20 rounded-xl border border-slate-200 p-5 dark:border-slate-700"
    >
      <h2 id="plan-heading" className="text-xl font-semibold">
        Your plan: {premium ? '★ Premium' : open ? 'Free, everything included' : 'Free'}
      </h2>
      <p className="mt-1 text-slate-600 dark:text-slate-400">
        {premium || open
          ? 'Every prompt, insight, activity and interview question is yours to practice.'
          : 'Premium adds the senior and executive prompts, insights, activities and interview questions.'}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        {!open &&
          (data.configured ? (
            <button
              type="button"
              className={primaryButton}
              disabled={busy}
              onClick={() => void run(startCheckout)}
            >
              Upgrade to Premium
            </button>
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Premium can’t be bought here. Ask whoever runs Skillway for your organization to turn
              it on for your account.
            </p>
          ))}
        {data.canManage && (
          <button
            type="button"
            className={secondaryButton}
            disabled={busy}
            onClick={() => void run(openPortal)}
          >
            Manage subscription
          </button>
        )}
      </div>
      {notice && (
        <div className="mt-4">
          <FormAlert tone={notice.tone}>{notice.text}</FormAlert>
        </div>
      )}
    </section>
  );
}
