import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { FREEZE_EVERY, goalAnswers } from '../../core/progress/goal';
import { paths } from '../../core/paths';
import { useGoalMet } from '../lib/goal-met';
import { primaryButton, secondaryButton } from './form';

/** How long before this moment mounted an announcement may have come (the write settles first). */
const GRACE_MS = 4000;

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/**
 * The moment the daily goal is met: a restrained full-screen card over the practice — a
 * check, the goal and the streak it makes, and one way on ("Keep practicing" closes it;
 * Enter or Escape too). It rises in once; prefers-reduced-motion keeps it still. Mounted
 * where answers are given; shows nothing before the goal is met, and once per announcement.
 * The dialog (showModal) moves focus to "Keep practicing" and gives it back on close.
 */
export function GoalMetBanner({ className = '' }: { className?: string }) {
  const met = useGoalMet();
  const [mountedAt] = useState(() => Date.now());
  const [dismissed, setDismissed] = useState<number | null>(null);
  const show = met !== null && met.at >= mountedAt - GRACE_MS && dismissed !== met.at;
  if (!show) return null;
  return <GoalMetMoment met={met} onClose={() => setDismissed(met.at)} className={className} />;
}

function GoalMetMoment({
  met,
  onClose,
  className,
}: {
  met: NonNullable<ReturnType<typeof useGoalMet>>;
  onClose: () => void;
  className: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // Opened once; the latest onClose is read when Escape is pressed.
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const onCancel = (e: Event) => {
      e.preventDefault();
      close.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-modal="true"
      className={`m-auto h-dvh max-h-none w-full max-w-none bg-transparent p-4 backdrop:bg-emerald-950/70 ${className}`}
    >
      <div className="flex min-h-full items-center justify-center">
        <div
          data-testid="goal-met"
          className="goal-met w-full max-w-md rounded-3xl bg-white p-8 text-center text-slate-900 shadow-2xl dark:bg-slate-900 dark:text-slate-100"
        >
          <span
            aria-hidden="true"
            className="mx-auto grid size-20 place-items-center rounded-full bg-emerald-600 text-4xl font-bold text-white"
          >
            ✓
          </span>
          <h2 id={titleId} className="mt-5 text-3xl font-bold">
            Daily goal met!
          </h2>
          <p className="mt-2 text-lg">
            {goalAnswers(met.goal)} today
            {met.streak > 0 && (
              <>
                {' · '}
                <span className="font-semibold">a {days(met.streak)} streak</span>
              </>
            )}
            .
          </p>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            Every {FREEZE_EVERY} days in a row earns a streak freeze for a busy day.
          </p>
          <div className="mt-6 flex flex-col gap-3">
            <button type="button" className={`${primaryButton} min-h-12`} onClick={onClose}>
              Keep practicing
            </button>
            <Link to={paths.home()} className={`${secondaryButton} min-h-12`} onClick={onClose}>
              See Today
            </Link>
          </div>
        </div>
      </div>
    </dialog>
  );
}
