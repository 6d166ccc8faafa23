import { useId } from 'react';
import { LEVELS, PROFESSIONS, type Level, type Profession } from '../../core/constants';
import { useSettings } from '../lib/settings';

const selectClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-800';

/** Profession and level shape which content comes first; the account's, or this device's. */
export function SettingsControl() {
  const { profession, setProfession, level, setLevel } = useSettings();
  const id = useId();
  return (
    <fieldset className="grid grid-cols-2 gap-3">
      <legend className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
        Your settings
      </legend>
      <div>
        <label htmlFor={`${id}-profession`} className="text-sm">
          Profession
        </label>
        <select
          id={`${id}-profession`}
          className={selectClass}
          value={profession}
          onChange={(e) => void setProfession(e.target.value as Profession)}
        >
          {PROFESSIONS.map((p) => (
            <option key={p}>{p}</option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-level`} className="text-sm">
          Level
        </label>
        <select
          id={`${id}-level`}
          className={selectClass}
          value={level}
          onChange={(e) => void setLevel(e.target.value as Level)}
        >
          {LEVELS.map((l) => (
            <option key={l}>{l}</option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}
