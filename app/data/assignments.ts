import useSWR from 'swr';
import type { MyAssignment } from '../../core/teams/assignments';
import type { TeamsOverview } from '../../core/teams/teams';
import { api } from '../lib/http-client';

// The signed-in user's assignments in all their teams, read by Today and the Teams pages, and
// their teams, read by the Teams page and the profile page's reminders (one cached request for
// both); the teams' own queries and changes are app/features/teams/queries.ts.

export const MY_ASSIGNMENTS_KEY = '/api/teams/assignments';

/** The signed-in user's assignments in all their teams (Today, the Teams page). */
export function useMyAssignments(enabled: boolean) {
  return useSWR<MyAssignment[]>(enabled ? MY_ASSIGNMENTS_KEY : null, async () =>
    (await api.teams.assignments.$get()).json(),
  );
}

export const TEAMS_KEY = '/api/teams';

/** The signed-in user's teams and the active one (the Teams page, the reminders' digest). */
export function useTeams(enabled: boolean) {
  return useSWR<TeamsOverview>(enabled ? TEAMS_KEY : null, async () =>
    (await api.teams.$get()).json(),
  );
}
