import {
  REMINDER_KINDS,
  REMINDER_KIND_NAMES,
  REVIEWS_THRESHOLD_MAX,
  REVIEWS_THRESHOLD_MIN,
  type ReminderChannel,
  type ReminderKind,
} from '../../../core/reminders/kinds';
import type { ReminderSettings } from '../../../core/reminders/settings';
import { CommitInput, SaveError, SaveState, Switch } from './controls';
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

/** The extra setting a kind has: the daily reminder's time, the reviews' threshold. */
function KindDetail({
  kind,
  settings,
  saver,
}: {
  kind: ReminderKind;
  settings: ReminderSettings;
  saver: ReminderSave;
}) {
  if (kind === 'daily')
    return (
      <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
        <span aria-hidden>At</span>
        <CommitInput
          aria-label="Daily reminder time"
          type="time"
          required
          value={settings.dailyAt}
          onCommit={(dailyAt) =>
            dailyAt
              ? void saver.save(kind, { dailyAt })
              : saver.refuse(kind, 'Choose a time for the daily reminder.')
          }
        />
        <span className="text-slate-600 dark:text-slate-400">your time</span>
      </div>
    );
  if (kind === 'reviews')
    return (
      <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
        <span aria-hidden>When at least</span>
        <CommitInput
          aria-label="Cards due before a reminder"
          type="number"
          inputMode="numeric"
          min={REVIEWS_THRESHOLD_MIN}
          max={REVIEWS_THRESHOLD_MAX}
          className="w-20 rounded-control border border-slate-300 bg-white px-2.5 py-1.5 text-base text-slate-900 shadow-sm dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
          value={String(settings.reviewsThreshold)}
          onCommit={(raw) => {
            const n = Number(raw);
            if (!Number.isInteger(n) || n < REVIEWS_THRESHOLD_MIN || n > REVIEWS_THRESHOLD_MAX)
              saver.refuse(
                kind,
                `Choose a whole number from ${REVIEWS_THRESHOLD_MIN} to ${REVIEWS_THRESHOLD_MAX}.`,
              );
            else void saver.save(kind, { reviewsThreshold: n });
          }}
        />
        <span aria-hidden>cards are due</span>
      </div>
    );
  return null;
}

/**
 * Every kind of reminder with a switch per channel. On a phone the two switches sit at the
 * row's end under their column's name; the switches say in full what they turn on.
 */
export function KindList({
  settings,
  saver,
  onToggle,
}: {
  settings: ReminderSettings;
  saver: ReminderSave;
  onToggle: (kind: ReminderKind, channel: ReminderChannel, on: boolean) => void;
}) {
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
        {REMINDER_KINDS.map((kind) => (
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
