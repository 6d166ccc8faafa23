import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipCompress } from 'node:zlib';
import type { Context } from 'hono';
import { canonicalPathname, isKnownPage, type ContentIds } from '../../core/paths';
import type { Catalog } from '../content/catalog';
import type { AppEnv } from './env';

export interface Asset {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  type: string;
  etag: string;
}

export interface ClientAssets {
  files: Map<string, Asset>;
  index: Asset;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
};

const etagOf = (body: Buffer) =>
  `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCompress);

/**
 * A page made at run time (server-rendered HTML). Only a page that is kept (a public one,
 * server/render/pages.ts) is compressed, once, off the event loop; any other is sent as it
 * is, so a stream of distinct addresses costs no compression.
 */
export async function htmlAsset(html: string, compress: boolean): Promise<Asset> {
  const body = Buffer.from(html);
  const asset: Asset = { body, type: TYPES['.html'] as string, etag: etagOf(body) };
  if (!compress) return asset;
  [asset.br, asset.gzip] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzip(body, { level: 9 }),
  ]);
  return asset;
}

/** The bytes an asset holds: its body and its compressed copies. */
export const assetBytes = (a: Asset) => a.body.length + (a.br?.length ?? 0) + (a.gzip?.length ?? 0);

/** What server/render/pages.ts needs to make the documents of the app's pages. */
export interface PagesOptions {
  /** The built index.html. */
  template: string;
  catalog: Catalog;
  appUrl: string;
  /** The app's own API, asked as a guest: the JSON of a 200, else undefined. */
  fetchJson: (path: string) => Promise<unknown>;
  /** A page that could not be server-rendered is sent as the plain app (and logged). */
  onRenderError: (err: unknown, pathname: string) => void;
}

/** Answers a page path: the document (its head, and its content when server-rendered). */
export interface PageRenderer {
  (pathname: string, search: URLSearchParams, known: boolean): Promise<Asset>;
  /** What the page cache holds now; it is bounded in entries and bytes. */
  cached(): { entries: number; bytes: number };
}

export type PageRendererFactory = (opts: PagesOptions) => PageRenderer;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

/**
 * Loads the built SPA into memory once at start (it is small), with the .br/.gz twins the
 * build wrote. Returns null when the client has not been built.
 */
export function loadClientAssets(dir: string): ClientAssets | null {
  if (!existsSync(join(dir, 'index.html'))) return null;
  const files = new Map<string, Asset>();
  for (const full of walk(dir)) {
    if (full.endsWith('.br') || full.endsWith('.gz')) continue;
    const body = readFileSync(full);
    const urlPath = '/' + relative(dir, full).split(sep).join('/');
    const asset: Asset = {
      body,
      type: TYPES[extname(full)] ?? 'application/octet-stream',
      etag: etagOf(body),
    };
    if (existsSync(`${full}.br`)) asset.br = readFileSync(`${full}.br`);
    if (existsSync(`${full}.gz`)) asset.gzip = readFileSync(`${full}.gz`);
    files.set(urlPath, asset);
  }
  const index = files.get('/index.html');
  if (!index) return null;
  return { files, index };
}

function send(
  c: Context<AppEnv>,
  asset: Asset,
  status: 200 | 404,
  cacheControl: string,
  body?: Buffer,
) {
  const headers: Record<string, string> = {
    'Content-Type': asset.type,
    'Cache-Control': cacheControl,
    ETag: asset.etag,
    Vary: 'Accept-Encoding',
  };
  if (status === 200 && c.req.header('if-none-match') === asset.etag) {
    return c.body(null, 304, headers);
  }
  const accept = c.req.header('accept-encoding') ?? '';
  let payload = body ?? asset.body;
  if (!body && asset.br && /\bbr\b/.test(accept)) {
    payload = asset.br;
    headers['Content-Encoding'] = 'br';
  } else if (!body && asset.gzip && /\bgzip\b/.test(accept)) {
    payload = asset.gzip;
    headers['Content-Encoding'] = 'gzip';
  }
  headers['Content-Length'] = String(payload.length);
  if (c.req.method === 'HEAD') return c.body(null, status, headers);
  return c.body(new Uint8Array(payload), status, headers);
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * Serves built files, and for page paths the SPA's index.html (through `renderPage`, which
 * gives it the page's head and content): status 200 when the path is in the route table
 * and names existing content, else 404 with `data-status="404"` on the root element so the
 * client renders its not-found page for that first load.
 */
export function serveClient(
  assets: ClientAssets | null,
  contentIds: () => ContentIds,
  renderPage?: PageRenderer,
) {
  let notFoundHtml: Buffer | null = null;
  return async (c: Context<AppEnv>) => {
    let path: string;
    try {
      path = decodeURIComponent(c.req.path);
    } catch {
      path = c.req.path;
    }
    if (!assets) {
      if (!isKnownPage(path, contentIds())) return c.text('Not found', 404);
      return c.text('The web client is not built. Run `npm run build` (or `npm start`).', 503);
    }
    const asset = assets.files.get(path);
    // index.html itself is fetched by the service worker's precache.
    if (asset) return send(c, asset, 200, path.startsWith('/assets/') ? IMMUTABLE : REVALIDATE);
    if (path.startsWith('/assets/') || extname(path) !== '') {
      return c.text('Not found', 404, { 'Cache-Control': REVALIDATE });
    }
    // One address per page: any other spelling (trailing, doubled or encoded slashes) is
    // sent to it, so nothing rendered for an odd spelling is kept or served as the page.
    const url = new URL(c.req.url);
    const canonical = canonicalPathname(url.pathname);
    if (canonical !== null && canonical !== url.pathname) {
      return c.redirect(`${canonical}${url.search}`, 301);
    }
    const known = isKnownPage(path, contentIds());
    if (renderPage) {
      const page = await renderPage(path, new URL(c.req.url).searchParams, known);
      return send(c, page, known ? 200 : 404, REVALIDATE);
    }
    if (known) return send(c, assets.index, 200, REVALIDATE);
    notFoundHtml ??= Buffer.from(
      assets.index.body.toString('utf8').replace('<html ', '<html data-status="404" '),
    );
    return send(c, assets.index, 404, REVALIDATE, notFoundHtml);
  };
}
