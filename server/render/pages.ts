import { LRUCache } from 'lru-cache';
import {
  assetBytes,
  htmlAsset,
  type Asset,
  type PageRenderer,
  type PagesOptions,
} from '../http/static';
import { renderDocument } from './document';
import { notFoundHead, pageHead, publicPaths, type PageHead } from './head';
import { serverRender } from './ssr';

/** Bounds on the kept documents; the public pages of today's content take a few MB. */
const CACHE_MAX_ENTRIES = 2000;
const CACHE_MAX_BYTES = 64 * 1024 * 1024;

/**
 * The documents of the app's pages. Public content pages are server-rendered
 * (docs/decisions/031-server-rendered-pages.md); personal pages get their head only.
 *
 * Only the public pages (the sitemap's: finite, the same for every visitor) are kept,
 * compressed once, by their canonical URL and rendered from it — decided after the head
 * says the page exists. Anything else (a team's address, an invitation, an unknown
 * activity) is made per request and sent uncompressed: a stream of distinct addresses
 * costs neither memory nor compression. The cache is an LRU bounded in entries and bytes,
 * a second guard should the content grow.
 */
export function pageRenderer(opts: PagesOptions): PageRenderer {
  const { template, catalog, appUrl } = opts;
  const kept = new Set(publicPaths(catalog).map((p) => `${appUrl}${p}`));
  const cache = new LRUCache<string, Asset>({
    max: CACHE_MAX_ENTRIES,
    maxSize: CACHE_MAX_BYTES,
    sizeCalculation: (a) => Math.max(1, assetBytes(a)),
  });
  // Renders under way, so a burst of first visits to one page renders it once.
  const making = new Map<string, Promise<Asset>>();
  let notFound: Promise<Asset> | null = null;

  async function make(head: PageHead, compress: boolean): Promise<Asset> {
    if (!head.prerender) return htmlAsset(renderDocument(template, head, appUrl), compress);
    // Rendered from the canonical address, never from the spelling that was asked for.
    const canonical = new URL(head.canonical);
    try {
      const { html, data } = await serverRender(
        canonical.pathname,
        canonical.search.slice(1),
        appUrl,
        opts.fetchJson,
      );
      return htmlAsset(
        renderDocument(template, head, appUrl, { html, data: { data, origin: appUrl } }),
        compress,
      );
    } catch (err) {
      opts.onRenderError(err, canonical.pathname);
      return htmlAsset(renderDocument(template, head, appUrl), compress);
    }
  }

  const render = (pathname: string, search: URLSearchParams, known: boolean) => {
    const head = known ? pageHead(pathname, search, catalog, appUrl) : null;
    if (!head) {
      notFound ??= htmlAsset(
        renderDocument(template, notFoundHead(appUrl), appUrl).replace(
          '<html ',
          '<html data-status="404" ',
        ),
        true,
      );
      return notFound;
    }
    const key = head.canonical;
    if (!kept.has(key)) return make(head, false);
    const hit = cache.get(key);
    if (hit) return Promise.resolve(hit);
    let pending = making.get(key);
    if (!pending) {
      pending = make(head, true)
        .then((asset) => {
          cache.set(key, asset);
          return asset;
        })
        .finally(() => making.delete(key));
      making.set(key, pending);
    }
    return pending;
  };
  return Object.assign(render, {
    cached: () => ({ entries: cache.size, bytes: cache.calculatedSize }),
  });
}
