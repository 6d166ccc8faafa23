import useSWR from 'swr';
import type { TeamsOverview } from '../../core/teams/teams';
import { api } from '../lib/http-client';

// The signed-in user's teams, read by the Teams page and the profile page's reminders (one
// cached request for both). Its own module, so the home page's first load does not carry it.

export const TEAMS_KEY = '/api/teams';

/** The signed-in user's teams and the active one (the Teams page, the reminders' digest). */
export function useTeams(enabled: boolean) {
  return useSWR<TeamsOverview>(enabled ? TEAMS_KEY : null, async () =>
    (await api.teams.$get()).json(),
  );
}
