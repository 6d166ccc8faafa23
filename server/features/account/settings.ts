import {
  ZSettingValues,
  type AccountSettings,
  type TSettingsPatch,
} from '../../../core/account/settings';
import type { Db } from '../../db/client';
import { activeTeam, ACTIVE_TEAM_FIELD, requireMembership } from '../teams/access';

/**
 * The account's settings (decision 039): profile fields as rows (decision 020), so the daily
 * goal, profession and level the profile page and the dashboard already use are the same
 * rows. The active team is kept as the team's id and read as its address.
 */
const STORED = ['profession', 'level', 'targetRole', 'dailyGoal', 'theme', 'dictionary'] as const;
type Stored = (typeof STORED)[number];

export async function getSettings(db: Db, userId: string): Promise<AccountSettings> {
  const [rows, team] = await Promise.all([
    db
      .selectFrom('profile_field')
      .select(['field', 'value'])
      .where('user_id', '=', userId)
      .where('field', 'in', STORED)
      .execute(),
    activeTeam(db, userId),
  ]);
  const settings: AccountSettings = {
    profession: null,
    level: null,
    targetRole: null,
    dailyGoal: null,
    theme: null,
    activeTeam: team?.slug ?? null,
    dictionary: null,
  };
  // A value no longer among the options reads as unset rather than failing the read.
  for (const r of rows) {
    const valid = ZSettingValues.shape[r.field as Stored].safeParse(JSON.parse(r.value));
    if (valid.success && valid.data !== undefined)
      Object.assign(settings, { [r.field]: valid.data });
  }
  return settings;
}

/**
 * Writes the settings named, all in one statement: every value is checked first (a team the
 * user is not in is 404), so a refused patch changes nothing. With `ifUnset`, only settings
 * the account has no value for are written. Resolves with the account's settings after it.
 */
export async function patchSettings(
  db: Db,
  userId: string,
  patch: TSettingsPatch,
): Promise<AccountSettings> {
  const { ifUnset, activeTeam: slug, ...values } = patch;
  const team = slug === undefined ? null : await requireMembership(db, slug, userId);
  const now = new Date().toISOString();
  const rows = [
    ...(Object.entries(values) as [Stored, unknown][])
      .filter(([, value]) => value !== undefined)
      .map(([field, value]) => ({ field, value: JSON.stringify(value) })),
    ...(team ? [{ field: ACTIVE_TEAM_FIELD, value: JSON.stringify(team.teamId) }] : []),
  ].map((r) => ({ ...r, user_id: userId, updated_at: now }));
  await db
    .insertInto('profile_field')
    .values(rows)
    .onConflict((oc) =>
      ifUnset
        ? oc.columns(['user_id', 'field']).doNothing()
        : oc.columns(['user_id', 'field']).doUpdateSet((eb) => ({
            value: eb.ref('excluded.value'),
            updated_at: now,
          })),
    )
    .execute();
  return getSettings(db, userId);
}

/** The learner's personal dictionary for the writing checker; empty when none is kept. */
export async function dictionaryOf(db: Db, userId: string): Promise<string[]> {
  const row = await db
    .selectFrom('profile_field')
    .select('value')
    .where('user_id', '=', userId)
    .where('field', '=', 'dictionary')
    .executeTakeFirst();
  if (!row) return [];
  const valid = ZSettingValues.shape.dictionary.safeParse(JSON.parse(row.value));
  return valid.success ? (valid.data ?? []) : [];
}
