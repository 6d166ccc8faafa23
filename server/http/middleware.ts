import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { ServerResponse } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import type { Config } from '../config';
import type { Logger } from '../logger';
import type { AppEnv } from './env';
import { foreignOrigin } from './errors';
import { requestHeader } from './headers';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The Node response of a request served by `@hono/node-server` (none under `app.request()`).
 * Headers set on it before the handler runs go out with whatever response the app makes:
 * Node merges them into `writeHead`, whose own headers win on a clash. That keeps the
 * app's Response lightweight: reading or changing `c.res.headers` turns its plain header
 * object into a web `Headers`, which node-server then has to copy back out.
 */
function nodeResponse(c: Context): ServerResponse | null {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  return outgoing && typeof outgoing.setHeader === 'function' ? outgoing : null;
}

/** Request id (kept from a sane incoming X-Request-Id, else new), a child logger, one access log line. */
export function requestContext(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = requestHeader(c, 'x-request-id');
    const id = incoming && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    const log = logger.child({ reqId: id });
    c.set('requestId', id);
    c.set('log', log);
    const out = nodeResponse(c);
    out?.setHeader('X-Request-Id', id);
    const start = performance.now();
    await next();
    // c.header() after next() would rebuild the Response; set on its headers directly.
    if (!out) c.res.headers.set('X-Request-Id', id);
    const ms = Math.round((performance.now() - start) * 10) / 10;
    log.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms }, 'request');
  };
}

/**
 * Content-Security-Policy without 'unsafe-inline' scripts: the theme is applied before
 * first paint by a same-origin script file, not an inline one. Inline style attributes
 * are allowed because React and charts set them.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "media-src 'self' blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers on every response, fixed at start. */
function securityHeaderList(config: Pick<Config, 'secure'>): [string, string][] {
  const list: [string, string][] = [
    ['Content-Security-Policy', CONTENT_SECURITY_POLICY],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Permissions-Policy', 'camera=(), geolocation=(), microphone=(self)'],
  ];
  if (config.secure)
    list.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']);
  return list;
}

export function securityHeaders(config: Pick<Config, 'secure'>): MiddlewareHandler<AppEnv> {
  const list = securityHeaderList(config);
  return async (c, next) => {
    const out = nodeResponse(c);
    if (out) {
      // On Node's response before the handler: every response carries them, errors too.
      for (const [name, value] of list) out.setHeader(name, value);
      return next();
    }
    await next();
    const h = c.res.headers;
    for (const [name, value] of list) h.set(name, value);
  };
}

/**
 * Cross-site request check for every state-changing request (SameSite=Lax cookies still
 * ride along from a sibling subdomain or another port on the host). A browser marks its
 * requests: Sec-Fetch-Site `same-origin` (or `none`, typed by the user) passes; otherwise
 * the Origin must be one of the app's. A request with neither header is not from a
 * browser page (curl, Stripe's webhook), so there is no victim's cookie to abuse: it
 * passes. Reads skip the check; CORS already keeps other origins from reading answers.
 * Two header reads and a Set lookup: it sits on every write.
 */
export function sameOriginWrites(
  config: Pick<Config, 'allowedOrigins'>,
): MiddlewareHandler<AppEnv> {
  const allowed = new Set(config.allowedOrigins);
  const expected = config.allowedOrigins[0] ?? '';
  return (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return next();
    const site = requestHeader(c, 'sec-fetch-site');
    if (site === 'same-origin' || site === 'none') return next();
    const origin = requestHeader(c, 'origin');
    if (origin === undefined ? site === undefined : allowed.has(origin)) return next();
    throw foreignOrigin(origin, expected);
  };
}

const COMPRESSIBLE = /^(application\/(json|javascript|manifest\+json)|text\/|image\/svg\+xml)/;
const MIN_COMPRESS_BYTES = 1024;

/**
 * Brotli or gzip for large dynamic responses (content JSON). Mounted only on routes that
 * return big bodies: reading a body turns node-server's lightweight Response into a full
 * one, which costs more than compressing saves on small answers. Static files arrive
 * precompressed from the build.
 */
export function compression(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (c.req.method === 'HEAD' || res.status === 204 || res.status === 304) return;
    if (res.headers.has('Content-Encoding')) return;
    const type = res.headers.get('Content-Type') ?? '';
    if (!COMPRESSIBLE.test(type)) return;
    const accept = c.req.header('accept-encoding') ?? '';
    const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
    if (!encoding) return;
    const raw = Buffer.from(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    headers.append('Vary', 'Accept-Encoding');
    if (raw.length < MIN_COMPRESS_BYTES) {
      c.res = new Response(raw, { status: res.status, headers });
      return;
    }
    const body =
      encoding === 'br'
        ? await brotli(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } })
        : await gz(raw, { level: 6 });
    headers.set('Content-Encoding', encoding);
    headers.set('Content-Length', String(body.length));
    c.res = new Response(body, { status: res.status, headers });
  };
}
