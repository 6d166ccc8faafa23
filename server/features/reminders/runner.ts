import PgBoss from 'pg-boss';
import type { Dialect } from '../../db/client';
import { runPass, startReminders, type ReminderDeps } from './scheduler';

/** The queue of scheduling passes on PostgreSQL, and its schedule: every minute. */
export const PASS_QUEUE = 'reminders-pass';
const EVERY_MINUTE = '* * * * *';

/**
 * Starts the reminder passes (docs/decisions/049-reminders.md) and returns the function that
 * stops them, waiting for a pass in flight.
 *
 * On PostgreSQL they are jobs of pg-boss (its own `pgboss` schema in the app's database):
 * the cron schedule makes one pass job a minute whichever servers are running, and the
 * queue's `singleton` policy lets one of them run at a time — any number of app servers
 * share the schedule, and a server that dies mid-pass has its job expire and retried. On
 * SQLite the one server runs the same pass on a timer. Either way the ledger's unique key
 * is what makes a send happen once.
 */
export async function startReminderRunner(
  deps: ReminderDeps,
  database: { dialect: Dialect; url: string | undefined },
  clock: () => Date = () => new Date(),
): Promise<() => Promise<void>> {
  if (database.dialect !== 'postgres' || !database.url) return startReminders(deps, 60_000, clock);
  const boss = new PgBoss({
    connectionString: database.url,
    schema: 'pgboss',
    max: 2,
    application_name: 'skillway-reminders',
  });
  boss.on('error', (err) => deps.logger.warn({ err }, 'reminder queue error'));
  await boss.start();
  await boss.createQueue(PASS_QUEUE, {
    name: PASS_QUEUE,
    policy: 'singleton',
    retryLimit: 3,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 15 * 60,
  });
  await boss.schedule(PASS_QUEUE, EVERY_MINUTE);
  await boss.work(PASS_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
    const result = await runPass(deps, clock());
    if (result.sent > 0 || result.failed > 0) deps.logger.info(result, 'reminder pass');
    return result;
  });
  // A pass as the server starts, as on SQLite: a restart catches up (within the grace).
  await boss.send(PASS_QUEUE, {});
  return () => boss.stop({ graceful: true, wait: true, timeout: 10_000 });
}
