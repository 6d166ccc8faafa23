import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from '../app';
import { createAuth, type Auth } from '../auth/auth';
import { loadConfig, type Config } from '../config';
import { loadCatalog } from '../content/catalog';
import { openDb, type DbHandle } from '../db/client';
import { migrateToLatest } from '../db/migrate';
import type { ClientAssets, PageRendererFactory } from '../http/static';
import { createLogger } from '../logger';
import { createMailer } from '../mail/mailer';
import { pageRenderer } from '../render/pages';
// @ts-expect-error -- plain ESM helper shared with scripts/ (no types needed)
import { freshPostgresDatabase } from '../../scripts/with-postgres-bin.mjs';

export interface TestServer {
  url: string;
  auth: Auth;
  config: Config;
  db: DbHandle;
  fetch: (path: string, init?: RequestInit) => Promise<Response>;
  close: () => Promise<void>;
}

/** The dialect under test: PostgreSQL when TEST_DATABASE_URL is set (see scripts/with-postgres.mjs). */
export const testDialect = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';

/**
 * Starts the real app on 127.0.0.1 with a free port, on a throwaway SQLite file or
 * PostgreSQL database, migrated. Every test file gets its own; nothing is shared.
 *
 * With `shareWith`, starts a second app instance (its own app, HTTP server and database
 * pool) on the first one's database, data directory and so auth secret — two app servers
 * behind one load balancer. Close it before the first one, which owns the database.
 */
export async function startTestServer(
  opts: {
    contentDir?: string;
    assets?: ClientAssets | null;
    /** Makes the page renderer; a test passes its own to look at the renderer's cache. */
    pages?: PageRendererFactory;
    env?: Record<string, string>;
    shareWith?: TestServer;
  } = {},
): Promise<TestServer> {
  const shared = opts.shareWith?.config;
  const dataDir = shared ? shared.dataDir : mkdtempSync(join(tmpdir(), 'skillway-test-'));
  const contentDir = opts.contentDir ?? shared?.contentDir ?? join(dataDir, 'content');
  mkdirSync(contentDir, { recursive: true });
  const pgDb =
    !shared && process.env.TEST_DATABASE_URL
      ? await freshPostgresDatabase(process.env.TEST_DATABASE_URL, 'skillway_test')
      : null;
  const databaseUrl = shared ? shared.databaseUrl : pgDb?.url;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    CONTENT_DIR: contentDir,
    LOG_LEVEL: 'silent',
    // The tests' push services: a made-up host, and loopback ones they start.
    PUSH_HOSTS: 'push.example.com,127.0.0.1:*',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(shared ? { BETTER_AUTH_SECRET: shared.authSecret } : {}),
    ...opts.env,
  });
  const db = openDb(config);
  await migrateToLatest(db.db, db.dialect);
  const logger = createLogger(config);
  const auth = createAuth({ config, db, logger, mailer: createMailer(config, db.db, logger) });
  const app = createApp({
    config,
    db,
    logger,
    catalog: loadCatalog(config.contentDir),
    assets: opts.assets ?? null,
    auth,
    pages: opts.pages ?? pageRenderer,
  });
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    auth,
    config,
    db,
    fetch: (path, init) => fetch(`${url}${path}`, init),
    close: async () => {
      await new Promise<void>((resolve) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => resolve());
      });
      await db.db.destroy().catch(() => undefined);
      if (shared) return;
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function postJson(body: unknown, contentType = 'application/json'): RequestInit {
  return {
    method: 'POST',
    headers: { 'Content-Type': contentType },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  };
}

/** Every `METHOD /api/path` the app serves (Better Auth's `/api/auth/*` included as one pair). */
export function apiRouteKeys(t: TestServer): Set<string> {
  const app = createApp({
    config: t.config,
    db: t.db,
    logger: createLogger(t.config),
    catalog: loadCatalog(t.config.contentDir),
    assets: null,
    auth: t.auth,
  });
  return new Set(
    app.routes
      .filter((r) => r.path.startsWith('/api/') && r.method !== 'ALL' && r.path !== '/api/*')
      .map((r) => `${r.method} ${r.path}`),
  );
}
