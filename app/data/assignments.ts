import useSWR from 'swr';
import type { MyAssignment } from '../../core/teams/assignments';
import { api } from '../lib/http-client';

// The signed-in user's assignments in all their teams, read by Today and the Teams pages; their
// teams are app/data/teams.ts, and the teams' own queries and changes app/features/teams/queries.ts.

export const MY_ASSIGNMENTS_KEY = '/api/teams/assignments';

/** The signed-in user's assignments in all their teams (Today, the Teams page). */
export function useMyAssignments(enabled: boolean) {
  return useSWR<MyAssignment[]>(enabled ? MY_ASSIGNMENTS_KEY : null, async () =>
    (await api.teams.assignments.$get()).json(),
  );
}
