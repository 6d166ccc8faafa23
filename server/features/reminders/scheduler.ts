import { addDays, type DayKey } from '../../../core/dates';
import { daysEnding, zoneDayKey, DASHBOARD_DAYS } from '../../../core/progress/dashboard';
import { goalProgress } from '../../../core/progress/goal';
import { REVIEW_CAPS } from '../../../core/review/results';
import { dayBounds } from '../../../core/review/schedule';
import { isOverdue, type MyAssignment } from '../../../core/teams/assignments';
import type { TeamOverview } from '../../../core/teams/report';
import {
  ASSIGNMENT_SOON_MS,
  dueReminders,
  nextCheck,
  retryDelayMs,
  type DueReminder,
  zonedInstant,
} from '../../../core/reminders/schedule';
import {
  REMINDER_KIND_NAMES,
  type ReminderChannel,
  type ReminderKind,
  type ReminderSettings,
} from '../../../core/reminders/settings';
import type { Config } from '../../config';
import type { Catalog } from '../../content/catalog';
import type { Db } from '../../db/client';
import type { ReminderSettingTable } from '../../db/schema';
import type { Logger } from '../../logger';
import type { Mailer } from '../../mail/mailer';
import { reminderMail } from '../../mail/templates';
import { bucketDay, bucketKey, savedGoal } from '../dashboard/service';
import { dueAssignmentsOf } from '../teams/assignments';
import { teamOverview } from '../teams/progress';
import type { PushPayload, PushSender, PushTarget } from './push';
import { SETTING_COLUMNS, settingsOf, unsubscribeToken } from './service';

export interface ReminderDeps {
  db: Db;
  config: Pick<Config, 'appUrl' | 'authSecret'>;
  catalog: Catalog;
  mailer: Mailer;
  push: PushSender;
  logger: Logger;
}

/** Learners leased per statement; a pass takes batches until none is due. */
export const PASS_BATCH = 500;
/** How long a pass holds the learners it took (another server takes them after, if it died). */
const LEASE_MS = 5 * 60_000;
/** Sends in flight at once (mail and push): a pass never floods the SMTP relay. */
const SEND_CONCURRENCY = 8;
/** Today's points: far enough back for any zone's midnight (UTC−12 to UTC+14). */
const TODAY_WINDOW_MS = 40 * 3600_000;
/** A streak's history: the dashboard's window plus the widest offset. */
const HISTORY_MS = (DASHBOARD_DAYS + 2) * 24 * 3600_000;

export interface PassResult {
  /** Learners the pass looked at. */
  learners: number;
  /** Messages sent (one per learner, reminder and channel). */
  sent: number;
  /** Sends that failed and will be tried again. */
  failed: number;
}

/** One message of a reminder, the same words in the mail and the notification. */
interface Message {
  kind: ReminderKind;
  period: string;
  channels: ReminderChannel[];
  subject: string;
  lines: string[];
  button: string;
  /** The app's page it opens. */
  path: string;
}

/** A learner's settings row as a pass leases it (the table's own columns). */
type LeasedRow = Omit<ReminderSettingTable, 'next_at' | 'updated_at' | 'failures'> & {
  failures: number;
};

/**
 * Takes up to `PASS_BATCH` due learners, moving their `next_at` a lease ahead in the same
 * statement: on PostgreSQL a second server's statement waits on the rows, sees them no
 * longer due and skips them, so servers split the work rather than repeat it.
 */
async function lease(
  db: Db,
  now: Date,
  batch: number,
): Promise<{ rows: LeasedRow[]; leaseAt: string }> {
  const at = now.toISOString();
  const leaseAt = new Date(now.getTime() + LEASE_MS).toISOString();
  const rows = await db
    .updateTable('reminder_setting')
    .set({ next_at: leaseAt })
    .where('next_at', '<=', at)
    .where('user_id', 'in', (eb) =>
      eb
        .selectFrom('reminder_setting')
        .select('user_id')
        .where('next_at', '<=', at)
        .orderBy('next_at')
        .limit(batch),
    )
    .returning(['user_id', ...SETTING_COLUMNS, 'failures'])
    .execute();
  return { rows, leaseAt };
}

/** The UTC instant a 15-minute bucket key starts at. */
const bucketStart = (key: string) =>
  new Date(`${key.slice(0, 13)}:${String(Number(key.slice(13)) * 15).padStart(2, '0')}:00.000Z`);

/**
 * Points per learner per 15-minute bucket since an instant, from the running aggregates
 * (migration 0019): one statement for a batch, ranges of activity_bucket's primary key.
 */
async function pointBuckets(db: Db, userIds: string[], since: Date) {
  if (userIds.length === 0) return new Map<string, { bucket: string; n: number }[]>();
  const rows = await db
    .selectFrom('activity_bucket')
    .select(['user_id', 'bucket', 'points as n'])
    .where('user_id', 'in', userIds)
    .where('bucket', '>=', bucketKey(since))
    .where('points', '<>', 0)
    .execute();
  const out = new Map<string, { bucket: string; n: number }[]>();
  for (const r of rows) {
    const list = out.get(r.user_id) ?? [];
    list.push({ bucket: r.bucket, n: Number(r.n) });
    out.set(r.user_id, list);
  }
  return out;
}

/** Each learner's saved daily goal (one statement). */
async function goals(db: Db, userIds: string[]): Promise<Map<string, number>> {
  const rows =
    userIds.length === 0
      ? []
      : await db
          .selectFrom('profile_field')
          .select(['user_id', 'value'])
          .where('user_id', 'in', userIds)
          .where('field', '=', 'dailyGoal')
          .execute();
  const saved = new Map(rows.map((r) => [r.user_id, r.value]));
  return new Map(userIds.map((id) => [id, savedGoal(saved.get(id))]));
}

/**
 * Cards due by the end of each learner's day, up to the daily caps (as the menu badge
 * counts them): one grouped COUNT per distinct day end in the batch (learners in one zone
 * share it), over the (user_id, suspended, due) index.
 */
async function dueCards(db: Db, learners: { id: string; zone: string }[], now: Date) {
  const byZone = new Map<string, string[]>();
  for (const l of learners) {
    const list = byZone.get(l.zone);
    if (list) list.push(l.id);
    else byZone.set(l.zone, [l.id]);
  }
  const byEnd = new Map<string, string[]>();
  for (const [zone, ids] of byZone) {
    const end = dayBounds(now, zone).end.toISOString();
    byEnd.set(end, [...(byEnd.get(end) ?? []), ...ids]);
  }
  const cap = REVIEW_CAPS.newPerDay + REVIEW_CAPS.reviewsPerDay;
  const out = new Map<string, number>();
  for (const [end, ids] of byEnd) {
    const rows = await db
      .selectFrom('review_card')
      .select(['user_id', db.fn.countAll<number>().as('n')])
      .where('user_id', 'in', ids)
      .where('suspended', '=', 0)
      .where('due', '<', end)
      .groupBy('user_id')
      .execute();
    for (const r of rows) out.set(r.user_id, Math.min(cap, Number(r.n)));
  }
  return out;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

interface Facts {
  todayPoints: number;
  goal: number;
  streak: number;
  /** The streak ends tonight: a streak, today's goal not met, no freeze held. */
  atRisk: boolean;
  weekPoints: number;
  due: number;
}

/**
 * What a pass sends one learner: each due reminder that is worth sending now, in words. A
 * daily reminder once the goal is met, a streak that is safe, too few cards: nothing.
 */
function messagesFor(s: ReminderSettings, due: DueReminder[], f: Facts): Message[] {
  const out: Message[] = [];
  for (const r of due) {
    const base = { kind: r.kind, period: r.period, channels: r.channels };
    switch (r.kind) {
      case 'daily':
        if (f.todayPoints >= f.goal) break;
        out.push({
          ...base,
          subject: 'Time for today’s practice',
          lines: [
            f.todayPoints > 0
              ? `You have ${f.todayPoints} of your ${f.goal} points today. A few more answers meet your goal.`
              : `Your daily goal is ${f.goal} points. A few minutes of practice keeps the habit going.`,
          ],
          button: 'Practice now',
          path: '/',
        });
        break;
      case 'streak':
        if (!f.atRisk) break;
        out.push({
          ...base,
          subject: `Your ${f.streak}-day streak ends tonight`,
          lines: [
            `You have met your goal ${plural(f.streak, 'day')} in a row. Earn ${f.goal - f.todayPoints} more points today to keep it.`,
          ],
          button: 'Keep my streak',
          path: '/',
        });
        break;
      case 'reviews':
        if (f.due < s.reviewsThreshold) break;
        out.push({
          ...base,
          subject: `${plural(f.due, 'card')} ready to review`,
          lines: [
            `${plural(f.due, 'card is', 'cards are')} due today. Reviewing now helps you remember them.`,
          ],
          button: 'Start reviewing',
          path: '/review',
        });
        break;
      case 'weekly':
        out.push({
          ...base,
          subject: 'Your week in Skillway',
          lines: [
            `Last 7 days: ${plural(f.weekPoints, 'point')}.`,
            f.streak > 0
              ? `Streak: ${plural(f.streak, 'day')}.`
              : 'No streak running yet: meet your goal today to start one.',
            f.due > 0 ? `Due now: ${plural(f.due, 'review card')}.` : 'No review cards are due.',
          ],
          button: 'See your progress',
          path: '/activity',
        });
        break;
      case 'assignments':
      case 'teamDigest':
        break; // read per batch: see teamMessages
    }
  }
  return out;
}

/** What a batch read of its learners' teams: their assignments due around today, the teams they run. */
interface TeamFacts {
  /** Each learner's assignments due from the day before their today to the day after. */
  assignments: Map<string, MyAssignment[]>;
  /** The teams each learner owns or administers, by name. */
  runs: Map<string, { slug: string; name: string }[]>;
  /** A team's overview in a zone, read once per pass for all its owners and admins there. */
  overview: (slug: string, zone: string, viewerId: string) => Promise<TeamOverview>;
}

/**
 * Reads a batch's team facts: one statement for the assignments (and the few that read
 * their progress) and one for the teams run, whatever the number of learners; a team's
 * overview once per team and zone in the pass.
 */
async function teamFacts(
  deps: ReminderDeps,
  learners: { id: string; zone: string; kinds: ReminderKind[] }[],
  now: Date,
  overviews: Map<string, Promise<TeamOverview>>,
): Promise<TeamFacts> {
  const assigned = learners.filter((l) => l.kinds.includes('assignments'));
  const digest = learners.filter((l) => l.kinds.includes('teamDigest')).map((l) => l.id);
  const days = assigned.map((l) => zoneDayKey(now, l.zone)).sort();
  const [assignments, runs] = await Promise.all([
    assigned.length === 0
      ? new Map<string, MyAssignment[]>()
      : dueAssignmentsOf(
          deps.db,
          deps.catalog,
          assigned.map((l) => l.id),
          { from: addDays(days[0] as DayKey, -1), to: addDays(days.at(-1) as DayKey, 1) },
        ),
    digest.length === 0
      ? []
      : deps.db
          .selectFrom('member as m')
          .innerJoin('organization as o', 'o.id', 'm.organizationId')
          .select(['m.userId', 'o.slug', 'o.name'])
          .where('m.userId', 'in', digest)
          .where('m.role', 'in', ['owner', 'admin'])
          .orderBy('o.name')
          .execute(),
  ]);
  const runsOf = new Map<string, { slug: string; name: string }[]>();
  for (const r of runs) runsOf.set(r.userId, [...(runsOf.get(r.userId) ?? []), r]);
  return {
    assignments,
    runs: runsOf,
    overview: (slug, zone, viewerId) => {
      const key = `${slug}\u0000${zone}`;
      let o = overviews.get(key);
      if (!o) {
        // The report's overview: the figures members were told admins see, in aggregate.
        o = teamOverview(deps.db, deps.catalog, { id: viewerId }, slug, zone, now);
        overviews.set(key, o);
      }
      return o;
    },
  };
}

/** Assignments due within a day or newly overdue, and the weekly team digest. */
async function teamMessages(
  facts: TeamFacts,
  userId: string,
  s: ReminderSettings,
  due: DueReminder[],
  now: Date,
): Promise<Message[]> {
  const out: Message[] = [];
  const today = zoneDayKey(now, s.timeZone);
  const assignments = due.find((r) => r.kind === 'assignments');
  if (assignments) {
    for (const a of facts.assignments.get(userId) ?? []) {
      if (a.dueOn === null || a.status === 'done') continue;
      const base = {
        kind: 'assignments' as const,
        channels: assignments.channels,
        button: 'Open it',
        path: a.href,
      };
      if (isOverdue(a.dueOn, a.status, today)) {
        // Newly overdue: only on the day after it was due (never a daily nag after that).
        if (addDays(a.dueOn, 1) !== today) continue;
        out.push({
          ...base,
          period: `${a.id}:overdue`,
          subject: `Overdue: ${a.title}`,
          lines: [`“${a.title}” from ${a.teamName} was due ${a.dueOn} and is not done yet.`],
        });
      } else if (
        zonedInstant(addDays(a.dueOn, 1), '00:00', s.timeZone).getTime() - now.getTime() <=
        ASSIGNMENT_SOON_MS
      ) {
        out.push({
          ...base,
          period: `${a.id}:soon`,
          subject: `Due soon: ${a.title}`,
          lines: [`“${a.title}” from ${a.teamName} is due ${a.dueOn}.`],
        });
      }
    }
  }
  const digest = due.find((r) => r.kind === 'teamDigest');
  if (digest) {
    const lines: string[] = [];
    for (const team of facts.runs.get(userId) ?? []) {
      const o = await facts.overview(team.slug, s.timeZone, userId);
      const late = o.needsAttention.overdue.count;
      lines.push(
        `${team.name}: ${o.onTarget} of ${plural(o.members, 'member')} on target this week; ${late === 0 ? 'no overdue work' : `${plural(late, 'member')} with overdue work`}.`,
      );
    }
    if (lines.length > 0)
      out.push({
        kind: 'teamDigest',
        period: digest.period,
        channels: digest.channels,
        subject: 'Your team’s week',
        lines,
        button: 'Open the team report',
        path: '/teams',
      });
  }
  return out;
}

/** Runs tasks with at most `limit` in flight. */
async function pool<T>(items: T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * One scheduling pass at `now`: every learner due (by the `next_at` index) gets each
 * reminder whose window is open and that is worth sending, on each channel they chose —
 * once: a send first claims its ledger row, and only the claim that inserted it sends. A
 * failed send gives its claim back and the learner is looked at again after a backoff,
 * while the window's grace lasts. Reads are per batch (a few statements for up to
 * PASS_BATCH learners), assignments and the teams run included; a team's overview
 * for the digest is read once per team and zone in a pass, whichever of its owners and
 * admins it goes to.
 */
export async function runPass(
  deps: ReminderDeps,
  now = new Date(),
  batch = PASS_BATCH,
): Promise<PassResult> {
  const result: PassResult = { learners: 0, sent: 0, failed: 0 };
  const overviews = new Map<string, Promise<TeamOverview>>();
  for (;;) {
    const { rows, leaseAt } = await lease(deps.db, now, batch);
    if (rows.length === 0) return result;
    result.learners += rows.length;
    await runBatch(deps, rows, leaseAt, now, result, overviews);
    if (rows.length < batch) return result;
  }
}

async function runBatch(
  deps: ReminderDeps,
  rows: LeasedRow[],
  leaseAt: string,
  now: Date,
  result: PassResult,
  overviews: Map<string, Promise<TeamOverview>>,
) {
  const { db } = deps;
  // Learners with the same settings (zone, times, switches) have the same plan at one
  // instant: the zone arithmetic is done once per distinct settings, not per learner.
  const plans = new Map<string, { s: ReminderSettings; due: DueReminder[]; next: Date | null }>();
  const learners = rows.map((r) => {
    const key = `${r.time_zone}|${r.daily_at}|${r.reviews_threshold}|${r.quiet_from}|${r.quiet_to}|${r.paused_until}|${r.kinds}`;
    let plan = plans.get(key);
    if (!plan) {
      const s = settingsOf(r);
      plan = { s, due: dueReminders(s, now), next: nextCheck(s, now) };
      plans.set(key, plan);
    }
    return { row: r, ...plan };
  });
  const days = new Map<string, { start: Date; end: Date }>();
  const dayOfZone = (zone: string) => {
    let d = days.get(zone);
    if (!d) days.set(zone, (d = dayBounds(now, zone)));
    return d;
  };
  const withDue = learners.filter((l) => l.due.length > 0);
  const ids = (pred: (k: ReminderKind) => boolean) =>
    withDue.filter((l) => l.due.some((d) => pred(d.kind))).map((l) => l.row.user_id);
  const goalIds = ids((k) => k === 'daily' || k === 'streak' || k === 'weekly');
  const historyIds = ids((k) => k === 'streak' || k === 'weekly');
  const withHistory = new Set(historyIds);
  const dueIds = new Set(ids((k) => k === 'reviews' || k === 'weekly'));
  const allIds = withDue.map((l) => l.row.user_id);

  const teamIds = new Set(ids((k) => k === 'assignments' || k === 'teamDigest'));
  const [today, history, goalOf, cards, users, subs, teams] = await Promise.all([
    pointBuckets(db, goalIds, new Date(now.getTime() - TODAY_WINDOW_MS)),
    pointBuckets(db, historyIds, new Date(now.getTime() - HISTORY_MS)),
    goals(db, goalIds),
    dueCards(
      db,
      withDue
        .filter((l) => dueIds.has(l.row.user_id))
        .map((l) => ({ id: l.row.user_id, zone: l.s.timeZone })),
      now,
    ),
    allIds.length === 0
      ? []
      : db
          .selectFrom('user')
          .select(['id', 'email', 'emailVerified'])
          .where('id', 'in', allIds)
          .execute(),
    allIds.length === 0
      ? []
      : db
          .selectFrom('push_subscription')
          .select(['id', 'user_id', 'endpoint', 'p256dh', 'auth'])
          .where('user_id', 'in', allIds)
          .execute(),
    teamFacts(
      deps,
      withDue
        .filter((l) => teamIds.has(l.row.user_id))
        .map((l) => ({ id: l.row.user_id, zone: l.s.timeZone, kinds: l.due.map((d) => d.kind) })),
      now,
      overviews,
    ),
  ]);
  const userOf = new Map(users.map((u) => [u.id, u]));
  const subsOf = new Map<string, PushTarget[]>();
  for (const s of subs) subsOf.set(s.user_id, [...(subsOf.get(s.user_id) ?? []), s]);

  const sends: { userId: string; m: Message }[] = [];
  for (const l of withDue) {
    const id = l.row.user_id;
    const { start } = dayOfZone(l.s.timeZone);
    const todayPoints = (today.get(id) ?? [])
      .filter((b) => bucketStart(b.bucket) >= start)
      .reduce((sum, b) => sum + b.n, 0);
    const goal = goalOf.get(id) ?? savedGoal(undefined);
    let streak = 0;
    let atRisk = false;
    let weekPoints = 0;
    if (withHistory.has(id)) {
      const dayOf = bucketDay(l.s.timeZone);
      const todayKey: DayKey = zoneDayKey(now, l.s.timeZone);
      const days = daysEnding(todayKey, DASHBOARD_DAYS);
      const perDay = new Map(days.map((d) => [d, 0]));
      for (const b of history.get(id) ?? []) {
        const d = dayOf(b.bucket);
        if (perDay.has(d)) perDay.set(d, (perDay.get(d) ?? 0) + b.n);
      }
      const progress = goalProgress(
        days.map((date) => ({ date, points: perDay.get(date) ?? 0 })),
        goal,
      );
      streak = progress.streak;
      atRisk = progress.streak > 0 && !progress.metToday && progress.freezes === 0;
      weekPoints = days.slice(-7).reduce((sum, d) => sum + (perDay.get(d) ?? 0), 0);
    }
    const facts: Facts = { todayPoints, goal, streak, atRisk, weekPoints, due: cards.get(id) ?? 0 };
    const messages = messagesFor(l.s, l.due, facts);
    if (l.due.some((d) => d.kind === 'assignments' || d.kind === 'teamDigest'))
      messages.push(...(await teamMessages(teams, id, l.s, l.due, now)));
    for (const m of messages) sends.push({ userId: id, m });
  }

  const failedUsers = new Set<string>();
  // Mail only to a confirmed address; push only to a browser that subscribed.
  const jobs = sends.flatMap(({ userId, m }) => {
    const user = userOf.get(userId);
    if (!user) return [];
    return m.channels
      .filter((ch) => (ch === 'email' ? Boolean(user.emailVerified) : subsOf.has(userId)))
      .map((channel) => ({ userId, email: user.email, m, channel }));
  });
  const claimed = await claim(db, jobs, now);
  await pool(
    jobs.filter((j) => claimed.has(ledgerKey(j.userId, j.m.kind, j.m.period, j.channel))),
    SEND_CONCURRENCY,
    async ({ userId, email, m, channel }) => {
      let ok: boolean;
      try {
        ok =
          channel === 'email'
            ? (await sendMail(deps, email, userId, m), true)
            : await sendPush(deps.push, subsOf.get(userId) ?? [], m);
      } catch (err) {
        deps.logger.warn(
          { err, kind: m.kind, channel },
          'reminder not sent; it will be tried again',
        );
        ok = false;
      }
      if (ok) {
        result.sent++;
        return;
      }
      result.failed++;
      failedUsers.add(userId);
      await release(db, userId, m.kind, m.period, channel);
    },
  );

  // Each learner's next look: the next window, or a retry after a backoff. Learners that
  // share a time share one statement; a row whose settings changed meanwhile (no longer
  // holding this pass's lease) keeps what the change set.
  const updates = new Map<string, { next: string | null; failures: number; ids: string[] }>();
  for (const l of learners) {
    const id = l.row.user_id;
    const failures = failedUsers.has(id) ? l.row.failures + 1 : 0;
    const scheduled = l.next;
    const retry = failures > 0 ? new Date(now.getTime() + retryDelayMs(failures)) : null;
    const next = retry && (!scheduled || retry < scheduled) ? retry : scheduled;
    const key = `${next?.toISOString() ?? ''}|${failures}`;
    const u = updates.get(key) ?? { next: next?.toISOString() ?? null, failures, ids: [] };
    u.ids.push(id);
    updates.set(key, u);
  }
  for (const u of updates.values())
    await db
      .updateTable('reminder_setting')
      .set({ next_at: u.next, failures: u.failures })
      .where('user_id', 'in', u.ids)
      .where('next_at', '=', leaseAt)
      .execute();
}

const ledgerKey = (userId: string, kind: string, period: string, channel: string) =>
  `${userId}\u0000${kind}\u0000${period}\u0000${channel}`;

/** Ledger rows per INSERT (5 parameters each, well under either database's limit). */
const CLAIM_CHUNK = 500;

/**
 * Claims reminders in the ledger, a chunk per statement: the rows this call inserted come
 * back (RETURNING; a row another pass or server holds already does not), and only those
 * are sent.
 */
async function claim(
  db: Db,
  jobs: { userId: string; m: Message; channel: ReminderChannel }[],
  now: Date,
): Promise<Set<string>> {
  const claimed = new Set<string>();
  for (let i = 0; i < jobs.length; i += CLAIM_CHUNK) {
    const rows = await db
      .insertInto('reminder_sent')
      .values(
        jobs.slice(i, i + CLAIM_CHUNK).map((j) => ({
          user_id: j.userId,
          kind: j.m.kind,
          period: j.m.period,
          channel: j.channel,
          sent_at: now.toISOString(),
        })),
      )
      .onConflict((oc) => oc.columns(['user_id', 'kind', 'period', 'channel']).doNothing())
      .returning(['user_id', 'kind', 'period', 'channel'])
      .execute();
    for (const r of rows) claimed.add(ledgerKey(r.user_id, r.kind, r.period, r.channel));
  }
  return claimed;
}

/** Gives a failed send's claim back, so a retry can send it. */
async function release(
  db: Db,
  userId: string,
  kind: ReminderKind,
  period: string,
  channel: ReminderChannel,
) {
  await db
    .deleteFrom('reminder_sent')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('period', '=', period)
    .where('channel', '=', channel)
    .execute();
}

async function sendMail(deps: ReminderDeps, to: string, userId: string, m: Message) {
  const { appUrl, authSecret } = deps.config;
  const t = unsubscribeToken(authSecret, userId, m.kind, 'email');
  await deps.mailer.send(
    reminderMail({
      to,
      subject: m.subject,
      title: m.subject,
      lines: m.lines,
      button: m.button,
      link: `${appUrl}${m.path}`,
      kindName: REMINDER_KIND_NAMES[m.kind],
      unsubscribePage: `${appUrl}/reminders/unsubscribe?t=${t}`,
      unsubscribePost: `${appUrl}/api/reminders/unsubscribe?t=${t}`,
      settingsLink: `${appUrl}/activity/edit-your-profile`,
    }),
  );
}

/** Sends to every browser of the learner; true when one took it or all are gone. */
async function sendPush(push: PushSender, targets: PushTarget[], m: Message): Promise<boolean> {
  const payload: PushPayload = { title: m.subject, body: m.lines.join(' '), url: m.path };
  const results = await Promise.all(targets.map((t) => push(t, payload)));
  return results.some((r) => r === 'sent') || results.every((r) => r === 'gone');
}

/**
 * Runs a pass now and then every `everyMs` (a minute), one at a time, off the request path:
 * a pass that fails is logged and the next one tries again. Returns the stop function,
 * which waits for a pass in flight.
 */
export function startReminders(
  deps: ReminderDeps,
  everyMs = 60_000,
  clock: () => Date = () => new Date(),
): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = () => {
    if (stopped || running) return; // one pass at a time: a slow one delays the next
    running = runPass(deps, clock())
      .then((r) => {
        if (r.sent > 0 || r.failed > 0) deps.logger.info(r, 'reminder pass');
      })
      .catch((err: unknown) => deps.logger.error({ err }, 'reminder pass failed'))
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
