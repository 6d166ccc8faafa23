import {
  CLIENT_DEFAULTS,
  LEVELS,
  PROFESSIONS,
  STORAGE_KEYS,
  type Level,
  type Profession,
} from '../../core/constants';
import { TARGET_PROFILE_IDS } from '../../core/content/skill-ids';
import { DAILY_GOAL_OPTIONS, DEFAULT_DAILY_GOAL, type DailyGoal } from '../../core/progress/goal';
import { readLocal, useLocalSetting, useLocalValue } from './local-store';

export type TargetProfileId = (typeof TARGET_PROFILE_IDS)[number];

const isChosen = (raw: string | null, allowed: readonly string[]) =>
  raw !== null && allowed.includes(raw);

/**
 * The learner's profession and level, kept on this device (spec defaults: Business, Student).
 * `chosen` says whether the learner picked either one: until then the defaults order the
 * content, but no page claims it was ordered for them.
 */
export function useSettings() {
  const [profession, setProfession] = useLocalSetting<Profession>(
    STORAGE_KEYS.profession,
    CLIENT_DEFAULTS.profession,
    PROFESSIONS,
  );
  const [level, setLevel] = useLocalSetting<Level>(
    STORAGE_KEYS.level,
    CLIENT_DEFAULTS.level,
    LEVELS,
  );
  // Read like the two settings: false while hydrating, as on the server (no page claims an
  // order the server's HTML did not), then what this device keeps.
  const keptProfession = useLocalValue(STORAGE_KEYS.profession);
  const keptLevel = useLocalValue(STORAGE_KEYS.level);
  const chosen = isChosen(keptProfession, PROFESSIONS) || isChosen(keptLevel, LEVELS);
  return { profession, setProfession, level, setLevel, chosen };
}

const GOAL_TEXTS = DAILY_GOAL_OPTIONS.map(String) as readonly `${DailyGoal}`[];

/** A guest's daily goal in points, kept on this device (a learner's is on the profile). */
export function useGuestGoal(): [DailyGoal, (goal: DailyGoal) => void] {
  const [raw, set] = useLocalSetting<`${DailyGoal}`>(
    STORAGE_KEYS.dailyGoal,
    `${DEFAULT_DAILY_GOAL}`,
    GOAL_TEXTS,
  );
  return [Number(raw) as DailyGoal, (goal) => set(`${goal}`)];
}

/** The guest's goal outside React (after an answer is kept). */
export function readGuestGoal(): number {
  const raw = Number(readLocal(STORAGE_KEYS.dailyGoal));
  return (DAILY_GOAL_OPTIONS as readonly number[]).includes(raw) ? raw : DEFAULT_DAILY_GOAL;
}

/**
 * The role the learner aims for: the skills profile's target profile, on this device. Until
 * one is chosen it follows the profession (a Tech learner compares with the Tech profile).
 */
export function useTargetProfile(
  profession: Profession,
): [TargetProfileId, (id: TargetProfileId) => void] {
  const fromProfession = profession.toLowerCase();
  const fallback = TARGET_PROFILE_IDS.find((id) => id === fromProfession) ?? 'business';
  return useLocalSetting<TargetProfileId>(STORAGE_KEYS.targetProfile, fallback, TARGET_PROFILE_IDS);
}
