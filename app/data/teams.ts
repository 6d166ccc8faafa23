import useSWR from 'swr';
import type { TeamsOverview } from '../../core/teams/teams';
import { api } from '../lib/http-client';

// The signed-in user's teams, read by the Teams page and the profile page's reminders (one
// cached request for both); the teams' own queries and changes are
// app/features/teams/queries.ts.

export const TEAMS_KEY = '/api/teams';

/** The signed-in user's teams and the active one (nothing is fetched until `enabled`). */
export function useTeams(enabled: boolean) {
  return useSWR<TeamsOverview>(enabled ? TEAMS_KEY : null, async () =>
    (await api.teams.$get()).json(),
  );
}
