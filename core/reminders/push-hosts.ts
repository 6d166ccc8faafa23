/**
 * Which push services the server posts to (the SSRF guard of Web Push). A subscription's
 * endpoint is written by the browser, but the server only sees what a client sent: without a
 * rule, a learner could make the server POST to any https address, one inside the
 * organization's network included. So an endpoint is accepted, and later posted to, only
 * when its host is a known push service's (or one the operator added with PUSH_HOSTS).
 *
 * An entry is a host (`fcm.googleapis.com`), or `*.` and a domain for any host under it (not
 * the domain itself), optionally with `:port` (or `:*` for any port). Without a port, only
 * the https default is accepted. An IP address matches only an entry that names it exactly.
 */

/** The push services of the browsers that have Web Push (Chrome, Edge, Firefox, Safari). */
export const DEFAULT_PUSH_HOSTS: readonly string[] = [
  // Chrome, and every Chromium browser that uses Google's service (Android's too).
  'fcm.googleapis.com',
  // Firefox (Mozilla's autopush).
  'updates.push.services.mozilla.com',
  '*.push.services.mozilla.com',
  // Edge on Windows (Windows Notification Service).
  '*.notify.windows.com',
  // Safari on macOS, iOS and iPadOS.
  'web.push.apple.com',
  '*.push.apple.com',
];

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const IPV4 = '\\d{1,3}(?:\\.\\d{1,3}){3}';
const ENTRY = new RegExp(
  `^(?:(\\*\\.)?(${LABEL}(?:\\.${LABEL})+)|(${IPV4})|(\\[[0-9a-f:.]+\\])|(localhost))(?::(\\d{1,5}|\\*))?$`,
);

interface HostRule {
  /** The host, or for a wildcard the domain with its leading dot (`.push.apple.com`). */
  host: string;
  wildcard: boolean;
  /** '' for the https default, '*' for any, else the port. */
  port: string;
}

/** One PUSH_HOSTS entry, lowercased; null when it is not a host pattern this rule reads. */
export function parsePushHost(entry: string): HostRule | null {
  const m = ENTRY.exec(entry.trim().toLowerCase());
  if (!m) return null;
  const [, star, name, ipv4, ipv6, local, port = ''] = m;
  if (port !== '' && port !== '*' && (Number(port) < 1 || Number(port) > 65535)) return null;
  const host = name ?? ipv4 ?? ipv6 ?? local ?? '';
  return star ? { host: `.${host}`, wildcard: true, port } : { host, wildcard: false, port };
}

/** The entries of a comma-separated PUSH_HOSTS, and the ones that are not host patterns. */
export function parsePushHosts(list: string): { hosts: string[]; bad: string[] } {
  const entries = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    hosts: entries.map((e) => e.toLowerCase()),
    bad: entries.filter((e) => parsePushHost(e) === null),
  };
}

const isIpLiteral = (host: string) => host.startsWith('[') || new RegExp(`^${IPV4}$`).test(host);

/**
 * Whether the server may post to this push endpoint: https, written in the canonical form
 * browsers use (lowercase host, no user name, no `:443`, no trailing dot or Unicode host,
 * each of which could make a rule and the resolver see different hosts), with a host one of
 * `hosts` names.
 */
export function pushEndpointAllowed(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return false;
  if (!endpoint.startsWith(`${url.origin}/`)) return false;
  const host = url.hostname;
  if (host.endsWith('.')) return false;
  const ip = isIpLiteral(host);
  return hosts.some((entry) => {
    const rule = parsePushHost(entry);
    if (!rule) return false;
    if (rule.port !== '*' && rule.port !== url.port) return false;
    if (rule.wildcard) return !ip && host.endsWith(rule.host) && host.length > rule.host.length;
    return host === rule.host;
  });
}
