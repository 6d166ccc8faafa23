import type { Catalog } from '../content/catalog';
import { publicPaths } from './head';

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
