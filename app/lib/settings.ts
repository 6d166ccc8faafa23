import { useCallback, useEffect, useMemo } from 'react';
import { mutate } from 'swr';
import {
  CLIENT_DEFAULTS,
  LEVELS,
  PROFESSIONS,
  STORAGE_KEYS,
  THEMES,
  type Profession,
  type Theme,
} from '../../core/constants';
import type { UserRecord } from '../../core/account/profile';
import type { AccountSettings } from '../../core/account/settings';
import { TARGET_PROFILE_IDS, targetForProfession } from '../../core/content/skill-ids';
import { DAILY_GOAL_OPTIONS, DEFAULT_DAILY_GOAL, type DailyGoal } from '../../core/progress/goal';
import { ME_KEY, useAuth } from './auth';
import { ApiError, api } from './http-client';
import { readLocal, useLocalValue, writeLocal } from './local-store';
import { applyTheme } from './theme';

export type TargetProfileId = (typeof TARGET_PROFILE_IDS)[number];

/**
 * The learner's settings, from one place (decision 039). Signed in, they are the account's
 * (GET /api/session brings them; a change is saved to the account); a guest's are this
 * device's. Either way localStorage keeps a copy, so the first paint (theme-init.js reads
 * `isLocalDark`) and an offline reload start from the last known values.
 */
type DeviceSetting = Exclude<keyof AccountSettings, 'activeTeam' | 'dictionary'>;

const KEYS: Record<DeviceSetting, string> = {
  profession: STORAGE_KEYS.profession,
  level: STORAGE_KEYS.level,
  targetRole: STORAGE_KEYS.targetProfile,
  dailyGoal: STORAGE_KEYS.dailyGoal,
  theme: STORAGE_KEYS.dark,
};
const ALLOWED: Record<DeviceSetting, readonly (string | number)[]> = {
  profession: PROFESSIONS,
  level: LEVELS,
  targetRole: TARGET_PROFILE_IDS,
  dailyGoal: DAILY_GOAL_OPTIONS,
  theme: THEMES,
};
const FIELDS = Object.keys(KEYS) as DeviceSetting[];

/** Settings to save: each one named, with a value (PATCH /api/settings). */
type SettingsPatch = { [F in keyof AccountSettings]?: NonNullable<AccountSettings[F]> };

// The theme is kept as the spec's `isLocalDark` ('true' / 'false'), the goal as its digits.
const toText = (field: DeviceSetting, value: unknown) =>
  field === 'theme' ? String(value === 'dark') : String(value);

function fromText<F extends DeviceSetting>(field: F, raw: string | null): AccountSettings[F] {
  if (raw === null) return null;
  const value = field === 'theme' ? (raw === 'true' ? 'dark' : 'light') : raw;
  return (ALLOWED[field].find((v) => String(v) === value) ?? null) as AccountSettings[F];
}

const deviceValue = <F extends DeviceSetting>(field: F) => fromText(field, readLocal(KEYS[field]));

/** Keeps `value` on this device; the theme also takes effect at once. */
function keepOnDevice(field: DeviceSetting, value: unknown) {
  const text = toText(field, value);
  if (readLocal(KEYS[field]) === text) return;
  writeLocal(KEYS[field], text);
  if (field === 'theme') applyTheme(value === 'dark');
}

/** Changes made offline, waiting for the network: `{ uid, patch }` (newest wins). */
const PENDING = 'settingsPending';

function pendingFor(uid: string, raw = readLocal(PENDING)): SettingsPatch {
  try {
    const kept = JSON.parse(raw ?? 'null') as { uid: string; patch: SettingsPatch } | null;
    return kept?.uid === uid ? kept.patch : {};
  } catch {
    return {};
  }
}

/**
 * Saves settings to the account: the user record (and so every page) shows them at once,
 * and goes back if the server refuses. Without a network the change stays, kept on this
 * device, and is sent when the account is next confirmed online (`joinAccount`).
 */
export async function saveSettings(patch: SettingsPatch): Promise<void> {
  await mutate<UserRecord | null>(
    ME_KEY,
    async (user) => {
      if (!user) return null;
      try {
        const settings = await (await api.settings.$patch({ json: patch })).json();
        return { ...user, settings };
      } catch (err) {
        if (!(err instanceof ApiError && err.status === 0)) throw err;
        const patchNow = { ...pendingFor(user.uid), ...patch };
        writeLocal(PENDING, JSON.stringify({ uid: user.uid, patch: patchNow }));
        return { ...user, settings: { ...user.settings, ...patch } };
      }
    },
    {
      optimisticData: (user) =>
        user ? { ...user, settings: { ...user.settings, ...patch } } : null,
      rollbackOnError: true,
      revalidate: false,
    },
  );
}

/**
 * Once per sign-in on this device: choices this device kept as a guest fill the settings the
 * account has none for (the account's own values win), then the account's values are kept
 * here. The owner key says whose values the device holds, so this runs again only when
 * someone else signs in, or after guest changes.
 */
async function joinAccount(user: UserRecord) {
  // A record kept from before accounts had settings (an offline copy, say) brings none.
  if (!(user.settings as AccountSettings | undefined)) return;
  // Changes made offline go first: they are newer than what the account holds.
  const pending = pendingFor(user.uid);
  if (Object.keys(pending).length > 0) {
    writeLocal(PENDING, '');
    return saveSettings(pending).catch(() => undefined);
  }
  const fill: Record<string, unknown> = {};
  if (readLocal(STORAGE_KEYS.settingsOwner) !== user.uid) {
    for (const field of FIELDS) {
      const kept = deviceValue(field);
      if (user.settings[field] === null && kept !== null) fill[field] = kept;
    }
    writeLocal(STORAGE_KEYS.settingsOwner, user.uid);
  }
  for (const field of FIELDS) {
    const value = user.settings[field];
    if (value !== null) keepOnDevice(field, value);
  }
  if (Object.keys(fill).length === 0) return;
  await mutate<UserRecord | null>(ME_KEY, async (current) => {
    const res = await api.settings.$patch({ json: { ...(fill as SettingsPatch), ifUnset: true } });
    const settings = await res.json();
    return current ? { ...current, settings } : null;
  }).catch(() => writeLocal(STORAGE_KEYS.settingsOwner, ''));
}

/**
 * One setting: the account's when signed in (else this device's), and its setter, which
 * resolves with false when the account refused the change (it is shown as before).
 */
function useSetting<F extends DeviceSetting>(field: F) {
  const { user } = useAuth();
  const kept = fromText(field, useLocalValue(KEYS[field]));
  const pendingRaw = useLocalValue(PENDING);
  const account = useMemo(
    () => (user ? { ...user.settings, ...pendingFor(user.uid, pendingRaw) } : undefined),
    [user, pendingRaw],
  );
  useEffect(() => {
    if (user) void joinAccount(user);
  }, [user]);
  const value = account?.[field] ?? kept;
  const set = useCallback(
    async (next: NonNullable<AccountSettings[F]>): Promise<boolean> => {
      keepOnDevice(field, next);
      // A guest's change is the device's own: it joins the next account signed in here.
      if (!account) {
        writeLocal(STORAGE_KEYS.settingsOwner, '');
        return true;
      }
      return saveSettings({ [field]: next }).then(
        () => true,
        () => false,
      );
    },
    [field, account],
  );
  return [value, set] as const;
}

/**
 * The learner's profession and level (spec defaults: Business, Student). `chosen` says
 * whether the learner picked either one: until then the defaults order the content, but no
 * page claims it was ordered for them.
 */
export function useSettings() {
  const [profession, setProfession] = useSetting('profession');
  const [level, setLevel] = useSetting('level');
  return {
    profession: profession ?? CLIENT_DEFAULTS.profession,
    setProfession,
    level: level ?? CLIENT_DEFAULTS.level,
    setLevel,
    chosen: profession !== null || level !== null,
  };
}

/** The daily goal in points: a learner's on the account, a guest's on this device. */
export function useDailyGoal(): [DailyGoal, (goal: DailyGoal) => Promise<boolean>] {
  const [goal, set] = useSetting('dailyGoal');
  return [goal ?? DEFAULT_DAILY_GOAL, set];
}

/** The guest's goal outside React (after an answer is kept). */
export function readGuestGoal(): number {
  return deviceValue('dailyGoal') ?? DEFAULT_DAILY_GOAL;
}

/**
 * The role the learner aims for: the skills profile's target profile. Until one is chosen
 * it follows the profession (a Tech learner compares with the Tech profile).
 */
export function useTargetProfile(
  profession: Profession,
): [TargetProfileId, (id: TargetProfileId) => Promise<boolean>] {
  const [role, set] = useSetting('targetRole');
  return [role ?? targetForProfession(profession), set];
}

/** Dark mode (spec default: off) and its toggle. */
export function useDarkMode(): [boolean, () => void] {
  const [theme, set] = useSetting('theme');
  const dark = theme === 'dark';
  const toggle = useCallback(() => {
    void set((dark ? 'light' : 'dark') satisfies Theme);
  }, [dark, set]);
  return [dark, toggle];
}
