import { Hono } from 'hono';
import { isRoleDependentContent } from '../core/content/access';
import { bodyLimit } from 'hono/body-limit';
import type { Auth } from './auth/auth';
import { authRoutes } from './auth/routes';
import { sessionMiddleware } from './auth/session';
import { paymentsConfigured, type Config } from './config';
import type { Catalog } from './content/catalog';
import type { DbHandle } from './db/client';
import { accountRoutes } from './features/account/routes';
import { billingRoutes } from './features/billing/routes';
import { analyticsRoutes } from './features/analytics/routes';
import { premiumGate } from './features/content/premium';
import { contentRoutes } from './features/content/routes';
import { dashboardRoutes } from './features/dashboard/routes';
import { devMailRoutes } from './features/dev/routes';
import { doodleRoutes } from './features/doodles/routes';
import { grammarRoutes } from './features/grammar/routes';
import { healthRoutes } from './features/health/routes';
import { itemRoutes } from './features/items/routes';
import { recordingRoutes } from './features/recordings/routes';
import { reminderRoutes } from './features/reminders/routes';
import { reviewRoutes } from './features/review/routes';
import { skillRoutes } from './features/skills/routes';
import { fileRoutes, storageRoutes } from './features/storage/routes';
import { syncRoutes } from './features/sync/routes';
import { teamRoutes } from './features/teams/routes';
import { vocabularyRoutes } from './features/vocabulary/routes';
import { writingRoutes } from './features/writing/routes';
import type { AppEnv } from './http/env';
import { readSmallBody } from './http/body';
import { apiNotFound, onError, payloadTooLarge } from './http/errors';
import { requestHeader } from './http/headers';
import { compression, requestContext, sameOriginWrites, securityHeaders } from './http/middleware';
import { serveClient, type ClientAssets, type PageRendererFactory } from './http/static';
import type { Logger } from './logger';
import { robotsTxt, sitemapXml } from './render/sitemap';

export interface AppDeps {
  config: Config;
  db: DbHandle;
  logger: Logger;
  catalog: Catalog;
  assets: ClientAssets | null;
  auth: Auth;
  /**
   * Makes the documents of the app's pages (server/render/pages.ts), passed in rather than
   * imported: it renders the app's components, whose API client imports this file's types.
   * Without it, pages are the built index.html as it is.
   */
  pages?: PageRendererFactory;
}

/** Routes that take bodies larger than the default cap set their own limit. */
const OWN_BODY_LIMIT = new Set([
  '/api/profile/photo',
  '/api/storage/upload',
  '/api/billing/webhook',
]);
const ownBodyLimit = (path: string) =>
  OWN_BODY_LIMIT.has(path) ||
  path.startsWith('/api/doodles/') ||
  path.startsWith('/api/recordings/');

// Premium items (item pages and interview sets) depend on who asks, so they keep the session.
const PUBLIC_READS = /^\/api\/(health$|config$|skills\/content$)/;
const isPublicRead = (path: string) =>
  PUBLIC_READS.test(path) || (path.startsWith('/api/content/') && !isRoleDependentContent(path));

/** Default cap on API request bodies; routes that take files set their own. */
export const API_BODY_LIMIT = 64 * 1024;

/** The JSON API. Chained so its type drives the typed client (Hono RPC) in app/. */
export function createApi(deps: Omit<AppDeps, 'assets'>) {
  const premium = premiumGate(deps.catalog, deps.config.premium);
  return new Hono<AppEnv>()
    .route('/health', healthRoutes(deps.db))
    .route('/analytics', analyticsRoutes(deps.db.db, deps.config.trustedProxies))
    .route('/content', contentRoutes(deps.catalog, premium))
    .route('/', accountRoutes(deps.db.db, deps.auth, deps.config, deps.catalog))
    .route('/files', fileRoutes(deps.db.db))
    .route('/storage', storageRoutes(deps.db.db, deps.config))
    .route('/grammar', grammarRoutes(deps.db.db, deps.catalog))
    .route('/dashboard', dashboardRoutes(deps.db.db, deps.catalog))
    .route('/items', itemRoutes(deps.db.db, deps.catalog, premium))
    .route('/review', reviewRoutes(deps.db.db, deps.catalog))
    .route('/vocabulary', vocabularyRoutes(deps.db.db, deps.catalog))
    .route('/skills', skillRoutes(deps.db.db, deps.catalog))
    .route('/billing', billingRoutes(deps.db.db, deps.config))
    .route('/doodles', doodleRoutes(deps.db.db, deps.catalog, deps.config.storageQuotaBytes))
    .route(
      '/recordings',
      recordingRoutes(deps.db.db, deps.catalog, premium, deps.config.storageQuotaBytes),
    )
    .route('/reminders', reminderRoutes(deps.db.db, deps.config))
    .route('/sync', syncRoutes(deps.db.db, deps.catalog, premium))
    .route('/writing', writingRoutes(deps.db.db, deps.catalog, deps.config.trustedProxies))
    .route(
      '/teams',
      teamRoutes(deps.db.db, deps.auth, deps.catalog, deps.config.premium === 'locked'),
    )
    .get('/config', (c) =>
      c.json({
        providers: {
          google: deps.config.google !== null,
          facebook: deps.config.facebook !== null,
          // The organization's provider: its button's name, the domains it signs in, and
          // whether signing in with it joins a team (the login page says so beforehand).
          oidc: deps.config.oidc && {
            name: deps.config.oidc.name,
            domains: deps.config.oidc.domains,
            joinsTeam: deps.config.oidc.team !== null,
          },
        },
        passwordMinLength: deps.config.passwordMinLength,
        devOutbox: deps.config.devOutbox,
        premium: deps.config.premium,
        payments: paymentsConfigured(deps.config.stripe),
      }),
    );
}

export type ApiType = ReturnType<typeof createApi>;

export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.use(requestContext(deps.logger));
  app.use(securityHeaders(deps.config));
  app.use('/api/*', sameOriginWrites(deps.config));
  app.use('/api/content/*', compression());
  app.use('/api/skills/content', compression());
  const limit = bodyLimit({
    maxSize: API_BODY_LIMIT,
    onError: () => {
      throw payloadTooLarge(API_BODY_LIMIT);
    },
  });
  // bodyLimit touches `req.raw.body`, which turns node-server's lightweight request into a
  // full one (~5x slower). GET and HEAD carry no body; nor does a request with neither
  // Content-Length nor Transfer-Encoding, and Node's parser holds a body to its declared
  // Content-Length — so only chunked bodies, and declared lengths over the cap, need it.
  app.use('/api/*', (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD' || ownBodyLimit(c.req.path)) return next();
    const length = requestHeader(c, 'content-length');
    if (
      requestHeader(c, 'transfer-encoding') === undefined &&
      (length === undefined || Number(length) <= API_BODY_LIMIT)
    ) {
      // Better Auth gets the raw request, body unread.
      if (Number(length) > 0 && !c.req.path.startsWith('/api/auth/')) readSmallBody(c);
      return next();
    }
    return limit(c, next);
  });
  // Public reads (health, content, config) never look at the user: skip the session query.
  const session = sessionMiddleware<AppEnv>(deps.db.db, {
    secret: deps.config.authSecret,
    secure: deps.config.secure,
  });
  app.use('/api/*', (c, next) => {
    if (!isPublicRead(c.req.path)) return session(c, next);
    c.set('user', null);
    return next();
  });
  app.onError(onError);
  app.route('/api/auth', authRoutes(deps.auth, deps.db.db, deps.config));
  app.route('/api', createApi(deps));
  if (deps.config.devOutbox) app.route('/dev', devMailRoutes(deps.db.db));
  app.all('/api/*', apiNotFound);
  // Built once: they change only with the content or APP_URL, both fixed until a restart.
  const robots = robotsTxt(deps.config.appUrl);
  const sitemap = sitemapXml(deps.catalog, deps.config.appUrl);
  const textCache = 'public, max-age=3600';
  app.get('/robots.txt', (c) => c.text(robots, 200, { 'Cache-Control': textCache }));
  app.get('/sitemap.xml', (c) =>
    c.body(sitemap, 200, {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': textCache,
    }),
  );
  const pages =
    deps.assets &&
    deps.pages?.({
      template: deps.assets.index.body.toString('utf8'),
      catalog: deps.catalog,
      appUrl: deps.config.appUrl,
      fetchJson: async (path) => {
        const res = await app.request(path);
        return res.status === 200 ? res.json() : undefined;
      },
      onRenderError: (err, path) => deps.logger.error({ err, path }, 'server rendering failed'),
    });
  const client = serveClient(deps.assets, () => deps.catalog.ids, pages ?? undefined);
  app.on(['GET', 'HEAD'], '*', client);
  app.notFound(apiNotFound);
  return app;
}
