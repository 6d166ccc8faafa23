import { useSyncExternalStore } from 'react';

/**
 * Server-rendered pages (server/render/ssr.ts) carry the data they were rendered from: the
 * JSON the API gave a guest, by SWR key, in `<script id="ssr-data" type="application/json">`.
 * The client hands it to SWR as fallback data, so its first render — the one that hydrates
 * the server's HTML — shows exactly what the server rendered, with no request.
 */
export interface SsrPayload {
  /** SWR key (an /api/content URL) → the API's answer to a guest. */
  data: Record<string, unknown>;
  /** APP_URL: the site's public origin, for links that must be absolute (sharing). */
  origin: string;
}

export const SSR_DATA_ID = 'ssr-data';

let serverOrigin: string | null = null;

/** The payload of a server-rendered page, or null for the plain app shell. */
export function readSsrPayload(): SsrPayload | null {
  const el = document.getElementById(SSR_DATA_ID);
  if (!el?.textContent) return null;
  try {
    const payload = JSON.parse(el.textContent) as SsrPayload;
    serverOrigin = payload.origin;
    return payload;
  } catch {
    return null;
  }
}

/** Set by the server before it renders (one value per process: APP_URL). */
export function setSiteOrigin(origin: string): void {
  serverOrigin = origin;
}

/** The site's origin: APP_URL as the server knows it, the same in the HTML and in the browser. */
export function siteOrigin(): string {
  return serverOrigin ?? window.location.origin;
}

const noSubscribe = () => () => undefined;

/**
 * False on the server and in the render that hydrates its HTML, true after: what this
 * device alone knows (its history, settings) may be shown only once this is true, so the
 * hydrating render matches the server's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
}
