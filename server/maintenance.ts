import { pruneLimitCounters } from './auth/limits';
import type { Config } from './config';
import type { Db } from './db/client';
import { pruneEvents } from './features/analytics/service';
import type { Logger } from './logger';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/**
 * Deletes what is kept only for a while: analytics events past ANALYTICS_RETENTION_DAYS,
 * and limit counters whose window ended. Each is one DELETE by an indexed age, so it is
 * safe for every app server to run it: a second run finds nothing.
 */
export async function pruneExpired(
  db: Db,
  config: Pick<Config, 'analyticsRetentionDays'>,
  now = Date.now(),
): Promise<{ analyticsEvents: number; limitCounters: number }> {
  const analyticsEvents = await pruneEvents(
    db,
    new Date(now - config.analyticsRetentionDays * DAY),
  );
  const limitCounters = await pruneLimitCounters(db, now);
  return { analyticsEvents, limitCounters };
}

/** Prunes a minute after start and then every hour, until stopped. */
export function startMaintenance(db: Db, config: Config, logger: Logger): () => void {
  const run = () =>
    pruneExpired(db, config).then(
      (pruned) => logger.debug(pruned, 'pruned expired rows'),
      (err: unknown) => logger.warn({ err }, 'pruning expired rows failed; will try again'),
    );
  const first = setTimeout(run, 60_000);
  const every = setInterval(run, HOUR);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
