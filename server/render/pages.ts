import type { Catalog } from '../content/catalog';
import { htmlAsset, type Asset, type PageRenderer } from '../http/static';
import { renderDocument } from './document';
import { notFoundHead, pageHead, publicPaths, type PageHead } from './head';
import { serverRender } from './ssr';

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

/**
 * The documents of the app's pages, made once per page and kept: content changes only with
 * a restart, and the number of pages is bounded by the route table and the catalog
 * (unknown paths share the one 404 document). Public content pages are server-rendered
 * (docs/decisions/031-server-rendered-pages.md); personal pages get their head only.
 */
export function pageRenderer(opts: PagesOptions): PageRenderer {
  const { template, catalog, appUrl } = opts;
  const cache = new Map<string, Promise<Asset>>();
  let notFound: Asset | null = null;

  async function make(pathname: string, search: URLSearchParams, head: PageHead) {
    if (!head.prerender) return htmlAsset(renderDocument(template, head, appUrl));
    try {
      const query = search.get('activity');
      const { html, data } = await serverRender(
        pathname,
        query ? `activity=${encodeURIComponent(query)}` : '',
        appUrl,
        opts.fetchJson,
      );
      return htmlAsset(
        renderDocument(template, head, appUrl, { html, data: { data, origin: appUrl } }),
      );
    } catch (err) {
      opts.onRenderError(err, pathname);
      return htmlAsset(renderDocument(template, head, appUrl));
    }
  }

  return (pathname, search, known) => {
    const head = known ? pageHead(pathname, search, catalog, appUrl) : null;
    if (!head) {
      notFound ??= htmlAsset(
        renderDocument(template, notFoundHead(appUrl), appUrl).replace(
          '<html ',
          '<html data-status="404" ',
        ),
      );
      return Promise.resolve(notFound);
    }
    let page = cache.get(head.canonical);
    if (!page) {
      page = make(pathname, search, head);
      cache.set(head.canonical, page);
    }
    return page;
  };
}

/** robots.txt: everything but the API may be crawled; the sitemap lists the public pages. */
export function robotsTxt(appUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /dev/\n\nSitemap: ${appUrl}/sitemap.xml\n`;
}

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** sitemap.xml: every public page of the route table and the catalog, as absolute URLs. */
export function sitemapXml(catalog: Catalog, appUrl: string): string {
  const urls = publicPaths(catalog).map(
    (p) => `  <url><loc>${xmlEscape(`${appUrl}${p}`)}</loc></url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
