/**
 * Every rate limit, in one place and one unit (milliseconds). The server counts them in the
 * database (server/auth/limits.ts; Better Auth's own for the sign-in routes), so they hold
 * across app servers; the app names some of them in its messages.
 */

/**
 * Per client address (IPv6 by its /64), on Better Auth's routes: sign-in and sign-up
 * attempts, reset and verification requests, password and email changes.
 */
export const AUTH_ROUTE_LIMITS = {
  '/sign-in/email': { windowMs: 60_000, max: 5 },
  '/sign-up/email': { windowMs: 60_000, max: 5 },
  '/request-password-reset': { windowMs: 60_000, max: 3 },
  '/send-verification-email': { windowMs: 60_000, max: 3 },
  '/reset-password': { windowMs: 60_000, max: 5 },
  // Signed in: a wrong current password also counts as a failed sign-in (SIGN_IN_FAILURES).
  '/change-password': { windowMs: 60_000, max: 5 },
  '/change-email': { windowMs: 60_000, max: 3 },
} as const;

/**
 * Sign-in failures for one email address, counted only when the password was wrong, so
 * no one can lock an owner out by trying: `perClient` from one client address (IPv6 by
 * its /64), and a looser `perAddress` over every client, which holds up only clients that
 * have already failed for that address. A guesser gets 5 tries per client per window; a
 * stranger with many machines cannot stop the owner signing in.
 */
export const SIGN_IN_FAILURES = { windowMs: 15 * 60_000, perClient: 5, perAddress: 20 };

/** Analytics writes take no sign-in: at most this many batches a minute per user or address. */
export const ANALYTICS_LIMIT = { windowMs: 60_000, max: 120 };

/**
 * Writing checks (POST /api/writing/check) a minute: a guest per client address (IPv6 by its
 * /64), a signed-in learner per account. The app checks a draft a second or so after typing
 * stops, so a learner writing stays well under either.
 */
export const WRITING_CHECK_LIMIT = { windowMs: 60_000, guest: 20, user: 120 } as const;

/**
 * Verification, reset and team-invitation mails one address receives per window. Past it the
 * request is answered as usual but sends nothing, so a stranger cannot block the owner's
 * reset: the links already sent keep working. (server/auth/limits.ts enforces it; the team
 * page names it when an invitation's mail is held back.)
 */
export const MAIL_LIMIT = { windowMs: 15 * 60_000, max: 3 };

/**
 * Team creation and invitations per hour (server/features/teams/teams.ts and invitations.ts
 * enforce them, counted in the database; past one the answer is 429 with Retry-After): teams
 * one account creates, invitations one account sends in all its teams together, and
 * invitations one team sends from all its owners and admins together. Each invitation also
 * counts against MAIL_LIMIT for its address.
 */
export const TEAM_LIMITS = {
  windowMs: 60 * 60_000,
  teamsPerUser: 3,
  invitationsPerUser: 30,
  invitationsPerTeam: 50,
  /** Teams one account joins by join links (server/features/teams/join-links.ts). */
  joinsPerUser: 10,
} as const;
