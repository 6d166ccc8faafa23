import type { DeliveryFigures } from '../../../core/audio/delivery';
import { deliverySummary, minutesSeconds } from '../../../core/audio/delivery-summary';

interface Props {
  /** Null when the browser could not decode its own recording. */
  figures: DeliveryFigures | null;
  targetMs: number;
}

/** How the take sounded: speaking time against the type's target, long pauses, silence, a tip. */
export function DeliveryCard({ figures, targetMs }: Props) {
  if (!figures)
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="delivery">
        This browser could not measure the recording; it still plays and saves.
      </p>
    );
  if (!figures.hasSpeech)
    return (
      <div
        className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        data-testid="delivery"
        data-has-speech="false"
      >
        <p className="font-semibold">We couldn’t hear speech in this take.</p>
        <p className="mt-1">
          Check that the right microphone is selected and not muted, then record again.
        </p>
      </div>
    );
  const { parts, tip } = deliverySummary(figures, targetMs);
  const filled = Math.min(figures.speakingMs / targetMs, 1);
  return (
    <section
      aria-label="Your delivery"
      className="grid gap-2 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
      data-testid="delivery"
      data-has-speech="true"
      data-duration-ms={figures.durationMs}
      data-speaking-ms={figures.speakingMs}
      data-long-pauses={figures.longPauses}
      data-longest-pause-ms={figures.longestPauseMs}
      data-silence={figures.silenceShare.toFixed(3)}
    >
      <h4 className="font-semibold">How it sounded</h4>
      <dl className="grid grid-cols-3 gap-2">
        {parts.map((part) => (
          <div
            key={part.label}
            className="flex flex-col-reverse justify-end rounded-lg bg-slate-50 px-2 py-2 text-center sm:px-3 dark:bg-slate-800"
          >
            <dt className="text-xs leading-snug text-slate-600 sm:text-sm dark:text-slate-400">
              {part.label}
            </dt>
            <dd className="text-xl font-bold tabular-nums sm:text-2xl">{part.value}</dd>
          </div>
        ))}
      </dl>
      {/* Decorative: the first figure says the same in words. */}
      <div
        aria-hidden="true"
        className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div
          className="h-full rounded-full bg-emerald-600 dark:bg-emerald-400"
          style={{ width: `${Math.round(filled * 100)}%` }}
        />
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300">{tip}</p>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        Recording length {minutesSeconds(figures.durationMs)}, of which you spoke for{' '}
        {minutesSeconds(figures.speakingMs)} · measured on this device
      </p>
    </section>
  );
}
