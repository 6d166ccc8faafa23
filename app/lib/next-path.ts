/**
 * What `next` is resolved against. Any fixed origin does: only a path on it is kept, so the
 * answer is the same on the server and in the browser (no hydration difference).
 */
const ORIGIN = 'https://skillway.invalid';

/**
 * In a path: an encoded control character, slash or backslash (`/%09/…`, `/%2F/…`), or a raw
 * backslash. None is in a link of ours; decoded by a browser or a proxy, they can turn the
 * path into a protocol-relative `//host` link or into something else than what was checked.
 */
const ODD_PATH = /\\|%(?:[01][0-9a-f]|7f|2f|5c)/i;

/**
 * A same-site path to return to after signing in; anything else falls back. `raw` is resolved
 * with `new URL(raw, origin)`: another origin is refused, and only the normalized path, query
 * and fragment are kept — never a path starting `//`, which a browser reads as another host.
 */
export function safeNext(raw: string | null | undefined, fallback = '/activity'): string {
  if (!raw || !raw.startsWith('/')) return fallback;
  let url: URL;
  try {
    url = new URL(raw, ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== ORIGIN) return fallback;
  const path = url.pathname;
  if (path.startsWith('//') || ODD_PATH.test(path)) return fallback;
  if (path === '/user/login' || path.startsWith('/user/login/')) return fallback;
  return `${path}${url.search}${url.hash}`;
}
