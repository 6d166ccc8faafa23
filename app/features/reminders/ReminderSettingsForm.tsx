import { Fragment, useEffect, useState } from 'react';
import { mutate } from 'swr';
import type { ReminderChannel, ReminderKind } from '../../../core/reminders/kinds';
import { untouchedReminders } from '../../../core/reminders/merge';
import type { RemindersResponse } from '../../../core/reminders/settings';
import { REMINDERS_KEY } from '../../data/reminders';
import { browserZone } from '../../lib/time-zone';
import { FormAlert } from '../../ui/form';
import { SaveError, SaveState } from './controls';
import { KindList } from './KindList';
import {
  PushProblem,
  currentSubscription,
  pushState,
  subscribeThisDevice,
  unsubscribeThisDevice,
  type PushState,
} from './push';
import { problemText, useReminderSave, type ReminderSave } from './use-reminder-save';
import { WhenSettings } from './WhenSettings';

const noteClass = 'text-sm text-slate-600 dark:text-slate-400';

/**
 * An email address that wraps on a phone only after its "@" and dots, never mid-word (a part
 * too long for the line still breaks rather than overflow).
 */
function Address({ value }: { value: string }) {
  const parts = value.split(/(?<=[@.])/);
  return (
    <span className="[overflow-wrap:anywhere]">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

/** Where email and push go, and what stands in their way. */
function Channels({
  data,
  push,
  thisDevice,
  onStopDevice,
  saver,
}: {
  data: RemindersResponse;
  push: PushState;
  thisDevice: boolean;
  onStopDevice: () => void;
  saver: ReminderSave;
}) {
  const { email } = data;
  const devices = data.push.devices;
  return (
    <div className="mt-4 space-y-3">
      {email.verified ? (
        <p className={noteClass}>
          Email reminders go to{' '}
          <strong className="font-semibold">
            <Address value={email.address} />
          </strong>
          .
        </p>
      ) : (
        <FormAlert tone="warning">
          Email reminders go to{' '}
          <strong>
            <Address value={email.address} />
          </strong>{' '}
          and start once you confirm that address with the link we sent you.
        </FormAlert>
      )}
      <p className={noteClass} data-testid="push-state">
        {push === 'unsupported'
          ? 'Push notifications are not available in this browser. Email still works.'
          : push === 'denied'
            ? 'Notifications are blocked for Skillway in this browser. To get push reminders here, allow them in the browser’s site settings.'
            : thisDevice
              ? `Push reminders come to this device${devices > 1 ? ` and ${devices - 1} other${devices > 2 ? 's' : ''}` : ''}.`
              : devices > 0
                ? `Push reminders go to ${devices} other device${devices > 1 ? 's' : ''}. Turn on a push switch here to add this one.`
                : 'Turn on a push switch and your browser asks whether Skillway may notify you.'}{' '}
        {thisDevice && (
          <button
            type="button"
            className="font-semibold text-brand-700 underline dark:text-sky-400"
            onClick={onStopDevice}
          >
            Stop push on this device
          </button>
        )}
        <SaveState status={saver.status} spot="device" />
      </p>
      <SaveError status={saver.status} spot="device" />
    </div>
  );
}

/** The section's settings, each saved as it changes. */
export default function ReminderSettingsForm({
  data,
  runsTeam,
}: {
  data: RemindersResponse;
  /** Whether the learner owns or administers a team: the team digest is for them. */
  runsTeam: boolean;
}) {
  const { settings } = data;
  const saver = useReminderSave(settings);
  const [push, setPush] = useState<PushState>(() => pushState());
  const [thisDevice, setThisDevice] = useState(false);
  useEffect(() => {
    let live = true;
    void currentSubscription().then((sub) => live && setThisDevice(sub !== null));
    return () => {
      live = false;
    };
  }, []);

  async function toggle(kind: ReminderKind, channel: ReminderChannel, on: boolean) {
    if (channel === 'push' && on) {
      saver.saving(kind);
      try {
        await subscribeThisDevice(data.push.publicKey);
        setThisDevice(true);
      } catch (err) {
        setPush(pushState());
        saver.refuse(
          kind,
          err instanceof PushProblem
            ? err.message
            : `Push could not be turned on. ${problemText(err)}`,
        );
        return;
      }
    }
    const saved = await saver.save(kind, { kinds: { [kind]: { [channel]: on } } });
    if (saved && channel === 'push' && on) void mutate(REMINDERS_KEY); // the device count
  }

  async function stopDevice() {
    saver.saving('device');
    try {
      await unsubscribeThisDevice();
      setThisDevice(false);
      void mutate(REMINDERS_KEY);
    } catch (err) {
      saver.refuse('device', problemText(err));
    }
  }

  const zoneShown = untouchedReminders(settings) ? browserZone() : settings.timeZone;

  return (
    <>
      <Channels
        data={data}
        push={push}
        thisDevice={thisDevice}
        onStopDevice={() => void stopDevice()}
        saver={saver}
      />
      {/* On a desktop the kinds and the times that apply to all of them sit side by side. */}
      <div className="mt-5 grid gap-x-12 gap-y-2 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <KindList
          settings={settings}
          saver={saver}
          runsTeam={runsTeam}
          onToggle={(k, c, on) => void toggle(k, c, on)}
        />
        <div className="lg:pt-5">
          <WhenSettings settings={settings} saver={saver} zoneShown={zoneShown} />
        </div>
      </div>
    </>
  );
}
