import type { Profile, TProfilePatch, UserRecord } from '../../../core/account/profile';
import type { OwnedTeamDecision } from '../../../core/teams/teams';
import { forgetEmailChange, pendingEmailChange } from '../../auth/email-change';
import { clearLimitsFor } from '../../auth/limits';
import type { SessionUser } from '../../auth/session';
import type { Db } from '../../db/client';
import { toDate } from '../../db/schema';
import type { Logger } from '../../logger';
import { downloadUrl, metadataColumns, toMetadata } from '../storage/service';
import { remindersExport } from '../reminders/service';
import { handOverTeams, teamsExport } from '../teams/members';
import { getSettings } from './settings';

/** The provider of the user's first account: 'password' for email sign-up. */
async function providerOf(db: Db, userId: string): Promise<string> {
  const first = await db
    .selectFrom('account')
    .select('providerId')
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .executeTakeFirst();
  if (!first) return 'password';
  return first.providerId === 'credential' ? 'password' : first.providerId;
}

export async function getUserRecord(db: Db, user: SessionUser): Promise<UserRecord> {
  const [provider, settings] = await Promise.all([
    providerOf(db, user.id),
    getSettings(db, user.id),
  ]);
  return {
    uid: user.id,
    email: user.email,
    displayName: user.name,
    photoURL: user.image,
    provider,
    stripeRole: user.stripeRole,
    joined: user.joined,
    emailVerified: user.emailVerified,
    settings,
  };
}

/** Profile fields as an object; a user with none logs the spec's message and gets {}. */
export async function getProfile(db: Db, userId: string, log: Logger): Promise<Profile> {
  const rows = await db
    .selectFrom('profile_field')
    .select(['field', 'value'])
    .where('user_id', '=', userId)
    .execute();
  if (rows.length === 0) {
    log.info({ userId }, 'No user profile found');
    return {};
  }
  return Object.fromEntries(rows.map((r) => [r.field, JSON.parse(r.value) as unknown])) as Profile;
}

/** Saves one field with one atomic statement (upsert); displayName is the user's name. */
export async function patchProfile(db: Db, userId: string, patch: TProfilePatch): Promise<void> {
  const now = new Date().toISOString();
  if (patch.field === 'displayName') {
    await db
      .updateTable('user')
      .set({ name: patch.value, updatedAt: now })
      .where('id', '=', userId)
      .execute();
    return;
  }
  const value = JSON.stringify(patch.value);
  await db
    .insertInto('profile_field')
    .values({ user_id: userId, field: patch.field, value, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'field']).doUpdateSet({ value, updated_at: now }))
    .execute();
}

export async function setPhoto(db: Db, userId: string, url: string): Promise<void> {
  await db
    .updateTable('user')
    .set({ image: url, updatedAt: new Date().toISOString() })
    .where('id', '=', userId)
    .execute();
}

/**
 * Takes the photo off the profile and deletes the photos uploaded for it (the `profile`
 * folder), which frees their room in the storage quota.
 */
export async function removePhoto(db: Db, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('user')
      .set({ image: null, updatedAt: new Date().toISOString() })
      .where('id', '=', userId)
      .execute();
    await trx
      .deleteFrom('storage_object')
      .where('owner_id', '=', userId)
      .where('full_path', 'like', `users/${userId}/profile/%`)
      .execute();
  });
}

/** Everything we hold about the user, as one JSON document (no secrets, no file bytes). */
export async function exportUserData(db: Db, user: SessionUser) {
  const [account, sessions, profile, files, events, userRow, skills, learning] = await Promise.all([
    db
      .selectFrom('account')
      .select(['providerId', 'createdAt'])
      .where('userId', '=', user.id)
      .execute(),
    db
      .selectFrom('session')
      .select(['createdAt', 'expiresAt', 'ipAddress', 'userAgent'])
      .where('userId', '=', user.id)
      .execute(),
    db
      .selectFrom('profile_field')
      .select(['field', 'value', 'updated_at'])
      .where('user_id', '=', user.id)
      .execute(),
    db
      .selectFrom('storage_object')
      .select(metadataColumns)
      .where('owner_id', '=', user.id)
      .execute(),
    db
      .selectFrom('analytics_event')
      .select(['type', 'name', 'path', 'hash', 'value', 'currency', 'created_at'])
      .where('user_id', '=', user.id)
      .orderBy('created_at')
      .execute(),
    db.selectFrom('user').select(['createdAt']).where('id', '=', user.id).executeTakeFirst(),
    db
      .selectFrom('skill_score')
      .select(['skill_id', 'score', 'updated_at'])
      .where('user_id', '=', user.id)
      .orderBy('skill_id')
      .execute(),
    learningData(db, user.id),
  ]);
  const teams = await teamsExport(db, user);
  const reminders = await remindersExport(db, user.id);
  const emailChange = await pendingEmailChange(db, user.id);
  return {
    exportedAt: new Date().toISOString(),
    user: {
      uid: user.id,
      email: user.email,
      displayName: user.name,
      photoURL: user.image,
      emailVerified: user.emailVerified,
      pendingEmail: emailChange?.newEmail ?? null,
      stripeRole: user.stripeRole,
      joined: user.joined,
      createdAt: userRow ? toDate(userRow.createdAt).toISOString() : null,
    },
    signInMethods: account.map((a) => ({
      provider: a.providerId === 'credential' ? 'password' : a.providerId,
      linkedAt: toDate(a.createdAt).toISOString(),
    })),
    sessions: sessions.map((s) => ({
      createdAt: toDate(s.createdAt).toISOString(),
      expiresAt: toDate(s.expiresAt).toISOString(),
      ipAddress: s.ipAddress,
      userAgent: s.userAgent,
    })),
    profile: Object.fromEntries(
      profile.map((p) => [
        p.field,
        { value: JSON.parse(p.value) as unknown, updatedAt: p.updated_at },
      ]),
    ),
    files: files.map((f) => ({
      ...toMetadata(f),
      downloadURL: f.download_token ? downloadUrl(f.id, f.download_token) : null,
    })),
    analyticsEvents: events,
    skillScores: Object.fromEntries(
      skills.map((k) => [k.skill_id, { score: Number(k.score), updatedAt: k.updated_at }]),
    ),
    ...learning,
    ...teams,
    ...reminders,
  };
}

/** The learner's progress rows, table by table, as stored (one query per table). */
async function learningData(db: Db, userId: string) {
  // Every table here has a user_id column; Kysely cannot type a query over a union of tables.
  const mine = async (table: LearningTable) =>
    (await db
      .selectFrom(table as 'grammar_answer')
      .selectAll()
      .where('user_id', '=', userId)
      .execute()) as unknown as ({ user_id: string } & Record<string, unknown>)[];
  const [answers, attempts, topics, points, items, visits, cards, reviews, bests, billing] =
    await Promise.all([
      mine('grammar_answer'),
      mine('quiz_attempt'),
      mine('topic_score'),
      mine('points_event'),
      mine('user_item'),
      mine('item_visit'),
      mine('review_card'),
      mine('review_log'),
      mine('word_set_best'),
      db
        .selectFrom('billing_customer')
        .select(['status', 'updated_at'])
        .where('user_id', '=', userId)
        .executeTakeFirst(),
    ]);
  const drop = <R extends { user_id: string }>(rows: R[]) =>
    rows.map(({ user_id: _, ...rest }) => rest);
  return {
    grammarAnswers: drop(answers),
    quizAttempts: drop(attempts),
    topicScores: drop(topics),
    pointsLedger: drop(points),
    itemRecords: drop(items),
    itemVisits: drop(visits),
    reviewCards: drop(cards),
    reviewLog: drop(reviews),
    matchBests: drop(bests),
    subscription: billing ?? null,
  };
}

type LearningTable =
  | 'grammar_answer'
  | 'quiz_attempt'
  | 'topic_score'
  | 'points_event'
  | 'user_item'
  | 'item_visit'
  | 'review_card'
  | 'review_log'
  | 'word_set_best';

/**
 * Removes the user and everything they own in one transaction, after what happens to each
 * team they are the only owner of (`teams`; handOverTeams). Sessions, accounts,
 * profile fields and files go by ON DELETE CASCADE; rows keyed by address are removed here,
 * but for the mail limits (clearLimitsFor keeps them) and, for an unconfirmed address, the
 * team invitations to it.
 */
export async function deleteAccount(
  db: Db,
  user: SessionUser,
  teams: readonly OwnedTeamDecision[] = [],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // First: a team without a decision refuses the deletion (409) before anything changes.
    await handOverTeams(trx, user.id, teams);
    await trx.deleteFrom('analytics_event').where('user_id', '=', user.id).execute();
    await trx.deleteFrom('mail_outbox').where('to_address', '=', user.email).execute();
    await trx.deleteFrom('verification').where('value', '=', user.id).execute();
    await trx.deleteFrom('verification').where('identifier', '=', user.email).execute();
    await forgetEmailChange(trx, user.id);
    await clearLimitsFor(trx, user.email);
    // Invitations to the address are the address owner's: an unconfirmed account may be an
    // impostor's, whose deletion must not withdraw them.
    if (user.emailVerified)
      await trx.deleteFrom('invitation').where('email', '=', user.email.toLowerCase()).execute();
    await trx.deleteFrom('user').where('id', '=', user.id).execute();
  });
}
