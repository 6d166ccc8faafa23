import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { createAuth } from './auth/auth';
import { ConfigError, loadConfig } from './config';
import { ContentError, loadCatalog } from './content/catalog';
import { openDb } from './db/client';
import { migrateToLatest } from './db/migrate';
import { loadClientAssets } from './http/static';
import { createLogger } from './logger';
import { createMailer } from './mail/mailer';
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

  const auth = createAuth({ config, db, logger, mailer: createMailer(config, db.db, logger) });
  const app = createApp({ config, db, logger, catalog, assets, auth });
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info({ port: info.port, host: config.host }, `Skillway is running at ${config.appUrl}`);
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: no new connections, draining requests');
    const force = setTimeout(() => {
      logger.warn('drain timed out; closing remaining connections');
      if ('closeAllConnections' in server) server.closeAllConnections();
    }, config.shutdownTimeoutMs);
    force.unref();
    server.close(async () => {
      await db.db.destroy();
      logger.info('stopped');
      process.exit(0);
    });
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof ContentError) {
    console.error(err.message);
  } else {
    console.error('Skillway failed to start:', err);
  }
  process.exit(1);
});
