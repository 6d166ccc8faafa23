/** A member's role in a team (Better Auth's organization plugin's roles). */
export const TEAM_ROLES = ['owner', 'admin', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/**
 * Who runs a team: its owners and admins (Better Auth's organization plugin enforces the
 * same). A module of its own, so the reminder settings can ask without the rest of teams.ts.
 */
export const canManageTeam = (role: TeamRole) => role === 'owner' || role === 'admin';
