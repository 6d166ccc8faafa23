import { useState } from 'react';
import { FormAlert, secondaryButton } from '../../ui/form';
import { Skeleton } from '../../ui/Skeleton';
import { deleteRecording, useRecordings } from './queries';
import { formatClock, formatRecordedAt } from './format';

// A stable ref callback: moves focus into the confirmation when it appears.
const focusOnMount = (el: HTMLButtonElement | null) => el?.focus();

const dangerButton =
  'inline-flex items-center justify-center rounded-lg border border-red-300 px-3 py-2 text-sm font-semibold text-red-800 hover:bg-red-50 dark:border-red-800 dark:text-red-300 dark:hover:bg-red-950';

/** The signed-in learner's saved answers to one question, newest first. */
export function PastRecordings({ questionId }: { questionId: string }) {
  const { data, error } = useRecordings(questionId);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  async function remove(id: string) {
    setConfirming(null);
    setMessage(null);
    await deleteRecording(questionId, id).catch(() =>
      setMessage('That recording could not be deleted. Please try again.'),
    );
  }

  if (error && !data) return <FormAlert>Your recordings could not be loaded.</FormAlert>;
  if (!data) return <Skeleton lines={2} />;
  return (
    <div className="grid gap-3">
      {message && <FormAlert>{message}</FormAlert>}
      {data.recordings.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-400">No recordings yet for this question.</p>
      ) : (
        <ul className="grid gap-3" aria-label="Your recordings">
          {data.recordings.map((r) => {
            const when = formatRecordedAt(r.createdAt);
            return (
              <li
                key={r.id}
                className="grid gap-2 rounded-xl border border-slate-200 p-3 dark:border-slate-700"
              >
                <p className="text-sm">
                  <time dateTime={r.createdAt} className="font-medium">
                    {when}
                  </time>
                  {' · '}
                  {r.durationMs > 0 ? formatClock(r.durationMs) : 'length unknown'}
                </p>
                {/* The learner's own voice; their saved reviews keep its transcript. */}
                {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
                <audio
                  controls
                  preload="metadata"
                  src={r.url}
                  aria-label={`Recording from ${when}`}
                  className="w-full"
                />
                {confirming === r.id ? (
                  <div
                    className="flex flex-wrap items-center gap-2 text-sm"
                    role="group"
                    aria-label={`Delete the recording from ${when}?`}
                  >
                    <span>Delete this recording for good?</span>
                    <button
                      type="button"
                      className={dangerButton}
                      onClick={() => void remove(r.id)}
                    >
                      Yes, delete
                    </button>
                    <button
                      ref={focusOnMount}
                      type="button"
                      className={secondaryButton}
                      onClick={() => setConfirming(null)}
                    >
                      Keep it
                    </button>
                  </div>
                ) : (
                  <button
                    type="button"
                    className={`${dangerButton} justify-self-start`}
                    aria-label={`Delete recording from ${when}`}
                    onClick={() => setConfirming(r.id)}
                  >
                    Delete
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
