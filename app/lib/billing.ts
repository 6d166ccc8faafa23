import useSWR, { mutate } from 'swr';
import { CONVERSION_EVENT } from '../../core/constants';
import { trackEvent, flush } from './analytics';
import { ApiError, api } from './http-client';
import { isRoleDependentContent } from '../../core/content/access';
import { ME_KEY, useAuth } from './auth';

export const BILLING_KEY = '/api/billing';

export function useBilling() {
  const { user } = useAuth();
  return useSWR(user ? BILLING_KEY : null, async () => (await api.billing.$get()).json());
}

/** The server refused a premium item: 401 for guests, 403 for free users. */
export const isPremiumRefusal = (err: unknown) =>
  err instanceof ApiError && (err.code === 'permission-denied' || err.code === 'unauthenticated');

const message = (err: unknown, fallback: string) =>
  err instanceof ApiError ? err.message : fallback;

/** Sends the learner to Stripe Checkout; resolves with a message when that cannot happen. */
export async function startCheckout(): Promise<string | null> {
  try {
    const { url } = await (await api.billing.checkout.$post()).json();
    window.location.assign(url);
    return null;
  } catch (err) {
    return message(err, 'Checkout could not be started. Please try again.');
  }
}

/** Opens Stripe's customer portal to change or cancel the subscription. */
export async function openPortal(): Promise<string | null> {
  try {
    const { url } = await (await api.billing.portal.$post()).json();
    window.location.assign(url);
    return null;
  } catch (err) {
    return message(err, 'The subscription page could not be opened. Please try again.');
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * After a successful return from Checkout: records the conversion (spec: value 50, INR) and
 * refreshes the role. Stripe's webhook may land a moment after the redirect, so the role
 * is re-read a few times before giving up; then content that depends on it reloads.
 */
export async function completeCheckout(attempts = 8, delayMs = 1500): Promise<boolean> {
  trackEvent('conversion', CONVERSION_EVENT.value, CONVERSION_EVENT.currency);
  flush();
  for (let i = 0; i < attempts; i++) {
    const me = await api.me
      .$get()
      .then((r) => r.json())
      .catch(() => null);
    if (me?.stripeRole === 'premium') {
      await mutate(ME_KEY, me, { revalidate: false });
      await refreshRoleDependent();
      return true;
    }
    await sleep(delayMs);
  }
  await refreshRoleDependent();
  return false;
}

/** Everything whose answer depends on the role: billing state, premium content. */
export function refreshRoleDependent() {
  return mutate((key) => key === BILLING_KEY || isRoleDependentContent(key));
}
