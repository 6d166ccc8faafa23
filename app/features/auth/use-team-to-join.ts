import useSWR from 'swr';
import { matchRoute } from '../../../core/paths';
import { TEAM_NAME_MAX } from '../../../core/teams/teams';
import { shownName } from '../../../core/teams/onboarding';
import { api } from '../../lib/http-client';

/**
 * The team a sign-up opened from an invitation or a join link is for (`next` is that page):
 * its name and, for an invitation, who invited — as those pages show them. Null while
 * loading, when `next` is another page, or when the link no longer works.
 */
export function useTeamToJoin(next: string): { team: string; inviter: string | null } | null {
  const match = matchRoute(next.split(/[?#]/)[0] ?? '');
  const id = match?.route.id;
  const param =
    id === 'invitation' ? match?.params.id : id === 'teamJoin' ? match?.params.token : undefined;
  // Keys of its own: the team pages cache the previews themselves under their addresses.
  const { data } = useSWR(
    param ? ['team-to-join', id, param] : null,
    async () => {
      if (id === 'invitation') {
        const p = await (
          await api.teams.invitations[':id'].preview.$get({ param: { id: param! } })
        ).json();
        return p.status === 'pending'
          ? { team: p.teamName ?? 'the team you were invited to', inviter: p.inviterName }
          : null;
      }
      const p = await (await api.teams.join[':token'].$get({ param: { token: param! } })).json();
      return { team: shownName(p.teamName, TEAM_NAME_MAX) ?? 'the team', inviter: null };
    },
    { shouldRetryOnError: false },
  );
  return data ?? null;
}
