/**
 * Teams: the rules the server enforces and the app shows. A team is Better Auth's
 * "organization"; these are its roles and the shape of what our /api/teams routes answer.
 */
import { slugify } from '../slug';
import type { TargetProfileId } from '../content/skill-ids';
import type { TeamRole } from './roles';

export { TEAM_ROLES, type TeamRole } from './roles';

/** Roles an invitation may offer: ownership is handed over to a member, never invited. */
export const INVITE_ROLES = ['member', 'admin'] as const;
export type InviteRole = (typeof INVITE_ROLES)[number];

export const TEAM_NAME_MIN = 2;
export const TEAM_NAME_MAX = 60;
export const TEAM_SLUG_MIN = 3;
export const TEAM_SLUG_MAX = 40;
/** Lower-case letters and digits in words joined by single hyphens: safe in any URL. */
export const TEAM_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Words a team's address cannot be: they name pages under /teams. */
export const RESERVED_TEAM_SLUGS: ReadonlySet<string> = new Set([
  'assignments',
  'invitations',
  'join',
  'new',
  'owned',
]);
/** How long an emailed invitation can be accepted. */
export const INVITATION_DAYS = 7;

/** Why a slug cannot be used, or null when it can (the server's rule, shown as you type). */
export function teamSlugProblem(slug: string): string | null {
  if (slug.length < TEAM_SLUG_MIN || slug.length > TEAM_SLUG_MAX)
    return `The address must be ${TEAM_SLUG_MIN}–${TEAM_SLUG_MAX} characters long.`;
  if (!TEAM_SLUG_PATTERN.test(slug))
    return 'Use lower-case letters and digits, with single hyphens between words.';
  if (RESERVED_TEAM_SLUGS.has(slug)) return `“${slug}” is reserved; please choose another.`;
  return null;
}

/** What a bulk invitation answers, address by address. */
export interface BulkInviteResult {
  invited: string[];
  /** Invited, but the per-address mail limit held its mail back for now. */
  invitedWithoutMail: string[];
  alreadyMembers: string[];
  alreadyInvited: string[];
  invalid: string[];
  /** Not invited because the hourly invitation limit was reached; `retryAfter` in seconds. */
  notSent: { emails: string[]; message: string; retryAfter: number } | null;
}

/**
 * A team's join link (off unless an owner or admin turns it on): a random token anyone with
 * the link can join by, optionally only with an address at one domain.
 */
export interface JoinLink {
  token: string;
  /** Lower-case domain (acme.example), or null for any address. */
  emailDomain: string | null;
  createdAt: string;
}

/** Join link tokens: 32 random URL-safe characters (192 bits). */
export const JOIN_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** What the join link page shows before joining (anyone holding the link may read it). */
export interface JoinLinkPreview {
  teamName: string;
  members: number;
  emailDomain: string | null;
  /** The owner's name as an invitation shows an inviter's (shownName), or null. */
  ownerName: string | null;
}

/** What the signed-out invitation page shows: the mail's facts, no more. */
export interface InvitationPreview {
  teamName: string | null;
  inviterName: string | null;
  inviterEmail: string;
  email: string;
  role: InviteRole;
  status: InvitationView['status'];
  expiresAt: string;
}

/** A team the account is the only owner of, and whom it could pass to (account deletion). */
export interface OwnedTeam {
  slug: string;
  name: string;
  /** The other members, longest-standing first; empty when the owner is alone in it. */
  others: { userId: string; name: string; email: string; role: TeamRole }[];
  /** Open invitations, which stay valid under the new owner. */
  pendingInvitations: number;
}

/** What happens to one owned team when its owner's account is deleted. */
export type OwnedTeamDecision =
  { slug: string; action: 'hand-over'; to: string } | { slug: string; action: 'delete' };

/** A suggested slug for a team name: "Acme Learning Team" → "acme-learning-team". */
export function slugFromName(name: string): string {
  return slugify(name, TEAM_SLUG_MAX);
}

/** Who may do what in a team (Better Auth's organization plugin enforces the same). */
export { canManageTeam } from './roles';
/**
 * Whether someone of role `actor` may give someone of role `target` the role `to`: owners
 * anything; admins may not touch an owner nor make one.
 */
export const canChangeRole = (actor: TeamRole, target: TeamRole, to: TeamRole) =>
  actor === 'owner' || (actor === 'admin' && target !== 'owner' && to !== 'owner');
/**
 * Whether someone of role `actor` may remove a member of role `target` from the team: owners
 * anyone (the plugin keeps the last owner), admins anyone but an owner, as with roles.
 * Nobody removes themselves: they leave.
 */
export const canRemoveMember = (actor: TeamRole, target: TeamRole) =>
  actor === 'owner' || (actor === 'admin' && target !== 'owner');

/**
 * What a team's admins see about a member, said at joining (the invitation page) and on
 * the team page; fellow members see only the name, email address and role. The team
 * progress report (server/features/teams/progress.ts) shows exactly this; change both.
 */
export const ADMINS_SEE =
  'your name, email address and role; your points per week and daily-goal streak; your ' +
  'grammar topic scores; the status of the work they assign you; and your skills ' +
  'self-ratings against a target profile';

/** What a team never sees about its members, said beside ADMINS_SEE. */
export const ADMINS_NEVER_SEE = 'your writing, recordings and doodles, or anything else you do';

/**
 * What inviting answers: the invitation, and whether its mail went out. Past MAIL_LIMIT
 * (core/constants.ts) for the address the invitation is still open and `mailWait` says in
 * how many minutes a mail can be sent again.
 */
export type InviteResult = { id: string } & (
  { mailed: true } | { mailed: false; mailWait: number }
);

export interface TeamSummary {
  id: string;
  name: string;
  slug: string;
  role: TeamRole;
  members: number;
  active: boolean;
}

export interface ReceivedInvitation {
  id: string;
  teamName: string;
  inviterName: string;
  role: InviteRole;
  expiresAt: string;
}

export interface TeamsOverview {
  teams: TeamSummary[];
  /** Pending invitations sent to the signed-in user's address. */
  invitations: ReceivedInvitation[];
}

/**
 * A member as the team page shows them. Owners and admins get every field of everyone; a
 * member gets only the name, email address and role of the others (all fields of their own).
 */
export interface TeamMember {
  /** The membership's id (what role changes and removals name). */
  id?: string;
  userId?: string;
  name: string;
  email: string;
  role: TeamRole;
  joinedAt?: string;
}

export interface SentInvitation {
  id: string;
  email: string;
  role: InviteRole;
  inviterName: string;
  expiresAt: string;
}

export interface TeamDetail {
  id: string;
  name: string;
  slug: string;
  createdAt: string;
  myRole: TeamRole;
  myMemberId: string;
  active: boolean;
  members: TeamMember[];
  /** Pending invitations; only owners and admins get them (empty for members). */
  invitations: SentInvitation[];
  /** The join link when it is on; only owners and admins get it (null for members). */
  joinLink: JoinLink | null;
}

export interface InvitationView {
  id: string;
  teamName: string;
  teamSlug: string;
  inviterName: string;
  inviterEmail: string;
  email: string;
  role: InviteRole;
  status: 'pending' | 'accepted' | 'rejected' | 'canceled' | 'expired';
  expiresAt: string;
}

/** Weeks of points the team progress report shows. */
export const PROGRESS_WEEKS = 8;

/** One member in the team progress report (what ADMINS_SEE names). */
export interface MemberProgress {
  userId: string;
  name: string;
  email: string;
  role: TeamRole;
  /** Points per 7-day week, oldest first, the last week ending today. */
  pointsByWeek: number[];
  goal: { goal: number; streak: number; metToday: boolean };
  /** Topic quiz scores: how many topics scored, how many above the mark, their mean. */
  topics: { scored: number; strong: number; average: number | null };
  assignments: { assigned: number; done: number; overdue: number };
  /**
   * Self-ratings against a target profile: the member's own (from their profession) unless
   * an admin chose one for everyone; null without skills content.
   */
  skills: {
    /** The target profile these figures are measured against. */
    target: { id: TargetProfileId; name: string };
    rated: number;
    atTarget: number;
    of: number;
    biggestGap: { skill: string; score: number; target: number } | null;
  } | null;
}

export interface TeamProgress {
  timeZone: string;
  today: string;
  weeks: { start: string; end: string }[];
  /** The target profiles an admin may compare everyone with. */
  targets: { id: TargetProfileId; name: string }[];
  /** The profile chosen for everyone, or null: each member against their own target. */
  target: TargetProfileId | null;
  members: MemberProgress[];
}
