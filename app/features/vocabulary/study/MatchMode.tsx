import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'wouter';
import type { TWord } from '../../../../core/content/vocabulary';
import { links, paths } from '../../../../core/paths';
import {
  MATCH_PAIRS,
  MATCH_PENALTY_MS,
  beatsBest,
  clearWrong,
  formatMatchClock,
  formatMatchTime,
  isPlausibleMatchMs,
  matchDone,
  matchResultMs,
  newMatch,
  onBoard,
  selectTile,
  type MatchMistake,
  type MatchState,
  type MatchTile,
} from '../../../../core/vocabulary/match';
import { STUDY_MODE_INFO, type StudyMode } from '../../../../core/vocabulary/study';
import { useCurrentPath } from '../../../lib/navigation';
import { primaryButton, secondaryButton } from '../../../ui/form';
import { continueButton, ItemPrompt, Player, useLeave } from '../../../ui/player/Player';
import { usePlayerKeys } from '../../../ui/player/use-player-keys';
import { MissedList, SessionSummary } from '../../../ui/SessionSummary';
import { keepMatchTime, useMatchBest, type MatchKept } from './match-best';

interface Props {
  set: { id: string; title: string; words: readonly TWord[] };
  signedIn: boolean;
  nextSet: { id: string; title: string } | null;
}

interface Finished {
  ms: number;
  mistakes: readonly MatchMistake[];
  /** The best before this game, as shown on the start screen. */
  bestBefore: number | null;
  /** The time being kept (null: too fast to be a person's, not kept). */
  saving: Promise<MatchKept> | null;
}

/**
 * Match (issue 27): six words of the set and their meanings as twelve tiles, paired against
 * the clock (rules in core/vocabulary/match.ts). A start screen first — the tiles appear,
 * and the clock starts, on "Start", so nobody reads the board for free — then the board in
 * the practice player, then the time, the best time and what was mixed up. The board is
 * drawn in the click that starts it, so nothing random is rendered on the server.
 */
export function MatchMode({ set, signedIn, nextSet }: Props) {
  const { best, known } = useMatchBest(set.id, signedIn);
  const [board, setBoard] = useState<{ run: number; state: MatchState } | null>(null);
  const [finished, setFinished] = useState<Finished | null>(null);
  const leaving = useLeave({
    href: paths.wordSet(set.id),
    note: board ? 'This game’s time will not be kept.' : 'You have not started: nothing is lost.',
  });
  const start = () => {
    setFinished(null);
    setBoard((b) => ({ run: (b?.run ?? 0) + 1, state: newMatch(set.words, Math.random) }));
  };

  if (finished) {
    return (
      <MatchSummary
        set={set}
        finished={finished}
        signedIn={signedIn}
        nextSet={nextSet}
        onPlayAgain={start}
      />
    );
  }
  return (
    <>
      {board ? (
        <MatchBoard
          key={board.run}
          initial={board.state}
          words={set.words}
          onLeave={leaving.ask}
          leaveHref={paths.wordSet(set.id)}
          onFinish={(ms, mistakes) =>
            setFinished({
              ms,
              mistakes,
              bestBefore: best,
              saving: isPlausibleMatchMs(ms) ? keepMatchTime(set.id, ms, best) : null,
            })
          }
        />
      ) : (
        <MatchIntro
          setTitle={set.title}
          best={best}
          bestKnown={known}
          signedIn={signedIn}
          onStart={start}
          onLeave={leaving.ask}
          leaveHref={paths.wordSet(set.id)}
        />
      )}
      {leaving.dialog}
    </>
  );
}

const LABEL_ID = 'match-progress';

/** Before the clock: what the game asks, the best so far, and "Start" (Enter). */
function MatchIntro({
  setTitle,
  best,
  bestKnown,
  signedIn,
  onStart,
  onLeave,
  leaveHref,
}: {
  setTitle: string;
  best: number | null;
  bestKnown: boolean;
  signedIn: boolean;
  onStart: () => void;
  onLeave?: () => void;
  leaveHref: string;
}) {
  const promptRef = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => {
    promptRef.current?.focus({ preventScroll: true });
  }, []);
  usePlayerKeys({
    optionCount: 0,
    answered: true,
    choose: () => {},
    onEnter: onStart,
    onEscape: onLeave,
  });
  return (
    <Player
      label={`Match: 0 of ${MATCH_PAIRS} pairs`}
      labelId={LABEL_ID}
      heading
      position={0}
      total={MATCH_PAIRS}
      done={0}
      leave={{ href: leaveHref, note: '' }}
      onLeaveRequest={onLeave}
      aside={<Clock ms={0} />}
      testId="match-intro"
    >
      <ItemPrompt id="match-intro-title" promptRef={promptRef}>
        Match each word to its meaning
      </ItemPrompt>
      <p className="mt-2 max-w-2xl text-slate-700 dark:text-slate-200">
        Six words from {setTitle}, mixed with their meanings. Select a word, then its meaning: a
        right pair leaves the board. The clock starts when the tiles appear, and each wrong pair
        adds 1 second.
      </p>
      <p
        className={`mt-3 font-semibold ${bestKnown ? '' : 'invisible'}`}
        data-testid="match-intro-best"
      >
        {best === null
          ? 'No best time yet: this game sets it.'
          : `Your best${signedIn ? '' : ' on this device'}: ${formatMatchClock(best)}`}
      </p>
      <div className="mt-5 flex flex-wrap items-center gap-3">
        <button type="button" className={`${continueButton} max-sm:w-full`} onClick={onStart}>
          Start
        </button>
        <span className="hidden text-sm text-slate-600 sm:inline dark:text-slate-300">
          or press Enter
        </span>
      </div>
    </Player>
  );
}

/** The clock beside the progress bar: read on demand (role timer is not announced). */
function Clock({ ms, penalty }: { ms: number; penalty?: number }) {
  return (
    <div className="relative flex shrink-0 items-center">
      <p
        role="timer"
        className="font-mono text-lg font-bold tabular-nums sm:text-xl"
        data-testid="match-clock"
      >
        <span className="sr-only">Time: </span>
        {formatMatchClock(ms)}
      </p>
      {/* Each wrong pair: "+1 s" rises under the clock (keyed, so a second one plays again). */}
      {penalty ? (
        <span
          key={penalty}
          aria-hidden="true"
          className="absolute top-full right-0 mt-0.5 rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold whitespace-nowrap text-white motion-safe:animate-[goal-met-in_200ms_ease-out] dark:bg-red-500"
          data-testid="match-penalty"
        >
          +{MATCH_PENALTY_MS / 1000} s
        </span>
      ) : null}
    </div>
  );
}

/** Milliseconds since `t` (performance.now), read in the click that ends the game. */
const msSince = (t: number) => performance.now() - t;

/** How long a wrong pair stays red, and how long a right pair takes to leave. */
const WRONG_MS = 700;
const LEAVE_MS = 450;

/** The board: twelve tiles as buttons, the clock, the pairs found. */
function MatchBoard({
  initial,
  words,
  onLeave,
  leaveHref,
  onFinish,
}: {
  initial: MatchState;
  words: readonly TWord[];
  onLeave?: () => void;
  leaveHref: string;
  onFinish: (ms: number, mistakes: readonly MatchMistake[]) => void;
}) {
  const [state, setState] = useState(initial);
  const [elapsed, setElapsed] = useState(0);
  const [finalMs, setFinalMs] = useState<number | null>(null);
  const [penaltyShown, setPenaltyShown] = useState(0);
  const [said, setSaid] = useState('');
  const startedAt = useRef(0);
  const ticking = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const list = useRef<HTMLUListElement>(null);
  const refocus = useRef<number | null>(null);
  const pairs = state.tiles.length / 2;
  const found = state.found.length;

  // The clock starts once the board is on screen, and ticks in tenths.
  useEffect(() => {
    startedAt.current = performance.now();
    ticking.current = setInterval(() => setElapsed(performance.now() - startedAt.current), 100);
    list.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
    return () => clearInterval(ticking.current);
  }, []);

  // A wrong pair is red for a moment, then plain again.
  const wrong = state.wrong;
  useEffect(() => {
    if (!wrong) return;
    const t = setTimeout(() => setState((s) => (s.wrong === wrong ? clearWrong(s) : s)), WRONG_MS);
    return () => clearTimeout(t);
  }, [wrong]);
  useEffect(() => {
    if (!penaltyShown) return;
    const t = setTimeout(() => setPenaltyShown(0), 900);
    return () => clearTimeout(t);
  }, [penaltyShown]);

  // The last pair: the clock stops at once; the summary comes once the tiles have left.
  const finish = useRef<{ ms: number; mistakes: readonly MatchMistake[] } | null>(null);
  useEffect(() => {
    if (finalMs === null || !finish.current) return;
    const { ms, mistakes } = finish.current;
    const t = setTimeout(() => onFinish(ms, mistakes), LEAVE_MS);
    return () => clearTimeout(t);
  }, [finalMs, onFinish]);

  // A pair that left with focus on it: focus goes on to the next tile still on the board.
  useLayoutEffect(() => {
    const from = refocus.current;
    if (from === null) return;
    refocus.current = null;
    const buttons = tileButtons(list.current);
    const active = document.activeElement;
    if (active && active !== document.body && !(active as HTMLButtonElement).disabled) return;
    const all = [...(list.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const after = all.slice(from + 1).find((b) => !b.disabled) ?? buttons[buttons.length - 1];
    after?.focus();
  });

  const wordOf = (id: string) => words.find((w) => w.id === id);

  function choose(tile: MatchTile, index: number) {
    if (finalMs !== null) return;
    const { state: next, move } = selectTile(state, tile.id);
    setState(next);
    if (move.kind === 'found') {
      refocus.current = index;
      const done = matchDone(next);
      setSaid(
        `Right: ${wordOf(move.wordId)?.word ?? ''}. ${done ? 'All pairs found.' : `${next.found.length} of ${pairs} pairs found.`}`,
      );
      if (done) {
        clearInterval(ticking.current);
        const ms = matchResultMs(msSince(startedAt.current), next.mistakes.length);
        finish.current = { ms, mistakes: next.mistakes };
        setFinalMs(ms);
      }
    } else if (move.kind === 'wrong') {
      setPenaltyShown(next.mistakes.length);
      setSaid(
        `Not a pair: 1 second added. ${next.mistakes.length} wrong ${next.mistakes.length === 1 ? 'pair' : 'pairs'} so far.`,
      );
    }
  }

  usePlayerKeys({ optionCount: 0, answered: false, choose: () => {}, onEscape: onLeave });

  const shownMs = finalMs ?? Math.floor(elapsed) + state.mistakes.length * MATCH_PENALTY_MS;
  return (
    <Player
      label={`Match: ${found} of ${pairs} pairs`}
      labelId={LABEL_ID}
      heading
      position={found}
      total={pairs}
      done={found}
      leave={{ href: leaveHref, note: '' }}
      onLeaveRequest={onLeave}
      aside={<Clock ms={shownMs} penalty={penaltyShown} />}
      testId="match-board"
    >
      <p className="sr-only" role="status" aria-live="polite" data-testid="match-said">
        {said}
      </p>
      <StuckClock ms={shownMs} found={found} pairs={pairs} penalty={penaltyShown} />
      <ul
        ref={list}
        aria-label="Tiles: words and meanings"
        className="mt-1 grid grid-cols-2 gap-2 sm:auto-rows-fr sm:grid-cols-3 sm:gap-3 lg:grid-cols-4"
      >
        {state.tiles.map((tile, i) => (
          <li key={tile.id}>
            <Tile
              tile={tile}
              look={
                !onBoard(state, tile)
                  ? 'found'
                  : state.wrong?.includes(tile.id)
                    ? 'wrong'
                    : state.selected === tile.id
                      ? 'selected'
                      : 'plain'
              }
              onChoose={() => choose(tile, i)}
              onKeyDown={(e) => moveFocus(e, list.current)}
            />
          </li>
        ))}
      </ul>
      <p className="mt-3 hidden text-sm text-slate-600 sm:block dark:text-slate-300">
        Select a word, then its meaning. Keys: Tab or the arrow keys move between tiles, Enter or
        Space selects, Escape leaves.
      </p>
    </Player>
  );
}

/**
 * A long board scrolls on a small phone, taking the progress row and its clock with it: then
 * a small copy of the clock and the pairs found stays at the top of the screen, under the top
 * bar (the timer above is the one assistive technology reads).
 */
function StuckClock({
  ms,
  found,
  pairs,
  penalty,
}: {
  ms: number;
  found: number;
  pairs: number;
  penalty: number;
}) {
  const mark = useRef<HTMLDivElement>(null);
  const [stuck, setStuck] = useState(false);
  useEffect(() => {
    // Watches the player's own clock: gone under the top bar (h-14), the copy shows.
    const clock = mark.current?.closest('section')?.querySelector('[role="timer"]');
    if (!clock || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      ([entry]) =>
        setStuck(entry ? !entry.isIntersecting && entry.boundingClientRect.top < 56 : false),
      { rootMargin: '-56px 0px 0px 0px' },
    );
    observer.observe(clock);
    return () => observer.disconnect();
  }, []);
  return (
    <>
      <div ref={mark} aria-hidden="true" />
      <div aria-hidden="true" className="sticky top-14 z-10 h-0">
        {stuck && (
          <div
            className="-mx-4 flex items-center gap-3 border-b border-slate-200 bg-white/95 px-4 py-2 backdrop-blur dark:border-slate-700 dark:bg-slate-950/95"
            data-testid="match-clock-stuck"
          >
            <div className="h-2 min-w-0 flex-1 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700">
              <div
                className="h-full rounded-full bg-emerald-500"
                style={{ width: `${Math.round((found / pairs) * 100)}%` }}
              />
            </div>
            <span className="text-sm font-semibold text-slate-600 dark:text-slate-300">
              {found}/{pairs}
            </span>
            {penalty > 0 && (
              <span
                key={penalty}
                className="rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white dark:bg-red-500"
              >
                +{MATCH_PENALTY_MS / 1000} s
              </span>
            )}
            <span className="font-mono text-base font-bold tabular-nums">
              {formatMatchClock(ms)}
            </span>
          </div>
        )}
      </div>
    </>
  );
}

type TileLook = 'plain' | 'selected' | 'wrong' | 'found';

const tileLook: Record<TileLook, string> = {
  plain:
    'border-slate-300 bg-white hover:border-brand-600 dark:border-slate-600 dark:bg-slate-900 dark:hover:border-sky-400',
  selected:
    'border-brand-600 bg-brand-50 ring-2 ring-brand-600 text-slate-950 shadow-raised -translate-y-0.5 motion-reduce:translate-y-0 dark:border-sky-400 dark:bg-sky-950 dark:text-white dark:ring-sky-400',
  wrong:
    'border-red-600 bg-red-50 text-red-950 animate-answer-wrong motion-reduce:animate-none dark:border-red-500 dark:bg-red-950 dark:text-red-100',
  // Green at once, then fading and shrinking away; under reduced motion, green then gone.
  found:
    'pointer-events-none invisible scale-90 border-emerald-600 bg-emerald-50 text-emerald-950 opacity-0 [transition:opacity_250ms_ease-in_150ms,scale_250ms_ease-in_150ms,visibility_0s_linear_400ms] motion-reduce:scale-100 motion-reduce:opacity-100 motion-reduce:[transition:visibility_0s_linear_300ms] dark:border-emerald-500 dark:bg-emerald-950 dark:text-emerald-100',
};

/** One tile: a word (bold) or a meaning (smaller, left-aligned to read), said with its side. */
function Tile({
  tile,
  look,
  onChoose,
  onKeyDown,
}: {
  tile: MatchTile;
  look: TileLook;
  onChoose: () => void;
  onKeyDown: (e: KeyboardEvent<HTMLButtonElement>) => void;
}) {
  const word = tile.side === 'word';
  return (
    <button
      type="button"
      onClick={onChoose}
      onKeyDown={onKeyDown}
      disabled={look === 'found'}
      aria-pressed={look === 'selected'}
      data-tile={tile.side}
      className={`flex h-full min-h-12 w-full items-center rounded-card border-2 px-2.5 py-2 break-words shadow-card sm:min-h-16 sm:px-3 sm:py-2.5 ${look === 'found' ? '' : 'transition-[color,background-color,border-color,translate] duration-150 motion-reduce:transition-none'} ${word ? 'justify-center text-center text-base font-semibold sm:text-lg' : 'text-left text-[0.8125rem] leading-[1.125rem] sm:text-base sm:leading-normal'} ${tileLook[look]}`}
    >
      <span className="min-w-0 hyphens-auto">
        <span className="sr-only">{word ? 'Word: ' : 'Meaning: '}</span>
        {tile.text}
        {look === 'wrong' && <span className="sr-only"> (not a pair)</span>}
      </span>
    </button>
  );
}

function tileButtons(list: HTMLElement | null): HTMLButtonElement[] {
  return [...(list?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? [])];
}

/**
 * Arrow keys between the tiles still on the board: left and right in reading order, up and
 * down to the nearest tile of the row above or below (rows differ in height); Home and End.
 */
function moveFocus(e: KeyboardEvent<HTMLElement>, list: HTMLElement | null) {
  const buttons = tileButtons(list);
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (at < 0) return;
  const here = buttons[at]!.getBoundingClientRect();
  const center = (r: DOMRect) => r.left + r.width / 2;
  const nearestIn = (rects: { b: HTMLButtonElement; r: DOMRect }[], rowTop: number) =>
    rects
      .filter(({ r }) => Math.abs(r.top - rowTop) < 4)
      .sort(
        (x, y) => Math.abs(center(x.r) - center(here)) - Math.abs(center(y.r) - center(here)),
      )[0]?.b;
  const rects = buttons.map((b) => ({ b, r: b.getBoundingClientRect() }));
  let next: HTMLButtonElement | undefined;
  if (e.key === 'ArrowRight') next = buttons[at + 1];
  else if (e.key === 'ArrowLeft') next = buttons[at - 1];
  else if (e.key === 'Home') next = buttons[0];
  else if (e.key === 'End') next = buttons[buttons.length - 1];
  else if (e.key === 'ArrowDown') {
    const below = rects.filter(({ r }) => r.top >= here.bottom - 2);
    if (below.length) next = nearestIn(below, Math.min(...below.map(({ r }) => r.top)));
  } else if (e.key === 'ArrowUp') {
    const above = rects.filter(({ r }) => r.bottom <= here.top + 2);
    if (above.length) next = nearestIn(above, Math.max(...above.map(({ r }) => r.top)));
  } else return;
  e.preventDefault();
  next?.focus();
}

/** The end: the time, the best, the pairs mixed up, and what next. */
function MatchSummary({
  set,
  finished,
  signedIn,
  nextSet,
  onPlayAgain,
}: {
  set: Props['set'];
  finished: Finished;
  signedIn: boolean;
  nextSet: Props['nextSet'];
  onPlayAgain: () => void;
}) {
  const { ms, mistakes, bestBefore } = finished;
  const plausible = finished.saving !== null;
  const [saving, setSaving] = useState(finished.saving);
  const [kept, setKept] = useState<MatchKept | null>(null);
  const [failed, setFailed] = useState(false);
  const currentPath = useCurrentPath();
  useEffect(() => {
    saving?.then(setKept, () => setFailed(true));
  }, [saving]);
  const retry = () => {
    setFailed(false);
    setSaving(keepMatchTime(set.id, ms, bestBefore));
  };
  usePlayerKeys({ optionCount: 0, answered: true, choose: () => {}, onEnter: onPlayAgain });

  // Shown at once from the best known before the game; the server's answer replaces it.
  const newBest = kept ? kept.newBest : beatsBest(ms, bestBefore);
  const bestMs = kept ? kept.bestMs : newBest ? ms : bestBefore;
  const byId = new Map(set.words.map((w) => [w.id, w]));
  const mixedUp = [
    ...new Map(mistakes.map((m) => [`${m.wordId}:${m.definitionOf}`, m])).values(),
  ].flatMap((m) => {
    const word = byId.get(m.wordId);
    const other = byId.get(m.definitionOf);
    return word && other
      ? [
          {
            key: `${m.wordId}:${m.definitionOf}`,
            prompt: `“${word.word}”`,
            yours: other.definition,
            correct: word.definition,
            explanation: `That meaning is “${other.word}”.`,
            link: { to: links.word(set.id, word.id), label: `Open “${word.word}”` },
          },
        ]
      : [];
  });
  // Prove what the game practised: the test marks words learned (Listen needs a voice).
  const nextMode: StudyMode = 'test';
  return (
    <SessionSummary
      eyebrow="Match finished"
      title={`${newBest && bestBefore !== null ? 'New best' : 'Your time'}: ${formatMatchTime(ms)}`}
      testId="match-summary"
      className="motion-safe:animate-[goal-met-in_320ms_ease-out]"
    >
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:max-w-md">
        <div className="rounded-card bg-slate-100 p-3 dark:bg-slate-800">
          <dt className="text-sm text-slate-600 dark:text-slate-300">Time</dt>
          <dd className="font-mono text-2xl font-bold tabular-nums" data-testid="match-time">
            {formatMatchClock(ms)}
          </dd>
        </div>
        <div
          className={`rounded-card p-3 ${newBest ? 'bg-emerald-50 ring-2 ring-emerald-600 dark:bg-emerald-950 dark:ring-emerald-500' : 'bg-slate-100 dark:bg-slate-800'}`}
        >
          <dt className="text-sm text-slate-600 dark:text-slate-300">Best</dt>
          <dd className="font-mono text-2xl font-bold tabular-nums" data-testid="match-best">
            {bestMs === null ? '—' : formatMatchClock(bestMs)}
          </dd>
        </div>
      </dl>
      <p className="mt-3 text-slate-700 dark:text-slate-200" data-testid="match-verdict">
        {newBest ? (
          <strong className="font-semibold text-success">
            {bestBefore === null
              ? 'Your first time in this set: now beat it.'
              : bestBefore - ms >= 100
                ? `${formatMatchTime(bestBefore - ms)} faster than your best before.`
                : 'Just ahead of your best before.'}
          </strong>
        ) : bestMs !== null && plausible ? (
          `${formatMatchTime(ms - bestMs)} behind your best.`
        ) : null}{' '}
        {mistakes.length === 0
          ? 'No wrong pairs.'
          : `Includes ${mistakes.length} s for ${mistakes.length} wrong ${mistakes.length === 1 ? 'pair' : 'pairs'}.`}
      </p>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300" role="status">
        {!plausible
          ? 'Times under a second are not kept.'
          : failed || !signedIn
            ? null
            : kept?.where === 'outbox'
              ? 'Kept on this device: it will be saved when you are back online.'
              : kept
                ? 'Your best time is kept on your account.'
                : 'Saving your time…'}
      </p>
      {failed && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          Your time could not be saved.{' '}
          <button type="button" className="font-semibold underline" onClick={retry}>
            Try again
          </button>
        </p>
      )}
      {!signedIn && plausible && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          Your best time is kept on this device.{' '}
          <Link
            to={links.signUp(currentPath)}
            className="font-semibold text-brand-700 underline dark:text-sky-400"
          >
            Create an account
          </Link>{' '}
          to keep your best times on every device.
        </p>
      )}
      <div className="mt-5 grid gap-3 sm:flex sm:flex-wrap">
        <button type="button" className={primaryButton} onClick={onPlayAgain}>
          Play again
        </button>
        {nextMode && (
          <Link to={paths.wordStudy(set.id, nextMode)} className={secondaryButton}>
            Next: {STUDY_MODE_INFO[nextMode].title}
          </Link>
        )}
        <Link
          to={nextSet ? paths.wordSet(nextSet.id) : paths.wordSet(set.id)}
          className={secondaryButton}
        >
          {nextSet ? `Next word set: ${nextSet.title}` : 'Back to the words'}
        </Link>
      </div>
      <MissedList items={mixedUp} noun="mix-up" />
    </SessionSummary>
  );
}
