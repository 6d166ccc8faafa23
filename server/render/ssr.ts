import { renderApp } from '../../app/entry-server';

/** Keys of public content the server may fetch for a page: the API's answers to a guest. */
const CONTENT_KEY = /^\/api\/(content\/|skills\/content$)/;
/** Rendering asks for data, gets it, renders again; each pass can reveal more (a quiz's feedback). */
const MAX_PASSES = 4;

export interface ServerRendered {
  html: string;
  /** What the page was rendered from, by SWR key, for the client's first render. */
  data: Record<string, unknown>;
}

/**
 * Server-renders a page of the app: renders, fetches the content the page asked for
 * through the app's own API (as a guest: `fetchJson` answers undefined for a refusal such
 * as a premium item), and renders again until the page asks for nothing new.
 */
export async function serverRender(
  pathname: string,
  search: string,
  origin: string,
  fetchJson: (key: string) => Promise<unknown>,
): Promise<ServerRendered> {
  const data: Record<string, unknown> = {};
  const tried = new Set<string>();
  for (let pass = 1; ; pass++) {
    const { html, keys } = await renderApp(pathname, search, data, origin);
    const fresh = keys.filter((k) => CONTENT_KEY.test(k) && !tried.has(k));
    if (fresh.length === 0 || pass === MAX_PASSES) return { html, data };
    await Promise.all(
      fresh.map(async (key) => {
        tried.add(key);
        const value = await fetchJson(key);
        if (value !== undefined) data[key] = value;
      }),
    );
  }
}
