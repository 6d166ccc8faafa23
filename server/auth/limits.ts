import { sql } from 'kysely';
import { MAIL_LIMIT, SIGN_IN_FAILURES, TEAM_LIMITS } from '../../core/limits';
import type { Db } from '../db/client';

export interface LimitResult {
  allowed: boolean;
  /** Seconds until the window resets, when not allowed. */
  retryAfter: number;
}

/**
 * A fixed-window counter in the database, so every app server sees the same count.
 * One atomic upsert per call: a new or expired window starts at 1, a live one adds 1.
 */
export async function consume(
  db: Db,
  key: string,
  windowMs: number,
  max: number,
  now = Date.now(),
): Promise<LimitResult> {
  const expired = now - windowMs;
  const row = await db
    .insertInto('rate_limit_bucket')
    .values({ key, window_start: now, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`CASE WHEN rate_limit_bucket.window_start <= ${expired} THEN 1 ELSE rate_limit_bucket.count + 1 END`,
        window_start: sql`CASE WHEN rate_limit_bucket.window_start <= ${expired} THEN ${now} ELSE rate_limit_bucket.window_start END`,
      }),
    )
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow();
  const count = Number(row.count);
  const start = Number(row.window_start);
  return {
    allowed: count <= max,
    retryAfter: Math.max(1, Math.ceil((start + windowMs - now) / 1000)),
  };
}

type MailKind = 'verify-email' | 'reset-password' | 'team-invitation';

// Bucket keys. Rows keyed by an email address are `<scope>:<address>` or
// `<scope>:<address>:<client>`; clearLimitsFor removes exactly the sign-in ones of one address.
// A team's invitations are `team-invitations:<team id>`; an account's joins by link
// `team-joins:<user id>`.
type Scope =
  | 'sign-in-failures'
  | 'mail-verify-email'
  | 'mail-reset-password'
  | 'mail-team-invitation'
  | 'teams-created'
  | 'invitations-sent';
const addressKey = (scope: Scope, email: string) => `${scope}:${email.trim().toLowerCase()}`;

/** A client address as limits key it: IPv4 (also IPv4-mapped IPv6) as is, IPv6 by its /64. */
export function clientKey(address: string): string {
  const a = address.trim().toLowerCase();
  if (a.startsWith('::ffff:') && a.includes('.')) return a.slice(7);
  if (!a.includes(':')) return a;
  const [head = '', tail] = a.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups = [
    ...left,
    ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'),
    ...right,
  ];
  return `${groups
    .slice(0, 4)
    .map((g) => g.padStart(4, '0'))
    .join(':')}::/64`;
}

function signInKeys(email: string, client: string) {
  const address = addressKey('sign-in-failures', email);
  return { address, client: `${address}:${clientKey(client)}` };
}

/** Whether a sign-in for this address from this client may go ahead (reads only). */
export async function signInAllowed(
  db: Db,
  email: string,
  client: string,
  now = Date.now(),
): Promise<LimitResult> {
  const keys = signInKeys(email, client);
  const rows = await db
    .selectFrom('rate_limit_bucket')
    .select(['key', 'count', 'window_start'])
    .where('key', 'in', [keys.address, keys.client])
    .where('window_start', '>', now - SIGN_IN_FAILURES.windowMs)
    .execute();
  const live = (key: string) => rows.find((r) => r.key === key);
  const mine = live(keys.client);
  const all = live(keys.address);
  const wait = (row: { window_start: number | string }) =>
    Math.max(1, Math.ceil((Number(row.window_start) + SIGN_IN_FAILURES.windowMs - now) / 1000));
  if (mine && Number(mine.count) >= SIGN_IN_FAILURES.perClient)
    return { allowed: false, retryAfter: wait(mine) };
  if (mine && all && Number(all.count) >= SIGN_IN_FAILURES.perAddress)
    return { allowed: false, retryAfter: wait(all) };
  return { allowed: true, retryAfter: 0 };
}

/** Counts a wrong password for the address, from this client and over all clients. */
export async function recordSignInFailure(db: Db, email: string, client: string): Promise<void> {
  const keys = signInKeys(email, client);
  const { windowMs, perClient, perAddress } = SIGN_IN_FAILURES;
  await consume(db, keys.client, windowMs, perClient);
  await consume(db, keys.address, windowMs, perAddress);
}

/** A right password clears that client's failures for the address. */
export async function recordSignInSuccess(db: Db, email: string, client: string): Promise<void> {
  await db
    .deleteFrom('rate_limit_bucket')
    .where('key', '=', signInKeys(email, client).client)
    .execute();
}

/** Counts a mail to the address; false when it is past MAIL_LIMIT and should not go out. */
export async function mailAllowed(db: Db, kind: MailKind, email: string): Promise<boolean> {
  const r = await consume(
    db,
    addressKey(`mail-${kind}`, email),
    MAIL_LIMIT.windowMs,
    MAIL_LIMIT.max,
  );
  return r.allowed;
}

/**
 * Minutes until one more mail of `kind` may go to the address, or 0 when it may now. Counts
 * nothing: it lets a caller say in advance that a mail will be held back (mailAllowed,
 * called when the mail is sent, still decides).
 */
export async function mailWaitMinutes(
  db: Db,
  kind: MailKind,
  email: string,
  now = Date.now(),
): Promise<number> {
  const row = await db
    .selectFrom('rate_limit_bucket')
    .select(['count', 'window_start'])
    .where('key', '=', addressKey(`mail-${kind}`, email))
    .executeTakeFirst();
  if (!row) return 0;
  const start = Number(row.window_start);
  if (start <= now - MAIL_LIMIT.windowMs || Number(row.count) < MAIL_LIMIT.max) return 0;
  return Math.max(1, Math.ceil((start + MAIL_LIMIT.windowMs - now) / 60_000));
}

/**
 * Counts a team about to be created by the account at `email` (its confirmed address, so
 * deleting the account and signing up again starts no new count).
 */
export function teamCreation(db: Db, email: string, now = Date.now()): Promise<LimitResult> {
  const { windowMs, teamsPerUser } = TEAM_LIMITS;
  return consume(db, addressKey('teams-created', email), windowMs, teamsPerUser, now);
}

/**
 * Counts an invitation about to be sent by the account at `email` for team `teamId`: first
 * against the sender's hourly number, then (when that allows it) against the team's.
 */
export async function invitationSending(
  db: Db,
  email: string,
  teamId: string,
  now = Date.now(),
): Promise<LimitResult & { by?: 'sender' | 'team' }> {
  const { windowMs, invitationsPerUser, invitationsPerTeam } = TEAM_LIMITS;
  const mine = await consume(
    db,
    addressKey('invitations-sent', email),
    windowMs,
    invitationsPerUser,
    now,
  );
  if (!mine.allowed) return { ...mine, by: 'sender' };
  const team = await consume(db, `team-invitations:${teamId}`, windowMs, invitationsPerTeam, now);
  return team.allowed ? team : { ...team, by: 'team' };
}

/**
 * Counts a join by a team's join link, per account: the link is meant to be passed around, so
 * joins are bounded like invitations are (TEAM_LIMITS.joinsPerUser an hour).
 */
export function teamJoining(db: Db, userId: string, now = Date.now()): Promise<LimitResult> {
  const { windowMs, joinsPerUser } = TEAM_LIMITS;
  return consume(db, `team-joins:${userId}`, windowMs, joinsPerUser, now);
}

/**
 * Removes the sign-in limit rows of one address (when its account is deleted): its
 * per-address key by equality and its per-client keys by exact prefix — no LIKE, whose `_`
 * and `%` an address may contain. The mail counters stay: they protect the address, not the
 * account, and deleting and signing up again must not send more mails to it.
 */
export async function clearLimitsFor(db: Db, email: string): Promise<void> {
  const keys = [addressKey('sign-in-failures', email)];
  const prefix = `${addressKey('sign-in-failures', email)}:`;
  await db
    .deleteFrom('rate_limit_bucket')
    .where((eb) =>
      eb.or([
        eb('key', 'in', keys),
        eb(sql<string>`substr(${sql.ref('key')}, 1, ${prefix.length})`, '=', prefix),
      ]),
    )
    .execute();
}

/** Longer than any window (core/limits.ts): a counter this old counts nothing and can go. */
const LIMIT_COUNTER_MAX_AGE_MS = 24 * 60 * 60_000;

/** Deletes the counters whose window ended long ago; returns how many. */
export async function pruneLimitCounters(db: Db, now = Date.now()): Promise<number> {
  const r = await db
    .deleteFrom('rate_limit_bucket')
    .where('window_start', '<', now - LIMIT_COUNTER_MAX_AGE_MS)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
