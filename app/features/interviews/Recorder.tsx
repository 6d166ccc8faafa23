import { useEffect, useState } from 'react';
import type { DeliveryFigures } from '../../../core/audio/delivery';
import { Link } from 'wouter';
import { MAX_RECORDING_MS, type Recording } from '../../../core/items/interviews';
import { links } from '../../../core/paths';
import { ApiError } from '../../lib/http-client';
import { FormAlert, primaryButton, secondaryButton } from '../../ui/form';
import { DeliveryCard } from './DeliveryCard';
import { saveRecording } from './queries';
import { formatClock } from './format';
import { useRecorder } from './use-recorder';
import { useCurrentPath } from '../../lib/navigation';

const stopButton =
  'inline-flex items-center justify-center rounded-lg border-2 border-red-600 bg-white px-4 py-2 font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60 dark:border-red-400 dark:bg-slate-900 dark:text-red-300 dark:hover:bg-red-950';

interface Props {
  questionId: string;
  signedIn: boolean;
  onStart: () => void;
  onStop: () => void;
  onSaved: (recording: Recording) => void;
  /** The question type's speaking target (SPEAKING_TARGET_MS). */
  targetMs: number;
  /** A take is ready: its delivery figures, or null when they could not be measured. */
  onMeasured?: (figures: DeliveryFigures | null) => void;
}

type SaveState =
  | { url: string; status: 'saving' }
  | { url: string; status: 'saved' }
  | { url: string; status: 'error'; message: string };

function saveError(err: unknown): string {
  if (err instanceof ApiError && err.status === 413)
    return 'This recording is too long to save (10 MB max).';
  return err instanceof Error ? err.message : 'The recording could not be saved. Please try again.';
}

/** Record, stop, listen back, then save the answer to the learner's storage or discard it. */
export function Recorder({
  questionId,
  signedIn,
  onStart,
  onStop,
  onSaved,
  targetMs,
  onMeasured,
}: Props) {
  const currentPath = useCurrentPath();
  const { state, elapsedMs, error, start, stop, discard } = useRecorder({ onStart, onStop });
  const [save, setSave] = useState<SaveState | null>(null);
  const recording = state.status === 'recording';
  const recorded = state.status === 'recorded' ? state : null;
  const saving = save?.status === 'saving' && save.url === recorded?.url;
  const saved = save?.status === 'saved' && save.url === recorded?.url;
  const saveFailed = save?.status === 'error' && save.url === recorded?.url ? save.message : null;
  const finishing = state.status === 'finishing';

  const takeUrl = recorded?.url;
  const figures = recorded?.figures ?? null;
  useEffect(() => {
    if (takeUrl) onMeasured?.(figures);
    // Once per take: its figures do not change after it is finished.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [takeUrl]);

  let announcement = '';
  if (recording) announcement = 'Recording started.';
  else if (recorded)
    announcement = recorded.autoStopped
      ? `Recording stopped at the ${MAX_RECORDING_MS / 60_000}-minute limit.`
      : `Recording stopped at ${formatClock(elapsedMs)}.`;

  async function upload() {
    if (!recorded) return;
    setSave({ url: recorded.url, status: 'saving' });
    try {
      onSaved(await saveRecording(questionId, recorded.blob, recorded.durationMs));
      setSave({ url: recorded.url, status: 'saved' });
    } catch (err) {
      setSave({ url: recorded.url, status: 'error', message: saveError(err) });
    }
  }

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-4">
        {/* Stop must not look like Record: outlined in red, with the square stop sign. */}
        <button
          type="button"
          className={recording ? stopButton : recorded ? secondaryButton : primaryButton}
          disabled={state.status === 'starting' || finishing || saving}
          onClick={() => (recording ? stop() : void start())}
        >
          {recording ? (
            <>
              <span
                aria-hidden="true"
                data-icon="stop"
                className="mr-2 inline-block h-3.5 w-3.5 rounded-[2px] bg-current"
              />
              Stop recording
            </>
          ) : recorded ? (
            'Record again'
          ) : (
            'Record'
          )}
        </button>
        <p className="flex items-center gap-2 text-lg">
          {recording && (
            <span className="text-sm font-semibold text-red-700 uppercase dark:text-red-400">
              <span aria-hidden="true">● </span>Recording
            </span>
          )}
          <span role="timer" aria-live="off" className="font-mono tabular-nums">
            {formatClock(elapsedMs)}
          </span>
          <span className="text-sm text-slate-500 dark:text-slate-400">
            / {formatClock(MAX_RECORDING_MS)}
          </span>
        </p>
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {error && <FormAlert>{error}</FormAlert>}
      {finishing && (
        <p className="text-sm text-slate-600 dark:text-slate-400">Measuring your answer…</p>
      )}
      {recorded && (
        <div className="grid gap-3 rounded-xl bg-slate-50 p-4 dark:bg-slate-800/60">
          {recorded.autoStopped && (
            <p className="text-sm">
              Recording stopped at the {MAX_RECORDING_MS / 60_000}-minute limit. Most strong answers
              take two or three minutes.
            </p>
          )}
          {/* The learner's own voice: their typed or transcribed answer below is its text. */}
          {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
          <audio controls src={recorded.url} aria-label="Your recording" className="w-full" />
          <DeliveryCard figures={recorded.figures} targetMs={targetMs} />
          <div className="flex flex-wrap items-center gap-3">
            {signedIn ? (
              <button
                type="button"
                className={primaryButton}
                onClick={() => void upload()}
                disabled={saving || saved}
              >
                {saving ? 'Saving…' : saved ? 'Saved' : 'Save recording'}
              </button>
            ) : (
              <p className="text-sm">
                <Link
                  to={links.signUp(currentPath)}
                  className="font-semibold text-brand-700 underline dark:text-sky-400"
                >
                  Create a free account
                </Link>{' '}
                to save your recordings.
              </p>
            )}
            <button type="button" className={secondaryButton} onClick={discard} disabled={saving}>
              Discard
            </button>
          </div>
          {signedIn && !saved && (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Save recording keeps this take in your account, so you can replay it later on any
              device.
            </p>
          )}
          {saved && (
            <FormAlert tone="success">
              Recording saved. You’ll find it under “Your recordings” below.
            </FormAlert>
          )}
          {saveFailed && <FormAlert>{saveFailed}</FormAlert>}
        </div>
      )}
    </div>
  );
}
