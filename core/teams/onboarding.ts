import { NAME_FORBIDDEN } from '../account/name-characters';
import { TEAM_NAME_MAX, TEAM_NAME_MIN } from './teams';

/**
 * Joining a team (docs/decisions/040-team-onboarding.md): a team's name rule and which names
 * an invitation may show, addresses pasted in one box, and the join link's domain. Apart
 * from teams.ts, which the route table (and so every page's first load) imports.
 */

/** Why a team name cannot be used (after trimming), or null when it can: the server's rule. */
export function teamNameProblem(name: string): string | null {
  const length = name.trim().length;
  if (length < TEAM_NAME_MIN)
    return `Give the team a name of at least ${TEAM_NAME_MIN} characters.`;
  if (length > TEAM_NAME_MAX) return `The team name can be at most ${TEAM_NAME_MAX} characters.`;
  if (NAME_FORBIDDEN.test(name))
    return 'A team name cannot contain line breaks, control or text-direction characters.';
  if (LINK_LIKE.test(name))
    return 'A team name cannot contain a web address or a domain name (like example.com).';
  return null;
}

/**
 * Text a mail client or a reader would take for a link: a scheme (https://, mailto:), www.,
 * or a dotted name ending in letters (example.com, paypal.co.uk; also with full-width dots).
 * Names that travel in our mails and on the invitation page must not carry one
 * (docs/decisions/040-team-onboarding.md).
 */
const LINK_LIKE =
  /(?:[a-z][a-z0-9+.-]*:\/\/|\b(?:mailto|javascript|data):|www[.\uff0e\u3002\uff61]|[\p{L}\p{N}][\p{L}\p{N}-]*[.\uff0e\u3002\uff61]\p{L}{2,}(?![\p{L}\p{N}]))/iu;

/** How much of an inviter's name an invitation shows (their confirmed address always follows). */
export const INVITER_NAME_SHOWN = 40;

/**
 * A name someone typed (a team's, an inviter's) as an invitation mail or page may show it:
 * trimmed and cut to `max` characters, or null when it holds control or direction
 * characters or looks like a link — the caller then shows what we vouch for instead (the
 * inviter's confirmed address, "a team").
 */
export function shownName(name: string, max: number): string | null {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  if (trimmed.length === 0 || NAME_FORBIDDEN.test(name) || LINK_LIKE.test(trimmed)) return null;
  const chars = Array.from(trimmed);
  return chars.length <= max
    ? trimmed
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

/** How many addresses one bulk invitation takes; more is 400. */
export const BULK_INVITE_MAX = 100;

/** Addresses pasted in one box, split on commas, semicolons, spaces and line breaks; no repeats. */
export function splitAddressList(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of text.split(/[\s,;]+/)) {
    // "Ana <ana@acme.example>" as mail clients copy it: keep the address.
    const address = raw.replace(/^<|>$/g, '').trim();
    const key = address.toLowerCase();
    if (address && !seen.has(key)) {
      seen.add(key);
      out.push(address);
    }
  }
  return out;
}

/** A domain for the join link's restriction, or why not: lower-case, dotted, no @. */
export function joinDomainProblem(domain: string): string | null {
  if (
    !/^(?=.{3,253}$)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/.test(
      domain,
    )
  )
    return 'Enter a domain like acme.example, without @ or spaces.';
  return null;
}

/**
 * Why a signed-in user cannot join by a link restricted to `domain`, or null when they can:
 * their address must be at that domain and confirmed (the restriction means something only
 * for an address its holder has shown to be theirs). The server's rule and the join page's.
 */
export function joinDomainBlock(
  user: { email: string; emailVerified: boolean },
  domain: string,
): 'wrong-domain' | 'unconfirmed' | null {
  const at = user.email.lastIndexOf('@');
  if (at < 0 || user.email.slice(at + 1).toLowerCase() !== domain) return 'wrong-domain';
  return user.emailVerified ? null : 'unconfirmed';
}
