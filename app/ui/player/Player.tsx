import { useCallback, useLayoutEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { Link } from 'wouter';
import { CloseIcon } from '../icons';
import { primaryButton, secondaryButton } from '../form';
import { ModalDialog } from '../ModalDialog';
import { useFocusedTask } from './focused-task';

/**
 * The practice player (PRODUCT.md "The player"): one item at a time under a progress bar,
 * with the answer's feedback in a sheet at the bottom of the screen, where the thumb is.
 * The topic quiz, the deep dive, review and the word game all use it; each keeps its own
 * rules (core/) and passes what to show.
 *
 * On a phone the shell's tab bar gives way to the player (`useFocusedPlayer`), the sheet is
 * fixed at the bottom edge (`--bottom-bar-height`, 0 there) and the player reserves its
 * height below the item, so the options scroll clear of it and answering never scrolls. From the sm
 * breakpoint, where the item fits beside plenty of room, it sits in the flow under the item.
 */
export function Player({
  label,
  labelId,
  heading = false,
  position,
  total,
  done,
  aside,
  leave,
  onLeaveRequest,
  feedback,
  after,
  id,
  testId,
  children,
}: {
  /** The visible progress text, e.g. 'Practice: 3 / 10' (also the bar's name). */
  label: string;
  labelId: string;
  /** Show the label as the player's h2 (the topic quiz's heading). */
  heading?: boolean;
  /** 1-based position of the item on screen. */
  position: number;
  total: number;
  /** Items finished, for the bar's fill. */
  done: number;
  /** Beside the progress, e.g. the running points. */
  aside?: ReactNode;
  /** Where leaving goes; Escape and the close button ask first. */
  leave?: { href: string; note: string };
  /** Set by `useLeave` so the page's keyboard (Escape) can open the same question. */
  onLeaveRequest?: () => void;
  /** The feedback sheet, once the item is answered. */
  feedback?: ReactNode;
  /** After the sheet (on a wide screen, where it sits under the options): share links, say. */
  after?: ReactNode;
  id?: string;
  testId?: string;
  children: ReactNode;
}) {
  useFocusedTask();
  const fill = total === 0 ? 0 : Math.min(100, Math.round((done / total) * 100));
  const Label = heading ? 'h2' : 'p';
  return (
    <section id={id} aria-labelledby={labelId} className="scroll-mt-20" data-testid={testId}>
      <div className="flex items-center gap-3">
        {leave && onLeaveRequest && (
          <button
            type="button"
            onClick={onLeaveRequest}
            aria-label="Leave practice"
            className="-ml-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
          >
            <CloseIcon />
          </button>
        )}
        <div
          role="progressbar"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={position}
          className="h-3 min-w-0 flex-1 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
        >
          <div
            className="h-full rounded-full bg-emerald-500 transition-[width] duration-300 motion-reduce:transition-none"
            style={{ width: `${fill}%` }}
          />
        </div>
        {aside}
      </div>
      <Label
        id={labelId}
        className="mt-3 text-sm font-semibold tracking-wide text-slate-600 dark:text-slate-300"
      >
        {label}
      </Label>
      <div className="mt-2">{children}</div>
      {feedback}
      {after}
    </section>
  );
}

export type SheetTone = 'right' | 'wrong' | 'neutral';

const sheetTone: Record<SheetTone, string> = {
  right: 'border-emerald-600 bg-emerald-50 dark:border-emerald-500 dark:bg-emerald-950',
  wrong: 'border-red-600 bg-red-50 dark:border-red-500 dark:bg-red-950',
  neutral: 'border-slate-300 bg-white dark:border-slate-600 dark:bg-slate-900',
};

/**
 * After an answer: right or wrong (in words and colour), the feedback phrase, the
 * explanation and the way on. Fixed at the bottom of the screen above the bottom bar; on a
 * wide screen it spans the content's width. Its content is a polite live region.
 */
export function FeedbackSheet({
  tone,
  title,
  titleTestId,
  correct,
  children,
  actions,
}: {
  tone: SheetTone;
  title: ReactNode;
  titleTestId?: string;
  /** The right answer, said in words after a wrong one (the options may be under the sheet). */
  correct?: ReactNode;
  children?: ReactNode;
  /** The continue button first (it takes focus), then any secondary choices. */
  actions: ReactNode;
}) {
  // Room below the item as tall as the sheet, so the sheet never covers the item's end.
  const spacer = useRef<HTMLDivElement>(null);
  const sheet = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const box = sheet.current;
    if (!box) return;
    const fit = () => {
      if (spacer.current) spacer.current.style.height = `${box.offsetHeight + 16}px`;
      // A long explanation scrolls inside the sheet: then it takes keyboard focus too.
      const text = body.current;
      if (text) text.tabIndex = text.scrollHeight > text.clientHeight + 1 ? 0 : -1;
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return (
    <>
      <div ref={spacer} aria-hidden="true" className="h-56 sm:hidden" />
      <div className="fixed inset-x-0 bottom-[calc(var(--bottom-bar-height,4rem)+env(safe-area-inset-bottom))] z-20 px-2 pb-2 sm:static sm:mt-4 sm:p-0">
        {/* On a phone at most 45% of the screen: the explanation scrolls inside, the way on
            stays at the sheet's foot. */}
        <div
          ref={sheet}
          className={`flex max-h-[45dvh] flex-col rounded-2xl border-2 shadow-xl motion-safe:animate-[goal-met-in_200ms_ease-out] sm:max-h-none ${sheetTone[tone]}`}
          data-testid="player-sheet"
        >
          <div
            ref={body}
            role="status"
            aria-live="polite"
            className="min-h-0 outline-none focus-visible:outline-2 flex-1 overflow-y-auto px-4 pt-4 sm:px-5 sm:pt-5"
          >
            <p className="flex items-center gap-2 text-lg font-bold" data-testid={titleTestId}>
              {tone !== 'neutral' && (
                <span
                  aria-hidden="true"
                  className={`grid size-7 shrink-0 place-items-center rounded-full text-base text-white ${tone === 'right' ? 'bg-emerald-600' : 'bg-red-600'}`}
                >
                  {tone === 'right' ? '✓' : '✗'}
                </span>
              )}
              <span>{title}</span>
            </p>
            {tone === 'wrong' && correct != null && (
              <p
                className="mt-2 font-semibold text-slate-900 dark:text-white"
                data-testid="sheet-correct"
              >
                Correct answer: <span className="font-bold">{correct}</span>
              </p>
            )}
            {children && <div className="mt-2 text-slate-800 dark:text-slate-100">{children}</div>}
          </div>
          <div className="flex shrink-0 flex-wrap items-center gap-3 px-4 pt-3 pb-4 sm:px-5 sm:pb-5 [&>*:first-child]:grow sm:[&>*:first-child]:grow-0">
            {actions}
          </div>
        </div>
      </div>
    </>
  );
}

/** The continue button's look: the primary button, full height for a thumb. */
export const continueButton = `${primaryButton} min-h-12 px-6 text-base`;
export const sheetSecondary = `${secondaryButton} min-h-12`;

/** Leaving a session asks first (Escape or the close button); `ask` opens the question. */
export function useLeave(leave: { href: string; note: string } | undefined) {
  const [asking, setAsking] = useState(false);
  const ask = useCallback(() => setAsking(true), []);
  const close = useCallback(() => setAsking(false), []);
  const dialog =
    leave && asking ? (
      <ModalDialog title="Leave this practice?" onClose={close} className="max-w-sm">
        <p className="mt-2 text-slate-700 dark:text-slate-200">{leave.note}</p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row-reverse">
          <button type="button" className={primaryButton} onClick={close}>
            Keep practicing
          </button>
          <Link to={leave.href} className={secondaryButton}>
            Leave
          </Link>
        </div>
      </ModalDialog>
    ) : null;
  return { ask: leave ? ask : undefined, dialog };
}

/** An item's prompt: focused when a new item appears, so a screen reader reads it. */
export function ItemPrompt({
  id,
  promptRef,
  level = 3,
  children,
}: {
  id: string;
  promptRef?: Ref<HTMLHeadingElement>;
  /** 2 where the player's label is not a heading (review). */
  level?: 2 | 3;
  children: ReactNode;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <Heading ref={promptRef} id={id} tabIndex={-1} className="text-xl font-medium outline-none">
      {children}
    </Heading>
  );
}
