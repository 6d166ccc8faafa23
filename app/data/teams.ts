import useSWR from 'swr';
import type { TeamsOverview } from '../../core/teams/teams';
import { api } from '../lib/http-client';

// The signed-in user's teams and their role in each, read by the Teams page and the reminder
// settings (the team digest is for those who run a team); the teams' other queries and
// changes are app/features/teams/queries.ts.

export const TEAMS_KEY = '/api/teams';

/** The signed-in user's teams and the invitations sent to them. */
export function useTeams(enabled: boolean) {
  return useSWR<TeamsOverview>(enabled ? TEAMS_KEY : null, async () =>
    (await api.teams.$get()).json(),
  );
}
