import { htmlAsset, type Asset, type PageRenderer, type PagesOptions } from '../http/static';
import { renderDocument } from './document';
import { notFoundHead, pageHead, type PageHead } from './head';
import { serverRender } from './ssr';

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
