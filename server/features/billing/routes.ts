import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import Stripe from 'stripe';
import { requireUser } from '../../auth/session';
import { paymentsConfigured, type Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError, invalidArgument, payloadTooLarge } from '../../http/errors';
import type { AppEnv } from '../../http/env';
import { isPremium } from '../content/premium';
import { applyStripeEvent, billingCustomer } from './service';

/** Stripe's own default: a signature older than five minutes is refused (replays). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
const WEBHOOK_BODY_LIMIT = 512 * 1024;

const notConfigured = () =>
  new AppError(
    'failed-precondition',
    'Payments are not configured on this server, so upgrading is not available here.',
  );

function stripeClient(config: Config['stripe']): Stripe | null {
  if (!config.secretKey) return null;
  const api = config.apiUrl ? new URL(config.apiUrl) : null;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api
      ? {
          host: api.hostname,
          port: api.port,
          protocol: api.protocol === 'http:' ? ('http' as const) : ('https' as const),
        }
      : {}),
  });
}

/** Stripe's own failures (network, its 5xx, a bad key) become a 503 the client can explain. */
async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof Stripe.errors.StripeError)
      throw new AppError('unavailable', 'Payments are unavailable right now. Please try again.');
    throw err;
  }
}

/** The paid tier: Checkout, the customer portal, and Stripe's signed webhooks. */
export function billingRoutes(db: Db, config: Config) {
  const stripe = stripeClient(config.stripe);
  const { priceId, webhookSecret } = config.stripe;
  // The webhook checks signatures without calling Stripe, so it needs no API key.
  const verifier = stripe ?? new Stripe('sk_unused_for_signature_checks');
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const user = requireUser(c);
      const customer = await billingCustomer(db, user.id);
      c.header('Cache-Control', 'no-store');
      return c.json({
        configured: paymentsConfigured(config.stripe),
        role: user.stripeRole,
        status: customer?.status ?? null,
        canManage: stripe !== null && Boolean(customer?.customer_id),
      });
    })
    .post('/checkout', async (c) => {
      const user = requireUser(c);
      if (!stripe || !priceId) throw notConfigured();
      if (isPremium(user)) throw new AppError('already-exists', 'You already have Premium.');
      const customer = await billingCustomer(db, user.id);
      const session = await callStripe(() =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          line_items: [{ price: priceId, quantity: 1 }],
          client_reference_id: user.id,
          ...(customer?.customer_id
            ? { customer: customer.customer_id }
            : { customer_email: user.email }),
          // Subscription events then name the user even if they beat checkout.session.completed.
          subscription_data: { metadata: { userId: user.id } },
          success_url: `${config.appUrl}/activity?checkout=success`,
          cancel_url: `${config.appUrl}/activity?checkout=cancelled`,
        }),
      );
      if (!session.url) throw new AppError('unavailable', 'Stripe did not return a checkout page.');
      return c.json({ url: session.url });
    })
    .post('/portal', async (c) => {
      const user = requireUser(c);
      if (!stripe) throw notConfigured();
      const customer = await billingCustomer(db, user.id);
      if (!customer?.customer_id)
        throw new AppError('failed-precondition', 'There is no subscription to manage yet.');
      const customerId = customer.customer_id;
      const portal = await callStripe(() =>
        stripe.billingPortal.sessions.create({
          customer: customerId,
          return_url: `${config.appUrl}/activity`,
        }),
      );
      return c.json({ url: portal.url });
    })
    .post(
      '/webhook',
      bodyLimit({
        maxSize: WEBHOOK_BODY_LIMIT,
        onError: () => {
          throw payloadTooLarge(WEBHOOK_BODY_LIMIT);
        },
      }),
      async (c) => {
        if (!webhookSecret) throw notConfigured();
        const signature = c.req.header('stripe-signature');
        if (!signature) throw invalidArgument('Missing the Stripe-Signature header.');
        const body = await c.req.text();
        let event: unknown;
        try {
          event = verifier.webhooks.constructEvent(
            body,
            signature,
            webhookSecret,
            WEBHOOK_TOLERANCE_SECONDS,
          );
        } catch {
          throw invalidArgument('The Stripe signature does not match this body, secret and time.');
        }
        const outcome = await applyStripeEvent(db, event);
        c.var.log.info({ outcome }, 'stripe webhook');
        return c.json({ received: true, outcome });
      },
    );
}
