import { useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import useSWR from 'swr';
import { links, paths } from '../../../core/paths';
import {
  REMINDER_KIND_NAMES,
  type ReminderChannel,
  type ReminderKind,
} from '../../../core/reminders/kinds';
import { useAuth } from '../../lib/auth';
import { ApiError, apiFetch } from '../../lib/http-client';
import { FormAlert, primaryButton } from '../../ui/form';
import { Page } from '../../ui/Page';
import { Skeleton } from '../../ui/Skeleton';

/** What the signed link turns off, and whether it is off already. */
interface UnsubscribeTarget {
  kind: ReminderKind;
  channel: ReminderChannel;
  done: boolean;
}

const unsubscribeUrl = (token: string) =>
  `/api/reminders/unsubscribe?t=${encodeURIComponent(token)}`;

async function fetchTarget(url: string): Promise<UnsubscribeTarget> {
  return (await apiFetch(url)).json() as Promise<UnsubscribeTarget>;
}

/** "“Daily practice reminder” emails": the kind's name as the settings page shows it. */
const what = (t: UnsubscribeTarget) =>
  `“${REMINDER_KIND_NAMES[t.kind]}” ${t.channel === 'email' ? 'emails' : 'push notifications'}`;

const linkClass = 'font-semibold text-brand-700 underline dark:text-sky-400';
const cardClass = 'max-w-xl rounded-xl border border-slate-200 p-5 sm:p-6 dark:border-slate-700';

/** The reminder settings, through sign-in for a visitor. */
function useSettingsHref() {
  const { user } = useAuth();
  const settings = `${paths.editProfile()}#reminders`;
  return user ? settings : links.login(settings);
}

/** Where "turn them on again" leads. */
function SettingsLink() {
  return (
    <Link to={useSettingsHref()} className={linkClass}>
      reminder settings
    </Link>
  );
}

/**
 * Where a reminder's "turn off" link lands, signed in or not. It says what the link turns
 * off and waits for one press: mail scanners open links, so opening it must change nothing
 * (the mail's List-Unsubscribe-Post header is the one-click route for mail programs).
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const { data, error } = useSWR(token ? unsubscribeUrl(token) : null, fetchTarget, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const [problem, setProblem] = useState<string | null>(null);

  async function turnOff() {
    setState('busy');
    setProblem(null);
    try {
      await apiFetch(unsubscribeUrl(token), { method: 'POST' });
      setState('done');
    } catch (err) {
      setState('idle');
      setProblem(err instanceof Error ? err.message : 'It could not be turned off.');
    }
  }

  const invalid =
    !token || (error instanceof ApiError && error.status >= 400 && error.status < 500);

  const settingsHref = useSettingsHref();
  const { user } = useAuth();

  return (
    <Page
      route="unsubscribe"
      loading={!!token && !data && !error}
      // A link that does not work stops nothing: the page's promise gives way to the settings.
      purpose={invalid ? 'You can still turn reminders off in your settings.' : undefined}
    >
      <div className={cardClass}>
        {invalid ? (
          <div role="alert">
            <h2 className="text-lg font-semibold">This link doesn’t work</h2>
            <p className="mt-2 text-slate-700 dark:text-slate-300">
              It may be incomplete, or it has expired. Any reminder can be turned off in your
              settings{user ? '' : ', once you sign in'}.
            </p>
            <Link to={settingsHref} className={`${primaryButton} mt-5`}>
              Open reminder settings
            </Link>
          </div>
        ) : error ? (
          <FormAlert>
            We couldn’t check this link. {error instanceof Error ? error.message : ''}
          </FormAlert>
        ) : !data ? (
          <Skeleton lines={3} />
        ) : state === 'done' || data.done ? (
          <div role="status">
            <h2 className="text-lg font-semibold">
              <span aria-hidden className="mr-2 text-emerald-700 dark:text-emerald-400">
                ✓
              </span>
              {what(data)} are off
            </h2>
            <p className="mt-2 text-slate-700 dark:text-slate-300">
              {state === 'done' ? 'You won’t get them anymore. ' : 'Nothing more to do. '}
              You can turn them on again in your <SettingsLink />.
            </p>
          </div>
        ) : (
          <div>
            <h2 className="text-lg font-semibold">Stop {what(data)}?</h2>
            <p className="mt-2 text-slate-700 dark:text-slate-300">
              Only these stop; any other reminders you chose stay as they are.
            </p>
            {problem && (
              <div className="mt-4">
                <FormAlert>{problem}</FormAlert>
              </div>
            )}
            <button
              type="button"
              className={`${primaryButton} mt-5`}
              disabled={state === 'busy'}
              onClick={() => void turnOff()}
            >
              {state === 'busy' ? 'Turning off…' : 'Turn off'}
            </button>
          </div>
        )}
      </div>
    </Page>
  );
}
