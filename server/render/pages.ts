import type { Catalog } from '../content/catalog';
import { htmlAsset, type Asset, type PageRenderer } from '../http/static';
import { renderDocument } from './document';
import { notFoundHead, pageHead, publicPaths } from './head';

export interface PagesOptions {
  /** The built index.html. */
  template: string;
  catalog: Catalog;
  appUrl: string;
}

/**
 * The documents of the app's pages, made once per page and kept: content changes only with
 * a restart, and the number of pages is bounded by the route table and the catalog
 * (unknown paths share the one 404 document).
 */
export function pageRenderer({ template, catalog, appUrl }: PagesOptions): PageRenderer {
  const cache = new Map<string, Asset>();
  let notFound: Asset | null = null;
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
      page = htmlAsset(renderDocument(template, head, appUrl));
      cache.set(head.canonical, page);
    }
    return Promise.resolve(page);
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
