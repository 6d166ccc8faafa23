/**
 * The links a learner shows on their profile: how many, how long, what counts as one, and
 * which well-known site a link points to. Free of zod, so the profile page checks each field
 * by the same rule the server's `ZProfilePatch` applies (core/account/profile.ts).
 */

export const MAX_LINKS = 5;
export const MAX_LINK_LENGTH = 300;

/** A host name with a dot ("linkedin.com", "ana.example.co.uk"), then a path, query or nothing. */
const BARE_DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/**
 * `text` trimmed, with "https://" put in front when it reads as a domain without a scheme
 * ("linkedin.com/in/ana"); anything else as typed, for linkProblem to judge.
 */
export function normalizeLink(text: string): string {
  const link = text.trim();
  return BARE_DOMAIN.test(link) ? `https://${link}` : link;
}

/** Why `text` (trimmed) cannot be a profile link, worded for the field it was typed in; null when it can. */
export function linkProblem(text: string): string | null {
  const link = text.trim();
  if (link.length > MAX_LINK_LENGTH) return `A link can be at most ${MAX_LINK_LENGTH} characters.`;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return 'Enter a full web address, starting with https://';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return 'Links must start with http:// or https://';
  return null;
}

/** Sites people link from a work profile, by host (a subdomain counts: uk.linkedin.com). */
const SITES: readonly (readonly [host: string, name: string])[] = [
  ['linkedin.com', 'LinkedIn'],
  ['github.com', 'GitHub'],
  ['gitlab.com', 'GitLab'],
  ['x.com', 'X'],
  ['twitter.com', 'X'],
  ['youtube.com', 'YouTube'],
  ['youtu.be', 'YouTube'],
  ['medium.com', 'Medium'],
  ['substack.com', 'Substack'],
  ['behance.net', 'Behance'],
  ['dribbble.com', 'Dribbble'],
  ['stackoverflow.com', 'Stack Overflow'],
  ['instagram.com', 'Instagram'],
  ['facebook.com', 'Facebook'],
  ['mastodon.social', 'Mastodon'],
  ['bsky.app', 'Bluesky'],
];

/** The well-known site a link points to ("LinkedIn"), or null for any other address. */
export function siteOf(link: string): string | null {
  let host: string;
  try {
    host = new URL(link.trim()).hostname.toLowerCase();
  } catch {
    return null;
  }
  const found = SITES.find(([h]) => host === h || host.endsWith(`.${h}`));
  return found ? found[1] : null;
}
