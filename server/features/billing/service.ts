import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/client';

/** Subscription states that keep premium: paying, trialling, or in Stripe's payment retries. */
const PREMIUM_STATUSES = ['active', 'trialing', 'past_due'] as const;

export const roleForStatus = (status: string | null): 'premium' | 'free' =>
  (PREMIUM_STATUSES as readonly string[]).includes(status ?? '') ? 'premium' : 'free';

// Only the fields we act on; the signature has already proved the event is Stripe's.
const ZEvent = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  created: z.number().int().nonnegative(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
const ZCheckoutSession = z.object({
  client_reference_id: z.string().nullish(),
  customer: z.string().nullish(),
  subscription: z.string().nullish(),
});
const ZSubscription = z.object({
  id: z.string(),
  customer: z.string(),
  status: z.string(),
  metadata: z.record(z.string(), z.string()).nullish(),
});

export type EventOutcome = 'applied' | 'duplicate' | 'ignored' | 'stale';

const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
]);

/**
 * Applies one verified Stripe event exactly once. Its id is recorded in the same
 * transaction as its effect, so a redelivery (or the same event reaching two app servers
 * at once) finds the id taken and changes nothing. Subscription state only moves forward
 * in event time: an older event that arrives late is recorded but does not undo a newer
 * one, so any delivery order converges on the state of the newest event.
 */
export async function applyStripeEvent(db: Db, raw: unknown): Promise<EventOutcome> {
  const parsed = ZEvent.safeParse(raw);
  if (!parsed.success) return 'ignored';
  const event = parsed.data;
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    const recorded = await trx
      .insertInto('stripe_event')
      .values({ id: event.id, type: event.type, created: event.created, received_at: now })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!recorded) return 'duplicate';

    if (event.type === 'checkout.session.completed') {
      const s = ZCheckoutSession.safeParse(event.data.object);
      if (!s.success || !s.data.client_reference_id || !s.data.customer) return 'ignored';
      const userId = s.data.client_reference_id;
      if (!(await userExists(trx, userId))) return 'ignored';
      // Links the customer to the user; the subscription events decide the role.
      await trx
        .insertInto('billing_customer')
        .values({
          user_id: userId,
          customer_id: s.data.customer,
          subscription_id: s.data.subscription ?? null,
          status: null,
          event_created: 0,
          updated_at: now,
        })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({
            customer_id: s.data.customer,
            subscription_id: sql`COALESCE(billing_customer.subscription_id, ${s.data.subscription ?? null})`,
            updated_at: now,
          }),
        )
        .execute();
      return 'applied';
    }

    if (!SUBSCRIPTION_EVENTS.has(event.type)) return 'ignored';
    const sub = ZSubscription.safeParse(event.data.object);
    if (!sub.success) return 'ignored';
    const status = event.type === 'customer.subscription.deleted' ? 'canceled' : sub.data.status;
    // Checkout puts our user id on the subscription, so its events name the user even when
    // they arrive before checkout.session.completed.
    const userId =
      sub.data.metadata?.userId ??
      (
        await trx
          .selectFrom('billing_customer')
          .select('user_id')
          .where('customer_id', '=', sub.data.customer)
          .executeTakeFirst()
      )?.user_id;
    if (!userId || !(await userExists(trx, userId))) return 'ignored';
    const moved = await trx
      .insertInto('billing_customer')
      .values({
        user_id: userId,
        customer_id: sub.data.customer,
        subscription_id: sub.data.id,
        status,
        event_created: event.created,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet({
            customer_id: sub.data.customer,
            subscription_id: sub.data.id,
            status,
            event_created: event.created,
            updated_at: now,
          })
          .where('billing_customer.event_created', '<=', event.created),
      )
      .returning('user_id')
      .executeTakeFirst();
    if (!moved) return 'stale';
    await trx
      .updateTable('user')
      .set({ stripeRole: roleForStatus(status) })
      .where('id', '=', userId)
      .execute();
    return 'applied';
  });
}

async function userExists(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom('user').select('id').where('id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

export async function billingCustomer(db: Db, userId: string) {
  return db
    .selectFrom('billing_customer')
    .select(['customer_id', 'subscription_id', 'status'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The local premium override (development and tests only): sets a user's role by email. */
export async function setRoleByEmail(
  db: Db,
  email: string,
  role: 'free' | 'premium',
): Promise<boolean> {
  const res = await db
    .updateTable('user')
    .set({ stripeRole: role })
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
