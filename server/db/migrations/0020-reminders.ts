import type { Kysely } from 'kysely';

/**
 * Reminders (issue 30, docs/decisions/049-reminders.md).
 *
 * `reminder_setting`: one row per learner who saved reminder settings. `kinds` is the
 * per-kind, per-channel switches as JSON (core/reminders/settings.ts). `next_at` is the next
 * UTC instant the scheduler looks at the learner (the earliest window of a kind they turned
 * on, or a retry; a running pass leases it a few minutes ahead), null while nothing is on:
 * a pass reads `next_at <= now` from its index, so its cost is the learners due, not all.
 *
 * `push_subscription`: a browser's Web Push subscription (endpoint unique: a browser that
 * subscribes again replaces its row, whoever had it).
 *
 * `reminder_sent`: the ledger. A send first inserts its row, and the unique key (user,
 * kind, period, channel) lets exactly one insert win, on one server or many; a failed send
 * deletes its row so a retry can claim it again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reminder_setting')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('daily_at', 'text', (c) => c.notNull())
    .addColumn('reviews_threshold', 'integer', (c) => c.notNull())
    .addColumn('quiet_from', 'text')
    .addColumn('quiet_to', 'text')
    .addColumn('paused_until', 'text')
    .addColumn('kinds', 'text', (c) => c.notNull())
    .addColumn('next_at', 'text')
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('reminder_setting_next')
    .on('reminder_setting')
    .columns(['next_at'])
    .execute();

  await db.schema
    .createTable('push_subscription')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_success_at', 'text')
    .addColumn('last_failure_at', 'text')
    .execute();
  await db.schema
    .createIndex('push_subscription_user')
    .on('push_subscription')
    .columns(['user_id'])
    .execute();

  await db.schema
    .createTable('reminder_sent')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('reminder_sent_pk', ['user_id', 'kind', 'period', 'channel'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reminder_sent').execute();
  await db.schema.dropTable('push_subscription').execute();
  await db.schema.dropTable('reminder_setting').execute();
}
