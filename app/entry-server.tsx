import { prerenderToNodeStream } from 'react-dom/static';
import type { Middleware } from 'swr';
import { App } from './App';
import { setSiteOrigin } from './lib/ssr-data';
import { preloadPage } from './router';

export interface Rendered {
  /** The markup of #root. */
  html: string;
  /** Every SWR key the page asked for while rendering. */
  keys: string[];
}

/**
 * Renders the app at `pathname` (and `search`) to HTML with React's server renderer, from
 * the SWR data given (server/render/ssr.ts fetches what the keys ask for and renders again).
 * Waits for every lazy part, so the HTML is whole.
 */
export async function renderApp(
  pathname: string,
  search: string,
  data: Record<string, unknown>,
  origin: string,
): Promise<Rendered> {
  setSiteOrigin(origin);
  await preloadPage(pathname);
  const keys = new Set<string>();
  const record: Middleware = (useSWRNext) => (key, fetcher, config) => {
    if (typeof key === 'string') keys.add(key);
    return useSWRNext(key, fetcher, config);
  };
  // A part that throws would be left for the browser to render: fail instead, so the
  // server sends the plain app and logs why.
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <App fallback={data} ssrPath={pathname} ssrSearch={search} swrUse={[record]} />,
    // One piece: a large part is otherwise sent after the rest with a script to put it in place.
    { onError: (err) => void errors.push(err), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  if (errors.length > 0) throw errors[0];
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  const html = Buffer.concat(chunks).toString('utf8');
  // A part that suspended comes with an inline script to reveal it, which the CSP blocks:
  // every part must render at once (pages are preloaded; the rest waits for hydration).
  if (html.includes('<script') || html.includes('<!--$?-->') || html.includes('<!--$!-->'))
    throw new Error(`${pathname}: a part of the page suspended while rendering on the server`);
  return { html, keys: [...keys] };
}
