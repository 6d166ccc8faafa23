import { useId, useMemo } from 'react';
import type { ReminderSettings } from '../../../core/reminders/settings';
import { browserZone } from '../../lib/time-zone';
import { secondaryButton } from '../../ui/form';
import { CommitInput, SaveError, SaveState, Switch, smallInput } from './controls';
import type { ReminderSave } from './use-reminder-save';

const QUIET_DEFAULT = { from: '22:00', to: '07:00' };

/**
 * Today in the learner's zone, as YYYY-MM-DD (en-CA writes dates that way); in this device's
 * zone when the browser does not know the saved one (its time-zone data is older).
 */
function todayIn(zone: string): string {
  const format = (timeZone: string) =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date());
  try {
    return format(zone);
  } catch {
    return format(browserZone());
  }
}

const DAY_FORMAT = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});
/** "Thursday, December 24" from "2026-12-24" (a calendar day, so read as UTC). */
const dayName = (day: string) => DAY_FORMAT.format(new Date(`${day}T00:00:00Z`));

function zoneNames(current: string): string[] {
  let names: string[] = [];
  try {
    names = Intl.supportedValuesOf('timeZone');
  } catch {
    // An older browser: the saved zone and this device's are still offered.
  }
  return [...new Set([current, browserZone(), ...names])].sort();
}

const groupClass = 'border-t border-slate-200 pt-4 dark:border-slate-700';
const headingClass = 'font-semibold';

/** Quiet hours, the pause and the time zone: they apply to every reminder. */
export function WhenSettings({
  settings,
  saver,
  zoneShown,
}: {
  settings: ReminderSettings;
  saver: ReminderSave;
  /** The zone the page shows: the browser's until the learner has saved anything. */
  zoneShown: string;
}) {
  const ids = useId();
  const zones = useMemo(() => zoneNames(zoneShown), [zoneShown]);
  const today = todayIn(zoneShown);
  const quiet = settings.quietHours;
  const paused = settings.pausedUntil !== null && settings.pausedUntil >= today;

  return (
    <div className="space-y-4">
      <fieldset className={groupClass}>
        <legend className="sr-only">Quiet hours</legend>
        <div className="flex items-start gap-2">
          <p className={`min-w-0 flex-1 pt-2.5 ${headingClass}`}>
            Quiet hours
            <SaveState status={saver.status} spot="quiet" />
          </p>
          <Switch
            label="Quiet hours"
            checked={quiet !== null}
            onChange={(on) => void saver.save('quiet', { quietHours: on ? QUIET_DEFAULT : null })}
          />
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          No reminder starts in this span; one due then waits until it ends.
        </p>
        {quiet && (
          <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
            <span className="flex items-center gap-2">
              <span aria-hidden>From</span>
              <CommitInput
                aria-label="Quiet hours start"
                type="time"
                required
                value={quiet.from}
                onCommit={(from) =>
                  from
                    ? void saver.save('quiet', { quietHours: { ...quiet, from } })
                    : saver.refuse('quiet', 'Choose when quiet hours start.')
                }
              />
            </span>
            <span className="flex items-center gap-2">
              <span aria-hidden>to</span>
              <CommitInput
                aria-label="Quiet hours end"
                type="time"
                required
                value={quiet.to}
                onCommit={(to) =>
                  to
                    ? void saver.save('quiet', { quietHours: { ...quiet, to } })
                    : saver.refuse('quiet', 'Choose when quiet hours end.')
                }
              />
            </span>
          </div>
        )}
        <SaveError status={saver.status} spot="quiet" />
      </fieldset>

      <div className={groupClass}>
        <p className={headingClass} id={`${ids}-pause`}>
          Pause
          <SaveState status={saver.status} spot="pause" />
        </p>
        {paused && settings.pausedUntil ? (
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <p className="text-sm">
              No reminders until the end of{' '}
              <strong className="font-semibold">{dayName(settings.pausedUntil)}</strong>.
            </p>
            <button
              type="button"
              className={`${secondaryButton} py-1.5 text-sm`}
              onClick={() => void saver.save('pause', { pausedUntil: null })}
            >
              Resume now
            </button>
          </div>
        ) : (
          <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
            <span aria-hidden>No reminders until</span>
            <CommitInput
              type="date"
              min={today}
              aria-label="Pause reminders until"
              aria-describedby={`${ids}-pause`}
              value=""
              onCommit={(day) => {
                if (!day) return;
                if (day < today) saver.refuse('pause', 'Choose today or a later day.');
                else void saver.save('pause', { pausedUntil: day });
              }}
            />
          </div>
        )}
        <SaveError status={saver.status} spot="pause" />
      </div>

      <div className={groupClass}>
        <label htmlFor={`${ids}-zone`} className={headingClass}>
          Time zone
        </label>
        <SaveState status={saver.status} spot="zone" />
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Reminder times and quiet hours are in this zone.
        </p>
        <select
          id={`${ids}-zone`}
          className={`${smallInput} mt-2 block w-full max-w-xs`}
          value={zoneShown}
          onChange={(e) => void saver.save('zone', { timeZone: e.target.value })}
        >
          {zones.map((z) => (
            <option key={z} value={z}>
              {z.replace(/_/g, ' ')}
            </option>
          ))}
        </select>
        {zoneShown !== browserZone() && (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            This device is in {browserZone().replace(/_/g, ' ')}.{' '}
            <button
              type="button"
              className="font-semibold text-brand-700 underline dark:text-sky-400"
              onClick={() => void saver.save('zone', { timeZone: browserZone() })}
            >
              Use it
            </button>
          </p>
        )}
        <SaveError status={saver.status} spot="zone" />
      </div>
    </div>
  );
}
