import useSWR, { mutate } from 'swr';
import type { TargetProfileId } from '../../../core/content/skill-ids';
import type {
  AssignmentMembersPage,
  MemberStatusFilter,
  TeamAssignmentsPage,
} from '../../../core/teams/assignments';
import type { ReportFilters, TeamOverview, TeamProgressPage } from '../../../core/teams/report';
import type {
  TCreateAssignment,
  TCreateTeam,
  TEditAssignment,
  TInvite,
  TJoinLinkSettings,
  TRenameTeam,
  TRoleChange,
} from '../../../core/requests';
import type {
  BulkInviteResult,
  InvitationPreview,
  InvitationView,
  InviteResult,
  JoinLinkPreview,
  TeamDetail,
} from '../../../core/teams/teams';
import { NO_FILTERS } from '../../../core/teams/report';
import { browserZone, inZone } from '../../lib/time-zone';
import { api, ApiError } from '../../lib/http-client';
import { MY_ASSIGNMENTS_KEY } from '../../data/assignments';
import { TEAMS_KEY } from '../../data/teams';

export { useTeams } from '../../data/teams';

// Teams: the signed-in user's teams, one team, and an invitation (server/features/teams).
// Every change revalidates what it changed; nothing here is optimistic, since each answer
// depends on rules only the server can check (roles, the last owner, the invited address).

const teamKey = (slug: string) => `/api/teams/${slug}`;
const invitationKey = (id: string) => `/api/teams/invitations/${id}`;
const assignmentsKey = (slug: string) => `/api/teams/${slug}/assignments`;

export function useTeam(slug: string, enabled: boolean) {
  return useSWR<TeamDetail>(enabled ? teamKey(slug) : null, async () =>
    (await api.teams[':slug'].$get({ param: { slug } })).json(),
  );
}

export function useInvitation(id: string, enabled: boolean) {
  return useSWR<InvitationView>(enabled ? invitationKey(id) : null, async () =>
    (await api.teams.invitations[':id'].$get({ param: { id } })).json(),
  );
}

/** What the invitation's mail said, for the signed-out page (anyone holding the link). */
export function useInvitationPreview(id: string, enabled: boolean) {
  return useSWR<InvitationPreview>(enabled ? `${invitationKey(id)}/preview` : null, async () =>
    (await api.teams.invitations[':id'].preview.$get({ param: { id } })).json(),
  );
}

/** The team a join link joins (anyone holding it). */
export function useJoinLink(token: string) {
  return useSWR<JoinLinkPreview>(`/api/teams/join/${token}`, async () =>
    (await api.teams.join[':token'].$get({ param: { token } })).json(),
  );
}

/** Joins the link's team; its slug. */
export async function joinByLink(token: string): Promise<string> {
  const { slug } = await (await api.teams.join[':token'].$post({ param: { token } })).json();
  await refresh(slug);
  return slug;
}

/** Turns the team's join link on, or changes its domain restriction. */
export async function setJoinLink(slug: string, body: TJoinLinkSettings): Promise<void> {
  await api.teams[':slug']['join-link'].$put({ param: { slug }, json: body });
  await refresh(slug);
}

/** A new join link; the old one stops working. */
export async function regenerateJoinLink(slug: string): Promise<void> {
  await api.teams[':slug']['join-link'].regenerate.$post({ param: { slug } });
  await refresh(slug);
}

export async function turnOffJoinLink(slug: string): Promise<void> {
  await api.teams[':slug']['join-link'].$delete({ param: { slug } });
  await refresh(slug);
}

/** A page of a team's assignments with their counts, and what can be assigned (admins). */
export function useTeamAssignments(slug: string, enabled: boolean, page = 1) {
  return useSWR<TeamAssignmentsPage>(
    enabled ? `${assignmentsKey(slug)}?page=${page}` : null,
    () =>
      inZone(async (tz) =>
        (
          await api.teams[':slug'].assignments.$get({
            param: { slug },
            query: { tz, page: String(page) },
          })
        ).json(),
      ),
    { keepPreviousData: true },
  );
}

/** Members per page under an assignment's "Status by member". */
const STATUS_PAGE = 20;

/** A page of the members an assignment is for, with their status (admins), on demand. */
export function useAssignmentMembers(
  slug: string,
  id: string,
  page: number,
  status: MemberStatusFilter | null,
  enabled: boolean,
) {
  return useSWR<AssignmentMembersPage>(
    enabled ? `${assignmentsKey(slug)}/${id}/members?page=${page}&status=${status ?? ''}` : null,
    () =>
      inZone(async (tz) =>
        (
          await api.teams[':slug'].assignments[':id'].members.$get({
            param: { slug, id },
            query: {
              tz,
              page: String(page),
              size: String(STATUS_PAGE),
              ...(status ? { status } : {}),
            },
          })
        ).json(),
      ),
    { keepPreviousData: true },
  );
}

/**
 * A page of the team progress report (admins: the members the sort and filters select; a
 * member: their own row), days in this zone.
 */
export function useTeamProgress(
  slug: string,
  target: TargetProfileId | null,
  page = 1,
  filters: ReportFilters = NO_FILTERS,
) {
  const query = {
    ...(target ? { target } : {}),
    page: String(page),
    sort: filters.sort,
    ...(filters.q ? { q: filters.q } : {}),
    ...(filters.overdue ? { overdue: '1' as const } : {}),
    ...(filters.below ? { below: '1' as const } : {}),
  };
  return useSWR<TeamProgressPage>(
    `/api/teams/${slug}/progress?${new URLSearchParams(query).toString()}`,
    () =>
      inZone(async (tz) =>
        (
          await api.teams[':slug'].progress.$get({ param: { slug }, query: { tz, ...query } })
        ).json(),
      ),
    { keepPreviousData: true },
  );
}

/** The team at a glance: its weeks, how members spread over the target, who needs attention. */
export function useTeamOverview(slug: string, enabled: boolean) {
  return useSWR<TeamOverview>(enabled ? `/api/teams/${slug}/progress/overview` : null, () =>
    inZone(async (tz) =>
      (await api.teams[':slug'].progress.overview.$get({ param: { slug }, query: { tz } })).json(),
    ),
  );
}

/** Where the CSV of the report downloads from (a plain link: the browser saves it). */
export const progressCsvHref = (slug: string, target: TargetProfileId | null) =>
  `/api/teams/${encodeURIComponent(slug)}/progress.csv?${new URLSearchParams({
    tz: browserZone(),
    ...(target ? { target } : {}),
  }).toString()}`;

/** Revalidates the list and, when named, one team's page and what hangs off it. */
const refresh = (slug?: string) =>
  Promise.all([
    mutate(TEAMS_KEY),
    mutate(MY_ASSIGNMENTS_KEY),
    slug ? mutate(teamKey(slug)) : null,
    slug ? mutate((key) => typeof key === 'string' && key.startsWith(assignmentsKey(slug))) : null,
    slug
      ? mutate((key) => typeof key === 'string' && key.startsWith(`/api/teams/${slug}/progress`))
      : null,
  ]);

export async function createAssignment(slug: string, body: TCreateAssignment): Promise<void> {
  await api.teams[':slug'].assignments.$post({ param: { slug }, json: body });
  await refresh(slug);
}

export async function editAssignment(slug: string, id: string, body: TEditAssignment) {
  await api.teams[':slug'].assignments[':id'].$patch({ param: { slug, id }, json: body });
  await refresh(slug);
}

export async function deleteAssignment(slug: string, id: string): Promise<void> {
  await api.teams[':slug'].assignments[':id'].$delete({ param: { slug, id } });
  await refresh(slug);
}

export async function createTeam(body: TCreateTeam): Promise<string> {
  const { slug } = await (await api.teams.$post({ json: body })).json();
  await refresh();
  return slug;
}

export async function makeActive(slug: string): Promise<void> {
  await api.teams[':slug'].active.$post({ param: { slug } });
  await refresh(slug);
}

/** Invites one address, or sends its open invitation's mail again; says whether a mail went out. */
export async function invite(slug: string, body: TInvite): Promise<InviteResult> {
  const res = await api.teams[':slug'].invitations.$post({ param: { slug }, json: body });
  const result: InviteResult = await res.json();
  await refresh(slug);
  return result;
}

/** Invites every pasted address; says what happened to each (BulkInviteResult). */
export async function inviteMany(
  slug: string,
  body: { emails: string; role: TInvite['role'] },
): Promise<BulkInviteResult> {
  const res = await api.teams[':slug'].invitations.bulk.$post({ param: { slug }, json: body });
  const result: BulkInviteResult = await res.json();
  await refresh(slug);
  return result;
}

export async function revokeInvitation(slug: string, id: string): Promise<void> {
  await api.teams[':slug'].invitations[':id'].$delete({ param: { slug, id } });
  await refresh(slug);
}

export async function changeRole(slug: string, memberId: string, body: TRoleChange) {
  await api.teams[':slug'].members[':id'].$patch({ param: { slug, id: memberId }, json: body });
  await refresh(slug);
}

export async function renameTeam(slug: string, body: TRenameTeam): Promise<void> {
  await api.teams[':slug'].$patch({ param: { slug }, json: body });
  await refresh(slug);
}

export async function removeMember(slug: string, memberId: string): Promise<void> {
  await api.teams[':slug'].members[':id'].$delete({ param: { slug, id: memberId } });
  await refresh(slug);
}

export async function leaveTeam(slug: string): Promise<void> {
  await api.teams[':slug'].leave.$post({ param: { slug } });
  await mutate(teamKey(slug), undefined, { revalidate: false });
  await refresh();
}

export async function deleteTeam(slug: string): Promise<void> {
  await api.teams[':slug'].$delete({ param: { slug } });
  await mutate(teamKey(slug), undefined, { revalidate: false });
  await refresh();
}

export async function answerInvitation(id: string, answer: 'accept' | 'decline') {
  const param = { param: { id } };
  if (answer === 'accept') {
    const { slug } = await (await api.teams.invitations[':id'].accept.$post(param)).json();
    await Promise.all([refresh(slug), mutate(invitationKey(id))]);
    return slug;
  }
  await api.teams.invitations[':id'].decline.$post(param);
  await Promise.all([refresh(), mutate(invitationKey(id))]);
  return null;
}

/** A failed call's message as the server worded it (it names the field or the rule). */
export function teamError(err: unknown): string {
  if (!(err instanceof ApiError)) return 'Something went wrong. Please try again.';
  return err.message.replace(/^Invalid request: (\w+: )?/, '');
}

export const ROLE_LABEL = { owner: 'Owner', admin: 'Admin', member: 'Member' } as const;

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long' });
/** "12 March" */
export const formatDay = (iso: string) => DAY.format(new Date(iso));
