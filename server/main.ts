import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { createAuth } from './auth/auth';
import { ConfigError, loadConfig } from './config';
import { ContentError, loadCatalog } from './content/catalog';
import { openDb } from './db/client';
import { migrateToLatest } from './db/migrate';
import { drainable } from './http/drain';
import { loadClientAssets } from './http/static';
import { startMaintenance } from './maintenance';
import { createLogger } from './logger';
import { pageRenderer } from './render/pages';
import { createMailer } from './mail/mailer';
import { webPushSender } from './features/reminders/push';
import { startReminderRunner } from './features/reminders/runner';
import { stopCheckerThreads } from './features/writing/checker-thread';
import { projectRoot } from './project-root';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config);
  const root = projectRoot();
  const catalog = loadCatalog(config.contentDir);
  const db = openDb(config, (err) => logger.warn({ err }, 'idle database connection lost'));
  const applied = await migrateToLatest(db.db, db.dialect);
  logger.info({ dialect: db.dialect, location: db.location, applied }, 'database ready');
  const assets = loadClientAssets(join(root, 'dist', 'client'));
  if (!assets) logger.warn('dist/client is missing: run `npm run build` to serve the web app');

  const mailer = createMailer(config, db.db, logger);
  const auth = createAuth({ config, db, logger, mailer });
  const app = createApp({ config, db, logger, catalog, assets, auth, pages: pageRenderer });
  const stopMaintenance = startMaintenance(db.db, config, logger);
  // Reminders: passes on a timer (SQLite) or as pg-boss jobs every server shares
  // (PostgreSQL); the ledger keeps each send to one. REMINDERS=0 leaves them to the other
  // servers (docs/decisions/049-reminders.md).
  const stopReminders = config.reminders
    ? await startReminderRunner(
        {
          db: db.db,
          config,
          catalog,
          mailer,
          push: webPushSender(db.db, config),
          logger,
        },
        { dialect: db.dialect, url: config.databaseUrl },
      )
    : async () => undefined;
  const drain = drainable(app.fetch);
  const server = serve({ fetch: drain.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info({ port: info.port, host: config.host }, `Skillway is running at ${config.appUrl}`);
  });

  // Stop accepting, let the requests in flight finish (up to SHUTDOWN_TIMEOUT_MS), and only
  // then close the database: a handler whose client went away still runs against it.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: no new connections, draining requests');
    const deadline = Date.now() + config.shutdownTimeoutMs;
    stopMaintenance();
    const remindersStopped = stopReminders();
    drain.stop();
    server.close();
    if ('closeIdleConnections' in server) server.closeIdleConnections();
    let drained = await drain.idle(config.shutdownTimeoutMs);
    // What is left is idle or half-received; a request that slipped in meanwhile finishes too.
    if ('closeAllConnections' in server) server.closeAllConnections();
    if (drained) drained = await drain.idle(Math.max(0, deadline - Date.now()));
    if (!drained)
      logger.warn({ inFlight: drain.inFlight }, 'drain timed out; closing the database anyway');
    await remindersStopped;
    await stopCheckerThreads();
    await db.db.destroy();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof ContentError) {
    console.error(err.message);
  } else {
    console.error('Skillway failed to start:', err);
  }
  process.exit(1);
});
