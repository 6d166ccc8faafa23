import { useState } from 'react';
import { checkAudio, type AudioSupport } from '../../../core/audio-state';
import { secondaryButton } from '../../ui/form';

interface Props {
  support: AudioSupport;
  onChange: (next: AudioSupport) => void;
}

function hintFor(name: string): string {
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'Allow microphone access for this site in your browser’s settings, then check again.';
    case 'NotFoundError':
      return 'Connect a microphone, then check again.';
    case 'NotReadableError':
      return 'Another app may be using the microphone. Close it, then check again.';
    case 'NotSupportedError':
      return 'You can still type your answer below and review it.';
    default:
      return 'Check your microphone, then try again.';
  }
}

/** The spec's microphone check: ask once, release at once, show what the browser said. */
export function MicCheck({ support, onChange }: Props) {
  const [checking, setChecking] = useState(false);
  async function check() {
    setChecking(true);
    try {
      onChange(await checkAudio(navigator.mediaDevices as MediaDevices | undefined));
    } finally {
      setChecking(false);
    }
  }
  const failed = !support.allowed && support.name !== '';
  return (
    <div className="grid gap-3">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Interviews are spoken, so practice out loud. We ask for your microphone only to record your
        answer for you to hear back; the check lets go of it straight away, and nothing is recorded
        until you press Record.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={secondaryButton}
          onClick={() => void check()}
          disabled={checking}
        >
          {checking ? 'Checking…' : support.allowed ? 'Check again' : 'Check microphone'}
        </button>
        <p role="status" className="font-medium text-emerald-800 dark:text-emerald-300">
          {support.allowed && (
            <>
              <span aria-hidden="true">✓ </span>Microphone ready
            </>
          )}
        </p>
      </div>
      {failed && (
        <div
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
        >
          <p className="font-semibold" data-testid="mic-error">
            {support.message ? `${support.name}: ${support.message}` : support.name}
          </p>
          <p className="mt-1">{hintFor(support.name)}</p>
        </div>
      )}
    </div>
  );
}
