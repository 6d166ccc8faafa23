import { lazy, Suspense, useEffect, useId } from 'react';
import useSWR, { mutate } from 'swr';
import { canManageTeam } from '../../../core/teams/roles';
import { useTeams } from '../../data/teams';
import { REMINDERS_KEY, fetchReminders } from '../../data/reminders';
import { FormAlert, secondaryButton } from '../../ui/form';
import { Skeleton } from '../../ui/Skeleton';

// The controls come in a chunk of their own, after the settings: the profile page's own
// chunk stays within its budget (scripts/budgets.mjs).
const ReminderSettingsForm = lazy(() => import('./ReminderSettingsForm'));

const cardClass = 'rounded-xl border border-slate-200 p-5 sm:p-6 dark:border-slate-700';
const noteClass = 'text-sm text-slate-600 dark:text-slate-400';

/**
 * The settings page's "Reminders": each kind by email and by push, the daily time, the
 * reviews threshold, quiet hours, a pause and the time zone. Each change is saved at once.
 */
export function RemindersSection() {
  const headingId = useId();
  const { data, error, isValidating } = useSWR(REMINDERS_KEY, fetchReminders);
  // Whether the learner owns or administers a team (the team digest is for them), from the
  // Teams page's data; unknown until read, and then the digest shows only if it is on.
  const runsTeam = useTeams(true).data?.teams.some((t) => canManageTeam(t.role)) ?? false;

  // A link to #reminders (from the unsubscribe page) lands here once the section is drawn.
  const loaded = data !== undefined;
  useEffect(() => {
    if (loaded && window.location.hash === '#reminders')
      document.getElementById('reminders')?.scrollIntoView();
  }, [loaded]);

  return (
    <section id="reminders" aria-labelledby={headingId} className={`scroll-mt-20 ${cardClass}`}>
      <h2 id={headingId} className="text-lg font-semibold">
        Reminders
      </h2>
      <p className={`mt-1 ${noteClass}`}>
        Emails and notifications we can send you. Everything is off until you turn it on, and every
        email has a link to turn it off.
      </p>
      {data ? (
        <Suspense
          fallback={
            <div className="mt-4">
              <Skeleton lines={6} />
            </div>
          }
        >
          <ReminderSettingsForm data={data} runsTeam={runsTeam} />
        </Suspense>
      ) : error ? (
        <div className="mt-4 space-y-3">
          <FormAlert>
            Your reminder settings could not be loaded.{' '}
            {error instanceof Error ? error.message : ''}
          </FormAlert>
          <button
            type="button"
            className={secondaryButton}
            disabled={isValidating}
            onClick={() => void mutate(REMINDERS_KEY)}
          >
            Try again
          </button>
        </div>
      ) : (
        <div className="mt-4">
          <Skeleton lines={6} />
        </div>
      )}
    </section>
  );
}
