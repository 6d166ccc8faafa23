import { Hono, type Context } from 'hono';
import {
  ZAssignmentMembersQuery,
  ZAssignmentsQuery,
  ZBulkInvite,
  ZJoinLinkSettings,
  ZJoinParam,
  ZCreateAssignment,
  ZCreateTeam,
  ZEditAssignment,
  ZTeamOverviewQuery,
  ZTeamProgressQuery,
  ZTeamReportQuery,
  ZInvitationParam,
  ZInvite,
  ZRenameTeam,
  ZRoleChange,
  ZTeamInvitationParam,
  ZTeamParam,
} from '../../../core/requests';
import type { Auth } from '../../auth/auth';
import type { Catalog } from '../../content/catalog';
import { requireUser } from '../../auth/session';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../http/env';
import { validate } from '../../http/validate';
import type { AuthCall } from './access';
import { activateTeam, createTeam, deleteTeam, listTeams, renameTeam, teamDetail } from './teams';
import { changeRole, leaveTeam, removeMember, soleOwnedTeams } from './members';
import {
  acceptInvitation,
  declineInvitation,
  invitationFor,
  invitationPreview,
  invite,
  inviteMany,
  revokeInvitation,
} from './invitations';
import {
  joinByLink,
  joinLinkPreview,
  regenerateJoinLink,
  setJoinLink,
  turnOffJoinLink,
} from './join-links';
import {
  assignableContent,
  assignmentMembers,
  createAssignment,
  deleteAssignment,
  editAssignment,
  myAssignments,
  teamAssignments,
} from './assignments';
import { teamOverview, teamProgress, teamProgressCsv } from './progress';

/**
 * /api/teams: teams, roles and invitations (docs/decisions/034-teams.md). These routes are
 * the only way in from a browser; Better Auth's own /api/auth/organization/* is closed.
 */
export function teamRoutes(db: Db, auth: Auth, catalog: Catalog, premiumLocked: boolean) {
  const call = (c: Context<AppEnv>): AuthCall => ({ auth, headers: c.req.raw.headers });
  const noStore = (c: Context<AppEnv>) => c.header('Cache-Control', 'no-store');
  return (
    new Hono<AppEnv>()
      .get('/', async (c) => {
        const user = requireUser(c);
        noStore(c);
        return c.json(await listTeams(db, user));
      })
      .post('/', validate('json', ZCreateTeam), async (c) => {
        const user = requireUser(c);
        return c.json(await createTeam(db, call(c), user, c.req.valid('json')), 201);
      })
      // What the signed-in user was assigned, in every team (before /:slug, as below).
      .get('/assignments', async (c) => {
        const user = requireUser(c);
        noStore(c);
        return c.json(await myAssignments(db, catalog, user));
      })
      // The teams the caller is the only owner of, and whom each could pass to (account deletion).
      .get('/owned', async (c) => {
        const user = requireUser(c);
        noStore(c);
        return c.json(await soleOwnedTeams(db, user.id));
      })
      // A join link: what it joins, to anyone holding it; joining, signed in.
      .get('/join/:token', validate('param', ZJoinParam), async (c) => {
        noStore(c);
        return c.json(await joinLinkPreview(db, c.req.valid('param').token));
      })
      .post('/join/:token', validate('param', ZJoinParam), async (c) => {
        const user = requireUser(c);
        return c.json(await joinByLink(db, call(c), user, c.req.valid('param').token));
      })
      // The invitation's facts for the signed-out page; the id is the mailbox's secret.
      .get('/invitations/:id/preview', validate('param', ZInvitationParam), async (c) => {
        noStore(c);
        return c.json(await invitationPreview(db, c.req.valid('param').id));
      })
      // Invitations, as their recipient sees them (before /:slug, which would match "invitations").
      .get('/invitations/:id', validate('param', ZInvitationParam), async (c) => {
        const user = requireUser(c);
        noStore(c);
        return c.json(await invitationFor(db, user, c.req.valid('param').id));
      })
      .post('/invitations/:id/accept', validate('param', ZInvitationParam), async (c) => {
        const user = requireUser(c);
        return c.json(await acceptInvitation(db, call(c), user, c.req.valid('param').id));
      })
      .post('/invitations/:id/decline', validate('param', ZInvitationParam), async (c) => {
        const user = requireUser(c);
        await declineInvitation(db, call(c), user, c.req.valid('param').id);
        return c.json({ ok: true });
      })
      .get('/:slug', validate('param', ZTeamParam), async (c) => {
        const user = requireUser(c);
        noStore(c);
        return c.json(await teamDetail(db, user, c.req.valid('param').slug));
      })
      .patch('/:slug', validate('param', ZTeamParam), validate('json', ZRenameTeam), async (c) => {
        const user = requireUser(c);
        await renameTeam(db, call(c), user, c.req.valid('param').slug, c.req.valid('json'));
        return c.json({ ok: true });
      })
      .delete('/:slug', validate('param', ZTeamParam), async (c) => {
        const user = requireUser(c);
        await deleteTeam(db, call(c), user, c.req.valid('param').slug);
        return c.json({ ok: true });
      })
      .post('/:slug/active', validate('param', ZTeamParam), async (c) => {
        const user = requireUser(c);
        await activateTeam(db, call(c), user, c.req.valid('param').slug);
        return c.json({ ok: true });
      })
      .post('/:slug/leave', validate('param', ZTeamParam), async (c) => {
        const user = requireUser(c);
        await leaveTeam(db, call(c), user, c.req.valid('param').slug);
        return c.json({ ok: true });
      })
      .post(
        '/:slug/invitations',
        validate('param', ZTeamParam),
        validate('json', ZInvite),
        async (c) => {
          const user = requireUser(c);
          const { slug } = c.req.valid('param');
          return c.json(await invite(db, call(c), user, slug, c.req.valid('json')), 201);
        },
      )
      .post(
        '/:slug/invitations/bulk',
        validate('param', ZTeamParam),
        validate('json', ZBulkInvite),
        async (c) => {
          const user = requireUser(c);
          const { slug } = c.req.valid('param');
          return c.json(await inviteMany(db, call(c), user, slug, c.req.valid('json')));
        },
      )
      .put(
        '/:slug/join-link',
        validate('param', ZTeamParam),
        validate('json', ZJoinLinkSettings),
        async (c) => {
          const user = requireUser(c);
          const { slug } = c.req.valid('param');
          return c.json(await setJoinLink(db, user, slug, c.req.valid('json')));
        },
      )
      .post('/:slug/join-link/regenerate', validate('param', ZTeamParam), async (c) => {
        const user = requireUser(c);
        return c.json(await regenerateJoinLink(db, user, c.req.valid('param').slug));
      })
      .delete('/:slug/join-link', validate('param', ZTeamParam), async (c) => {
        const user = requireUser(c);
        await turnOffJoinLink(db, user, c.req.valid('param').slug);
        return c.json({ ok: true });
      })
      .get(
        '/:slug/assignments',
        validate('param', ZTeamParam),
        validate('query', ZAssignmentsQuery),
        async (c) => {
          const user = requireUser(c);
          noStore(c);
          const { slug } = c.req.valid('param');
          const page = await teamAssignments(db, catalog, user, slug, c.req.valid('query'));
          return c.json({ ...page, assignable: assignableContent(catalog, premiumLocked) });
        },
      )
      // One assignment's members with their status, a page at a time (admins).
      .get(
        '/:slug/assignments/:id/members',
        validate('param', ZTeamInvitationParam),
        validate('query', ZAssignmentMembersQuery),
        async (c) => {
          const user = requireUser(c);
          noStore(c);
          const { slug, id } = c.req.valid('param');
          return c.json(await assignmentMembers(db, catalog, user, slug, id, c.req.valid('query')));
        },
      )
      .post(
        '/:slug/assignments',
        validate('param', ZTeamParam),
        validate('json', ZCreateAssignment),
        async (c) => {
          const user = requireUser(c);
          const { slug } = c.req.valid('param');
          return c.json(
            await createAssignment(db, catalog, user, slug, c.req.valid('json'), premiumLocked),
            201,
          );
        },
      )
      .patch(
        '/:slug/assignments/:id',
        validate('param', ZTeamInvitationParam),
        validate('json', ZEditAssignment),
        async (c) => {
          const user = requireUser(c);
          const { slug, id } = c.req.valid('param');
          await editAssignment(db, user, slug, id, c.req.valid('json'));
          return c.json({ ok: true });
        },
      )
      .delete('/:slug/assignments/:id', validate('param', ZTeamInvitationParam), async (c) => {
        const user = requireUser(c);
        const { slug, id } = c.req.valid('param');
        await deleteAssignment(db, user, slug, id);
        return c.json({ ok: true });
      })
      .get(
        '/:slug/progress',
        validate('param', ZTeamParam),
        validate('query', ZTeamReportQuery),
        async (c) => {
          const user = requireUser(c);
          noStore(c);
          const { slug } = c.req.valid('param');
          return c.json(await teamProgress(db, catalog, user, slug, c.req.valid('query')));
        },
      )
      // The team at a glance, from aggregates (admins).
      .get(
        '/:slug/progress/overview',
        validate('param', ZTeamParam),
        validate('query', ZTeamOverviewQuery),
        async (c) => {
          const user = requireUser(c);
          noStore(c);
          const { slug } = c.req.valid('param');
          return c.json(await teamOverview(db, catalog, user, slug, c.req.valid('query').tz));
        },
      )
      .get(
        '/:slug/progress.csv',
        validate('param', ZTeamParam),
        validate('query', ZTeamProgressQuery),
        async (c) => {
          const user = requireUser(c);
          const { slug } = c.req.valid('param');
          const { tz, target } = c.req.valid('query');
          // Streamed a page of members at a time (rights checked before the first byte).
          const csv = await teamProgressCsv(db, catalog, user, slug, tz, target);
          return c.body(csv, 200, {
            'Cache-Control': 'no-store',
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': `attachment; filename="${slug}-progress.csv"`,
          });
        },
      )
      .delete('/:slug/invitations/:id', validate('param', ZTeamInvitationParam), async (c) => {
        const user = requireUser(c);
        const { slug, id } = c.req.valid('param');
        await revokeInvitation(db, call(c), user, slug, id);
        return c.json({ ok: true });
      })
      .delete('/:slug/members/:id', validate('param', ZTeamInvitationParam), async (c) => {
        const user = requireUser(c);
        const { slug, id } = c.req.valid('param');
        await removeMember(db, call(c), user, slug, id);
        return c.json({ ok: true });
      })
      .patch(
        '/:slug/members/:id',
        validate('param', ZTeamInvitationParam),
        validate('json', ZRoleChange),
        async (c) => {
          const user = requireUser(c);
          const { slug, id } = c.req.valid('param');
          await changeRole(db, call(c), user, slug, id, c.req.valid('json'));
          return c.json({ ok: true });
        },
      )
  );
}
