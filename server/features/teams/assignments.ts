import { sql, type Expression, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import { randomUUID } from 'node:crypto';
import {
  ASSIGNMENT_KINDS,
  DEEP_DIVE_CONTENT_ID,
  MAX_TEAM_ASSIGNMENTS,
  assignmentStatus,
  isOverdue,
  type AssignableContent,
  type AssignmentKind,
  type AssignmentStatus,
  type AssignmentView,
  type MyAssignment,
  type PartProgress,
  type AssignmentMembersPage,
  type TeamAssignmentsPage,
} from '../../../core/teams/assignments';
import { TOPIC_SCORE_THRESHOLD, type InterviewType } from '../../../core/constants';
import type { DayKey } from '../../../core/dates';
import { zoneDayKey } from '../../../core/progress/dashboard';
import { isStrongScore } from '../../../core/grammar/scoring';
import { deepDiveQuestionId } from '../../../core/grammar/results';
import { GRAMMAR_GROUPS } from '../../../core/grammar/topics';
import { INTERVIEW_TYPE_TITLES } from '../../../core/items/interviews';
import type { ItemKind } from '../../../core/items/items';
import type {
  TAssignmentMembersQuery,
  TCreateAssignment,
  TEditAssignment,
} from '../../../core/requests';
import { isPostgres } from '../../db/prepared';
import type { SessionUser } from '../../auth/session';
import type { Catalog } from '../../content/catalog';
import type { Db } from '../../db/client';
import type { TeamAssignmentTable } from '../../db/schema';
import { AppError, invalidArgument, notFound, permissionDenied } from '../../http/errors';
import { requireManager, requireMembership } from './access';
import { assignedTo } from './members';

/** What an assignment names, and the parts its status is counted from. */
interface Resolved {
  title: string;
  href: string;
  /** Item records it is counted from; none for a topic or the deep dive. */
  items: { kind: ItemKind; id: string }[];
}

/**
 * An assignment's content from the catalog: its title, its page and its parts; null when
 * the content does not exist (or left the content since it was assigned).
 */
export function resolveContent(
  catalog: Catalog,
  kind: AssignmentKind,
  id: string,
): Resolved | null {
  const item = catalog.item(kind, id);
  return item && { title: item.title, href: item.href, items: PARTS[kind](catalog, id) };
}

/** What a member works through for each kind: the items whose records say it is done. */
const PARTS: Record<AssignmentKind, (catalog: Catalog, id: string) => Resolved['items']> = {
  topic: () => [],
  'deep-dive': () => [],
  'word-set': (catalog, id) =>
    (catalog.vocabulary.setById.get(id)?.words ?? []).map((w) => ({
      kind: 'word' as const,
      id: w.id,
    })),
  prompt: (_, id) => [{ kind: 'prompt', id }],
  insight: (_, id) => [{ kind: 'insight', id }],
  activity: (_, id) => [{ kind: 'activity', id }],
  'interview-list': (catalog, id) =>
    (Object.hasOwn(catalog.interviews.byType, id)
      ? catalog.interviews.byType[id as InterviewType]
      : []
    ).map((q) => ({
      kind: 'interview' as const,
      id: q.id,
    })),
};

/** Whether an item is premium on a server that keeps premium locked (core/content/access.ts). */
const lockedPremium = (catalog: Catalog, premiumLocked: boolean, kind: ItemKind, id: string) =>
  premiumLocked && catalog.premiumIds[kind].has(id);

/**
 * Everything an admin may assign, grouped by kind. Premium items are left out where they
 * are locked: members without the paid tier could not open them.
 */
export function assignableContent(catalog: Catalog, premiumLocked: boolean): AssignableContent[] {
  const free = (kind: ItemKind, id: string) => !lockedPremium(catalog, premiumLocked, kind, id);
  return [
    // In the grammar menu's order, under its groups.
    ...GRAMMAR_GROUPS.flatMap((g) =>
      g.sub.flatMap((t) => {
        const topic = catalog.grammar.topics.get(t.path);
        return topic
          ? [{ kind: 'topic' as const, id: t.path, title: topic.title, group: g.name }]
          : [];
      }),
    ),
    { kind: 'deep-dive', id: DEEP_DIVE_CONTENT_ID, title: 'The grammar deep dive' },
    ...catalog.vocabulary.sets.map((s) => ({
      kind: 'word-set' as const,
      id: s.id,
      title: s.title,
    })),
    ...catalog.prompts
      .filter((p) => free('prompt', p.id))
      .map((p) => ({ kind: 'prompt' as const, id: p.id, title: p.title })),
    ...catalog.insights
      .filter((i) => free('insight', i.id))
      .map((i) => ({ kind: 'insight' as const, id: i.id, title: i.title })),
    ...(Object.keys(catalog.interviews.byType) as (keyof typeof INTERVIEW_TYPE_TITLES)[]).map(
      (t) => ({ kind: 'interview-list' as const, id: t, title: INTERVIEW_TYPE_TITLES[t] }),
    ),
    ...catalog.activities
      .filter((a) => free('activity', a.id))
      .map((a) => ({ kind: 'activity' as const, id: a.id, title: a.title })),
  ];
}

type AssignmentRow = Selectable<TeamAssignmentTable>;

/** Rows whose content still exists, with what they resolve to. */
function resolveRows(catalog: Catalog, rows: readonly AssignmentRow[]) {
  return rows.flatMap((row) => {
    const kind = row.kind as AssignmentKind;
    const content = ASSIGNMENT_KINDS.includes(kind)
      ? resolveContent(catalog, kind, row.content_id)
      : null;
    return content ? [{ row, kind, content }] : [];
  });
}
export type ResolvedRow = ReturnType<typeof resolveRows>[number];

function view({ row, kind, content }: ResolvedRow, creators: Map<string, string>): AssignmentView {
  return {
    id: row.id,
    kind,
    contentId: row.content_id,
    title: content.title,
    href: content.href,
    dueOn: row.due_on,
    note: row.note,
    everyone: row.everyone === 1,
    createdAt: row.created_at,
    createdBy: row.created_by ? (creators.get(row.created_by) ?? null) : null,
  };
}

/** Per member, what the app already records that assignments are counted from. */
interface Facts {
  topicScores: Map<string, number>;
  deepDiveAnswered: Map<string, number>;
  items: Map<string, { done: boolean; started: boolean }>;
}

const factKey = (...parts: string[]) => parts.join('\u0000');

/** Three statements at most, whatever the number of members and assignments. */
async function gatherFacts(
  db: Db,
  catalog: Catalog,
  userIds: readonly string[],
  resolved: readonly ResolvedRow[],
): Promise<Facts> {
  const facts: Facts = { topicScores: new Map(), deepDiveAnswered: new Map(), items: new Map() };
  if (userIds.length === 0 || resolved.length === 0) return facts;
  const topics = [
    ...new Set(resolved.filter((r) => r.kind === 'topic').map((r) => r.row.content_id)),
  ];
  const deepDive = resolved.some((r) => r.kind === 'deep-dive');
  const itemIds = [...new Set(resolved.flatMap((r) => r.content.items.map((i) => i.id)))];
  const [scores, answered, items] = await Promise.all([
    topics.length === 0
      ? []
      : db
          .selectFrom('topic_score')
          .select(['user_id', 'topic_id', 'score'])
          .where('user_id', 'in', userIds)
          .where('topic_id', 'in', topics)
          .execute(),
    !deepDive
      ? []
      : db
          .selectFrom('grammar_answer')
          .select(['user_id', db.fn.countAll<number | string>().as('n')])
          .where('user_id', 'in', userIds)
          .where(
            'question_id',
            'in',
            catalog.grammar.deepDive.map((q) => deepDiveQuestionId(q.id)),
          )
          .groupBy('user_id')
          .execute(),
    itemIds.length === 0
      ? []
      : db
          .selectFrom('user_item')
          .select(['user_id', 'kind', 'item_id', 'completed_at', 'visits', 'status'])
          .where('user_id', 'in', userIds)
          .where('item_id', 'in', itemIds)
          .execute(),
  ]);
  for (const s of scores) facts.topicScores.set(factKey(s.user_id, s.topic_id), Number(s.score));
  for (const a of answered) facts.deepDiveAnswered.set(a.user_id, Number(a.n));
  for (const i of items)
    facts.items.set(factKey(i.user_id, i.kind, i.item_id), {
      done: i.completed_at !== null,
      started: i.visits > 0 || i.status !== null || i.completed_at !== null,
    });
  return facts;
}

function statusOf(
  catalog: Catalog,
  facts: Facts,
  userId: string,
  r: ResolvedRow,
): { status: AssignmentStatus; done: number; of: number } {
  let parts: PartProgress[];
  if (r.kind === 'topic') {
    const score = facts.topicScores.get(factKey(userId, r.row.content_id));
    parts = [{ done: score !== undefined && isStrongScore(score), started: score !== undefined }];
  } else if (r.kind === 'deep-dive') {
    const answered = facts.deepDiveAnswered.get(userId) ?? 0;
    parts = catalog.grammar.deepDive.map((_, i) => ({ done: i < answered, started: i < answered }));
  } else {
    parts = r.content.items.map(
      (i) => facts.items.get(factKey(userId, i.kind, i.id)) ?? { done: false, started: false },
    );
  }
  return {
    status: assignmentStatus(parts),
    done: parts.filter((p) => p.done).length,
    of: parts.length,
  };
}

async function creatorNames(db: Db, rows: readonly ResolvedRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.flatMap((r) => (r.row.created_by ? [r.row.created_by] : [])))];
  if (ids.length === 0) return new Map();
  const users = await db.selectFrom('user').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(users.map((u) => [u.id, u.name]));
}

/** Who of `members` each assignment is for: all of them, or those chosen. */
async function audiences(
  db: Db,
  rows: readonly ResolvedRow[],
  members: readonly string[],
): Promise<Map<string, string[]>> {
  const chosen = rows.filter((r) => r.row.everyone !== 1).map((r) => r.row.id);
  const picks =
    chosen.length === 0
      ? []
      : await db
          .selectFrom('team_assignment_member')
          .select(['assignment_id', 'user_id'])
          .where('assignment_id', 'in', chosen)
          .where('user_id', 'in', members)
          .execute();
  const picked = new Set(picks.map((p) => factKey(p.assignment_id, p.user_id)));
  return new Map(
    rows.map((r) => [
      r.row.id,
      r.row.everyone === 1 ? [...members] : members.filter((m) => picked.has(factKey(r.row.id, m))),
    ]),
  );
}

async function teamRows(db: Db, teamId: string): Promise<AssignmentRow[]> {
  return db
    .selectFrom('team_assignment')
    .selectAll()
    .where('team_id', '=', teamId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** A team's assignments whose content still exists, newest first (at most 100). */
export async function teamAssignmentRows(
  db: Db,
  catalog: Catalog,
  teamId: string,
): Promise<ResolvedRow[]> {
  return resolveRows(catalog, await teamRows(db, teamId));
}

const never = sql<SqlBool>`1 = 0`;

/**
 * The status rule (statusOf, core's assignmentStatus) as SQL about the member whose id is
 * `user`, so the database counts, filters and sorts members by it without reading their
 * records into the server: whether the assignment is for them, started, done. Each is an
 * index lookup per member (topic_score, grammar_answer, user_item and
 * team_assignment_member keys).
 */
function assignmentSql(catalog: Catalog, r: ResolvedRow, user: Expression<string>) {
  const forThem: Expression<SqlBool> =
    r.row.everyone === 1
      ? sql<SqlBool>`1 = 1`
      : sql<SqlBool>`exists (select 1 from team_assignment_member tam where tam.assignment_id = ${r.row.id} and tam.user_id = ${user})`;
  let done: Expression<SqlBool> = never;
  let started: Expression<SqlBool> = never;
  if (r.kind === 'topic') {
    const scored = sql`select 1 from topic_score ts where ts.user_id = ${user} and ts.topic_id = ${r.row.content_id}`;
    // isStrongScore: above the mark.
    done = sql<SqlBool>`exists (${scored} and ts.score > ${TOPIC_SCORE_THRESHOLD})`;
    started = sql<SqlBool>`exists (${scored})`;
  } else if (r.kind === 'deep-dive') {
    const ids = catalog.grammar.deepDive.map((q) => deepDiveQuestionId(q.id));
    if (ids.length > 0) {
      const answered = sql`from grammar_answer ga where ga.user_id = ${user} and ga.question_id in (${sql.join(ids)})`;
      done = sql<SqlBool>`(select count(*) ${answered}) >= ${ids.length}`;
      started = sql<SqlBool>`exists (select 1 ${answered})`;
    }
  } else {
    const ids = [...new Set(r.content.items.map((i) => i.id))];
    const kind = r.content.items[0]?.kind;
    if (ids.length > 0 && kind) {
      const items = sql`from user_item ui where ui.user_id = ${user} and ui.kind = ${kind} and ui.item_id in (${sql.join(ids)})`;
      done = sql<SqlBool>`(select count(*) ${items} and ui.completed_at is not null) >= ${ids.length}`;
      started = sql<SqlBool>`exists (select 1 ${items} and (ui.visits > 0 or ui.status is not null or ui.completed_at is not null))`;
    }
  }
  return { forThem, done, started };
}

/** Whether an assignment's due date has passed (isOverdue for a member not done). */
const pastDue = (r: ResolvedRow, today: DayKey) => isOverdue(r.row.due_on, 'not-started', today);

/**
 * How many of `rows` the member `user` has past their due date and not done, as SQL (0
 * when none is due before `today`).
 */
export function overdueCountSql(
  catalog: Catalog,
  rows: readonly ResolvedRow[],
  user: Expression<string>,
  today: DayKey,
): RawBuilder<number> {
  const due = rows.filter((r) => pastDue(r, today));
  if (due.length === 0) return sql<number>`0`;
  return sql<number>`(${sql.join(
    due.map((r) => {
      const { forThem, done } = assignmentSql(catalog, r, user);
      return sql`case when ${forThem} and not ${done} then 1 else 0 end`;
    }),
    sql` + `,
  )})`;
}

/**
 * A page of the team's assignments (admins only), each with how many members it is for,
 * how many are done and how many are overdue: counted by the database in one statement
 * for the page, without reading any member's records into the server.
 */
export async function teamAssignments(
  db: Db,
  catalog: Catalog,
  user: SessionUser,
  slug: string,
  { page, size, tz }: { page: number; size: number; tz: string },
): Promise<Omit<TeamAssignmentsPage, 'assignable'>> {
  const me = await requireMembership(db, slug, user.id);
  requireManager(me);
  const all = await teamAssignmentRows(db, catalog, me.teamId);
  const onPage = all.slice((page - 1) * size, page * size);
  const today = zoneDayKey(new Date(), tz);
  const [creators, tallies] = await Promise.all([
    creatorNames(db, onPage),
    onPage.length === 0 ? [] : tally(db, catalog, me.teamId, onPage, today),
  ]);
  return {
    assignments: onPage.map((r, i) => ({ ...view(r, creators), ...tallies[i]! })),
    total: all.length,
    page,
    size,
  };
}

/** Per assignment: the members it is for, how many are done, how many overdue. */
async function tally(
  db: Db,
  catalog: Catalog,
  teamId: string,
  rows: readonly ResolvedRow[],
  today: DayKey,
): Promise<{ audience: number; done: number; overdue: number }[]> {
  const user = sql.ref<string>('m.userId');
  const counts = rows.flatMap((r, i) => {
    const { forThem, done } = assignmentSql(catalog, r, user);
    return [
      sql<number | string>`sum(case when ${forThem} then 1 else 0 end)`.as(`a${i}`),
      sql<number | string>`sum(case when ${forThem} and ${done} then 1 else 0 end)`.as(`d${i}`),
    ];
  });
  const row: Record<string, unknown> = await db
    .selectFrom('member as m')
    .select(counts)
    .where('m.organizationId', '=', teamId)
    .executeTakeFirstOrThrow();
  return rows.map((r, i) => {
    const audience = Number(row[`a${i}`] ?? 0);
    const done = Number(row[`d${i}`] ?? 0);
    return { audience, done, overdue: pastDue(r, today) ? audience - done : 0 };
  });
}

/**
 * A page of the members one assignment is for (admins only), by name, with their status;
 * `status` keeps one status (or the overdue ones) and `q` a name or address. The filters
 * run in the database; only the page's members' records are read.
 */
export async function assignmentMembers(
  db: Db,
  catalog: Catalog,
  user: SessionUser,
  slug: string,
  id: string,
  query: TAssignmentMembersQuery,
): Promise<AssignmentMembersPage> {
  const me = await requireMembership(db, slug, user.id);
  requireManager(me);
  const row = await db
    .selectFrom('team_assignment')
    .selectAll()
    .where('id', '=', id)
    .where('team_id', '=', me.teamId)
    .executeTakeFirst();
  const [r] = row ? resolveRows(catalog, [row]) : [];
  if (!r) throw notFound('This team has no assignment with this id.');
  const today = zoneDayKey(new Date(), query.tz);
  const { forThem, done, started } = assignmentSql(catalog, r, sql.ref<string>('m.userId'));
  const { status } = query;
  const filtered = db
    .selectFrom('member as m')
    .innerJoin('user as u', 'u.id', 'm.userId')
    .where('m.organizationId', '=', me.teamId)
    .where(forThem)
    .$if(query.q !== '', (q) => q.where(matchesSearch(query.q)))
    .$if(status === 'done', (q) => q.where(done))
    .$if(status === 'in-progress', (q) => q.where(started).where(sql<SqlBool>`not ${done}`))
    .$if(status === 'not-started', (q) => q.where(sql<SqlBool>`not ${started}`))
    .$if(status === 'overdue', (q) =>
      q.where(pastDue(r, today) ? sql<SqlBool>`not ${done}` : never),
    );
  const [count, people] = await Promise.all([
    filtered.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    filtered
      .select(['m.userId', 'u.name'])
      .orderBy('u.name')
      .orderBy('m.id')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute(),
  ]);
  const ids = people.map((p) => p.userId);
  const facts = await gatherFacts(db, catalog, ids, [r]);
  return {
    members: people.map((p) => ({
      userId: p.userId,
      name: p.name,
      ...statusOf(catalog, facts, p.userId, r),
    })),
    total: Number(count.n),
    page: query.page,
    size: query.size,
  };
}

/**
 * A member's name or email address (the query's `u`) contains `q`, in any case: a LIKE
 * with its wildcards escaped, the same in SQLite and PostgreSQL.
 */
export function matchesSearch(q: string): Expression<SqlBool> {
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`(lower(u.name) like ${pattern} escape '\\' or lower(u.email) like ${pattern} escape '\\')`;
}

/**
 * For the members in `userIds` (a page of the report, or a member's own row): each
 * assignment of `rows` that is for them, with its due date and their status.
 */
export async function statusesFor(
  db: Db,
  catalog: Catalog,
  rows: readonly ResolvedRow[],
  userIds: readonly string[],
): Promise<Map<string, { dueOn: DayKey | null; status: AssignmentStatus }[]>> {
  const byMember = new Map(
    userIds.map((id) => [id, [] as { dueOn: DayKey | null; status: AssignmentStatus }[]]),
  );
  if (userIds.length === 0 || rows.length === 0) return byMember;
  const [who, facts] = await Promise.all([
    audiences(db, rows, userIds),
    gatherFacts(db, catalog, userIds, rows),
  ]);
  for (const r of rows)
    for (const userId of who.get(r.row.id) ?? [])
      byMember
        .get(userId)
        ?.push({ dueOn: r.row.due_on, status: statusOf(catalog, facts, userId, r).status });
  return byMember;
}

/** The signed-in user's assignments in every team they are in, newest first. */
export async function myAssignments(
  db: Db,
  catalog: Catalog,
  user: SessionUser,
): Promise<MyAssignment[]> {
  const rows = await assignedTo(db, user.id)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id')
    .execute();
  const team = new Map(rows.map((r) => [r.id, { teamName: r.teamName, teamSlug: r.teamSlug }]));
  const resolved = resolveRows(catalog, rows);
  const [creators, facts] = await Promise.all([
    creatorNames(db, resolved),
    gatherFacts(db, catalog, [user.id], resolved),
  ]);
  return resolved.map((r) => ({
    ...view(r, creators),
    ...team.get(r.row.id)!,
    ...statusOf(catalog, facts, user.id, r),
  }));
}

/**
 * Many users' assignments due between two days (the reminder pass's batch of learners): for
 * each user, what myAssignments gives them among those, in the same order, read in five
 * statements at most whatever the number of users (rows, creators and the three facts).
 */
export async function dueAssignmentsOf(
  db: Db,
  catalog: Catalog,
  userIds: readonly string[],
  due: { from: DayKey; to: DayKey },
): Promise<Map<string, MyAssignment[]>> {
  const out = new Map<string, MyAssignment[]>();
  if (userIds.length === 0) return out;
  const rows = await db
    .selectFrom('team_assignment as a')
    .innerJoin('member as m', 'm.organizationId', 'a.team_id')
    .innerJoin('organization as o', 'o.id', 'a.team_id')
    .leftJoin('team_assignment_member as p', (j) =>
      j.onRef('p.assignment_id', '=', 'a.id').onRef('p.user_id', '=', 'm.userId'),
    )
    .selectAll('a')
    .select(['m.userId as learner', 'o.name as teamName', 'o.slug as teamSlug'])
    .where('m.userId', 'in', userIds)
    .where('a.due_on', '>=', due.from)
    .where('a.due_on', '<=', due.to)
    .where((eb) => eb.or([eb('a.everyone', '=', 1), eb('p.user_id', 'is not', null)]))
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id')
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const resolved = resolveRows(catalog, [...byId.values()]);
  const resolvedOf = new Map(resolved.map((r) => [r.row.id, r]));
  const [creators, facts] = await Promise.all([
    creatorNames(db, resolved),
    gatherFacts(db, catalog, [...new Set(rows.map((r) => r.learner))], resolved),
  ]);
  for (const row of rows) {
    const r = resolvedOf.get(row.id);
    if (!r) continue;
    const list = out.get(row.learner) ?? [];
    list.push({
      ...view(r, creators),
      teamName: row.teamName,
      teamSlug: row.teamSlug,
      ...statusOf(catalog, facts, row.learner, r),
    });
    out.set(row.learner, list);
  }
  return out;
}

export async function createAssignment(
  db: Db,
  catalog: Catalog,
  user: SessionUser,
  slug: string,
  body: TCreateAssignment,
  premiumLocked: boolean,
): Promise<{ id: string }> {
  const me = await requireMembership(db, slug, user.id);
  requireManager(me);
  if (!resolveContent(catalog, body.kind, body.contentId))
    throw invalidArgument('There is no such content to assign; choose one from the list.');
  // Not offered (assignableContent), and refused when asked for anyway: members without
  // Premium could not open it.
  if (
    (body.kind === 'prompt' || body.kind === 'insight' || body.kind === 'activity') &&
    lockedPremium(catalog, premiumLocked, body.kind, body.contentId)
  )
    throw permissionDenied(
      'This is a Premium item, which members without Premium cannot open: choose one from the list.',
    );
  const chosen = [...new Set(body.members ?? [])];
  if (chosen.length > 0) {
    const found = await db
      .selectFrom('member')
      .select('userId')
      .where('organizationId', '=', me.teamId)
      .where('userId', 'in', chosen)
      .execute();
    if (found.length !== chosen.length)
      throw invalidArgument('Assign only to people in this team.');
  }
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    // PostgreSQL: creates for one team take turns (the team's row is locked until commit), so
    // two at the same moment cannot both see 99. SQLite runs one transaction at a time anyway.
    if (isPostgres(db))
      await trx
        .selectFrom('organization')
        .select('id')
        .where('id', '=', me.teamId)
        .forUpdate()
        .execute();
    const { n } = await trx
      .selectFrom('team_assignment')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('team_id', '=', me.teamId)
      .executeTakeFirstOrThrow();
    if (Number(n) >= MAX_TEAM_ASSIGNMENTS)
      throw new AppError(
        'failed-precondition',
        `A team can have ${MAX_TEAM_ASSIGNMENTS} assignments; remove finished ones first.`,
      );
    await trx
      .insertInto('team_assignment')
      .values({
        id,
        team_id: me.teamId,
        kind: body.kind,
        content_id: body.contentId,
        due_on: body.dueOn ?? null,
        note: body.note?.trim() || null,
        everyone: chosen.length === 0 ? 1 : 0,
        created_by: user.id,
        created_at: new Date().toISOString(),
      })
      .execute();
    if (chosen.length > 0)
      await trx
        .insertInto('team_assignment_member')
        .values(chosen.map((userId) => ({ assignment_id: id, user_id: userId })))
        .execute();
  });
  return { id };
}

/** Changes an assignment's due date or note (owners and admins of its team). */
export async function editAssignment(
  db: Db,
  user: SessionUser,
  slug: string,
  id: string,
  body: TEditAssignment,
): Promise<void> {
  const me = await requireMembership(db, slug, user.id);
  requireManager(me);
  const changed = await db
    .updateTable('team_assignment')
    .set({
      ...(body.dueOn !== undefined ? { due_on: body.dueOn } : {}),
      ...(body.note !== undefined ? { note: body.note.trim() || null } : {}),
    })
    .where('id', '=', id)
    .where('team_id', '=', me.teamId)
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) === 0)
    throw notFound('This team has no assignment with this id.');
}

export async function deleteAssignment(
  db: Db,
  user: SessionUser,
  slug: string,
  id: string,
): Promise<void> {
  const me = await requireMembership(db, slug, user.id);
  requireManager(me);
  const gone = await db
    .deleteFrom('team_assignment')
    .where('id', '=', id)
    .where('team_id', '=', me.teamId)
    .executeTakeFirst();
  if (Number(gone.numDeletedRows) === 0)
    throw notFound('This team has no assignment with this id.');
}
