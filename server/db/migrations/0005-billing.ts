import type { Kysely } from 'kysely';

/**
 * Stripe billing. `stripe_event` makes webhooks idempotent: an event's id is recorded in
 * the same transaction as its effect. `billing_customer` links a user to their Stripe
 * customer and keeps the subscription state with the `created` time of the event that set
 * it, so an older event arriving late cannot undo a newer one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stripe_event')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('billing_customer')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('customer_id', 'text', (c) => c.unique())
    .addColumn('subscription_id', 'text')
    .addColumn('status', 'text')
    .addColumn('event_created', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('billing_customer').execute();
  await db.schema.dropTable('stripe_event').execute();
}
