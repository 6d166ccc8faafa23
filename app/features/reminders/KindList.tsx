import { useState } from 'react';
import {
  REMINDER_KINDS,
  REMINDER_KIND_NAMES,
  REVIEWS_THRESHOLD_MAX,
  REVIEWS_THRESHOLD_MIN,
  type ReminderChannel,
  type ReminderKind,
} from '../../../core/reminders/kinds';
import type { ReminderSettings, TReminderPatch } from '../../../core/reminders/settings';
import { CommitInput, SaveError, SaveState, Switch, dimInput, smallInput } from './controls';
import type { ReminderSave } from './use-reminder-save';

/** One line under each kind's name: when it comes. */
const KIND_ABOUT: Record<ReminderKind, string> = {
  daily: 'Only on days your goal isn’t met yet.',
  streak: 'Once, in the evening, when your streak would end tonight.',
  reviews: 'When enough cards are waiting for you.',
  assignments: 'Due within 24 hours, and once if it becomes overdue.',
  weekly: 'Your points, streak, topics improved and what is due.',
  teamDigest: 'Who is on track and what is overdue, for the teams you run.',
};

const CHANNEL_WORDS: Record<ReminderChannel, string> = { email: 'by email', push: 'by push' };

/**
 * The extra setting a kind has: the daily reminder's time, the reviews' threshold. Dimmed
 * while both of the kind's switches are off, and still editable then.
 */
function KindDetail({
  kind,
  settings,
  saver,
}: {
  kind: ReminderKind;
  settings: ReminderSettings;
  saver: ReminderSave;
}) {
  const on = settings.kinds[kind].email || settings.kinds[kind].push;
  const row = `mt-2 flex flex-wrap items-center gap-2 text-sm ${on ? '' : 'text-slate-500 dark:text-slate-400'}`;
  const input = on ? smallInput : dimInput;
  // The value typed was refused (it stays in the field, to correct): marked invalid.
  const [refused, setRefused] = useState(false);
  const commit = (valid: boolean, problem: string, patch: TReminderPatch) => {
    setRefused(!valid);
    if (!valid) saver.refuse(kind, problem);
    else void saver.save(kind, patch).then((saved) => setRefused(!saved));
  };
  const invalid = refused || undefined;
  if (kind === 'daily')
    return (
      <div className={row} data-dim={!on || undefined}>
        <span aria-hidden>At</span>
        <CommitInput
          aria-label="Daily reminder time"
          aria-invalid={invalid}
          className={input}
          type="time"
          required
          value={settings.dailyAt}
          onCommit={(dailyAt) =>
            commit(!!dailyAt, 'Choose a time for the daily reminder.', { dailyAt })
          }
        />
        <span className={on ? 'text-slate-600 dark:text-slate-400' : ''}>your time</span>
      </div>
    );
  if (kind === 'reviews')
    return (
      <div className={row} data-dim={!on || undefined}>
        <span aria-hidden>When at least</span>
        <CommitInput
          aria-label="Cards due before a reminder"
          aria-invalid={invalid}
          type="number"
          inputMode="numeric"
          min={REVIEWS_THRESHOLD_MIN}
          max={REVIEWS_THRESHOLD_MAX}
          className={`${input} w-20`}
          value={String(settings.reviewsThreshold)}
          onCommit={(raw) => {
            const n = Number(raw);
            commit(
              raw !== '' &&
                Number.isInteger(n) &&
                n >= REVIEWS_THRESHOLD_MIN &&
                n <= REVIEWS_THRESHOLD_MAX,
              `Choose a whole number from ${REVIEWS_THRESHOLD_MIN} to ${REVIEWS_THRESHOLD_MAX}.`,
              { reviewsThreshold: n },
            );
          }}
        />
        <span aria-hidden>cards are due</span>
      </div>
    );
  return null;
}

/**
 * Every kind of reminder with a switch per channel. On a phone the two switches sit at the
 * row's end under their column's name; the switches say in full what they turn on. The team
 * digest is listed for those who own or administer a team (and for anyone who has it on,
 * so they can turn it off).
 */
export function KindList({
  settings,
  saver,
  runsTeam,
  onToggle,
}: {
  settings: ReminderSettings;
  saver: ReminderSave;
  runsTeam: boolean;
  onToggle: (kind: ReminderKind, channel: ReminderChannel, on: boolean) => void;
}) {
  const digest = settings.kinds.teamDigest;
  const kinds = REMINDER_KINDS.filter(
    (kind) => kind !== 'teamDigest' || runsTeam || digest.email || digest.push,
  );
  return (
    <div>
      <div
        aria-hidden
        className="flex justify-end gap-0 border-b border-slate-200 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:border-slate-700 dark:text-slate-400"
      >
        <span className="w-14 text-center">Email</span>
        <span className="w-14 text-center">Push</span>
      </div>
      <ul className="divide-y divide-slate-200 dark:divide-slate-700">
        {kinds.map((kind) => (
          <li key={kind} className="py-3" data-testid={`reminder-${kind}`}>
            <div className="flex items-start gap-2">
              <p className="min-w-0 flex-1 pt-2.5 font-semibold">
                {REMINDER_KIND_NAMES[kind]}
                <SaveState status={saver.status} spot={kind} />
              </p>
              {(['email', 'push'] as const).map((channel) => (
                <Switch
                  key={channel}
                  label={`${REMINDER_KIND_NAMES[kind]} ${CHANNEL_WORDS[channel]}`}
                  checked={settings.kinds[kind][channel]}
                  onChange={(on) => onToggle(kind, channel, on)}
                />
              ))}
            </div>
            <p className="text-sm text-slate-600 dark:text-slate-400">{KIND_ABOUT[kind]}</p>
            <KindDetail kind={kind} settings={settings} saver={saver} />
            <SaveError status={saver.status} spot={kind} />
          </li>
        ))}
      </ul>
    </div>
  );
}
