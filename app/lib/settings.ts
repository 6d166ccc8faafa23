import {
  CLIENT_DEFAULTS,
  LEVELS,
  PROFESSIONS,
  STORAGE_KEYS,
  type Level,
  type Profession,
} from '../../core/constants';
import { useLocalSetting } from './local-store';

/** The learner's profession and level, kept on this device (spec defaults: Business, Student). */
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
  return { profession, setProfession, level, setLevel };
}
