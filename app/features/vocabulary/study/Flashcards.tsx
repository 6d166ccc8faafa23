import { useEffect, useEffectEvent, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { TWord } from '../../../../core/content/vocabulary';
import { paths } from '../../../../core/paths';
import {
  answerStep,
  sessionProgress,
  sessionResult,
  startSession,
  type Session,
} from '../../../../core/vocabulary/session';
import { studyOrder } from '../../../../core/vocabulary/study';
import type { ItemLists } from '../../../../core/items/items';
import { useListAction } from '../../../lib/items';
import { useStartingLists } from '../../../lib/list-changes';
import { useLocalSetting } from '../../../lib/local-store';
import { secondaryButton } from '../../../ui/form';
import { ListenButton } from '../../../ui/ListenButton';
import { Player, useLeave } from '../../../ui/player/Player';
import { PlayerSummary } from '../../../ui/player/PlayerSummary';
import { missedWords, StudySkeleton } from './StudySession';

type Front = 'word' | 'definition';
const FRONTS: readonly Front[] = ['word', 'definition'];

/** How far a card must be swiped to sort it. */
const SWIPE_PX = 80;

interface Props {
  set: { id: string; title: string; words: readonly TWord[] };
}

/**
 * Flashcards over a set: the word or its definition first (the learner's choice, kept on the
 * device), flip, then "Know it" or "Still learning". The still-learning pile comes back
 * until it is empty (core/vocabulary/session.ts). Keys: Space or Enter flips, → knows,
 * ← still learning; on a touch screen, swipe right or left. Cards marked still learning go
 * on the learning list; flashcards alone never mark a word learned.
 */
export function Flashcards({ set }: Props) {
  const lists = useStartingLists('word');
  const [round, setRound] = useState(0);
  if (!lists) return <StudySkeleton />;
  return <Deck key={round} set={set} lists={lists} onAgain={() => setRound((r) => r + 1)} />;
}

/** One pass through the cards, drawn once from the lists as they are when it starts. */
function Deck({ set, lists, onAgain }: Props & { lists: ItemLists; onAgain: () => void }) {
  const [session, setSession] = useState(() =>
    startSession('flashcards', studyOrder(set.words, lists), set.words, Math.random),
  );
  const [front, setFront] = useLocalSetting<Front>('skillway:flashcards-front', 'word', FRONTS);
  const byId = useMemo(() => new Map(set.words.map((w) => [w.id, w])), [set.words]);
  const leave = {
    href: paths.wordSet(set.id),
    note: 'Cards you marked still learning are already noted. You can start again from the set.',
  };
  const leaving = useLeave(leave);
  const act = useListAction('word');

  const step = session.queue[0];
  const word = step && byId.get(step.wordId);
  if (!step || !word) return <FlashcardsDone session={session} set={set} onAgain={onAgain} />;

  const sort = (known: boolean) => {
    if (!known) void act(word.id, 'learning').catch(() => undefined);
    setSession(answerStep(session, known));
  };
  const pile = session.queue.length;
  return (
    <>
      <Player
        id="flashcards"
        label={`Flashcards: ${pile} ${pile === 1 ? 'card' : 'cards'} to go`}
        labelId="flashcards-title"
        heading
        position={sessionProgress(session).finished + 1}
        total={session.planned}
        done={sessionProgress(session).finished}
        leave={leave}
        onLeaveRequest={leaving.ask}
        testId="flashcards"
      >
        <fieldset className="mb-4 flex flex-wrap items-center gap-2 text-sm">
          <legend className="sr-only">Show first</legend>
          <span aria-hidden="true" className="text-slate-600 dark:text-slate-300">
            Show first:
          </span>
          {FRONTS.map((f) => (
            <label
              key={f}
              className="inline-flex min-h-10 cursor-pointer items-center rounded-full border border-slate-300 px-3 has-checked:border-brand-700 has-checked:bg-brand-700 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-brand-600 dark:border-slate-600 dark:has-checked:border-brand-600 dark:has-checked:bg-brand-600"
            >
              <input
                type="radio"
                name="front"
                value={f}
                checked={front === f}
                onChange={() => setFront(f)}
                className="sr-only"
              />
              {f === 'word' ? 'Word' : 'Definition'}
            </label>
          ))}
        </fieldset>
        <Card
          key={`${session.done.length}`}
          word={word}
          front={front}
          onSort={sort}
          onLeave={leaving.ask}
        />
      </Player>
      {leaving.dialog}
    </>
  );
}

/** One card: flip it, then sort it (buttons, keys or a swipe). */
function Card({
  word,
  front,
  onSort,
  onLeave,
}: {
  word: TWord;
  front: Front;
  onSort: (known: boolean) => void;
  onLeave?: () => void;
}) {
  const [flipped, setFlipped] = useState(false);
  const [drag, setDrag] = useState(0);
  // The drag as the gesture goes (the state draws it; the ref decides at its end).
  const dragged = useRef(0);
  const start = useRef<{ x: number; y: number } | null>(null);
  const moveTo = (dx: number) => {
    dragged.current = dx;
    setDrag(dx);
  };
  const cardRef = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => cardRef.current?.focus({ preventScroll: true }), []);
  const onKey = useEffectEvent((e: KeyboardEvent) => {
    const target = e.target as HTMLElement | null;
    if (target?.closest('input, textarea, select') || document.querySelector('dialog[open]'))
      return;
    if (e.metaKey || e.ctrlKey || e.altKey) return;
    if (e.key === 'ArrowRight') {
      e.preventDefault();
      onSort(true);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      onSort(false);
    } else if ((e.key === ' ' || e.key === 'Enter') && target === document.body) {
      // On the card itself the button's own activation flips it.
      e.preventDefault();
      setFlipped((f) => !f);
    } else if (e.key === 'Escape' && onLeave) {
      e.preventDefault();
      onLeave();
    }
  });
  useEffect(() => {
    const listener = (e: KeyboardEvent) => onKey(e);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  const face = (side: Front) =>
    side === 'word' ? (
      <>
        <span className="block text-3xl font-bold sm:text-4xl">{word.word}</span>
        <span className="mt-2 block text-lg text-slate-600 dark:text-slate-300">{word.ipa}</span>
        <span className="mt-1 block text-sm text-slate-500 italic dark:text-slate-400">
          {word.partOfSpeech}
        </span>
      </>
    ) : (
      <span className="block text-xl leading-relaxed sm:text-2xl">{word.definition}</span>
    );
  const back: Front = front === 'word' ? 'definition' : 'word';
  const showing = flipped ? back : front;
  const tilt = Math.max(-12, Math.min(12, drag / 12));
  const hint = drag > SWIPE_PX / 2 ? 'know' : drag < -SWIPE_PX / 2 ? 'learning' : null;

  return (
    <>
      <div className="relative">
        <button
          ref={cardRef}
          type="button"
          onClick={() => {
            if (Math.abs(dragged.current) < 8) setFlipped((f) => !f);
          }}
          onPointerDown={(e) => {
            if (e.pointerType === 'mouse') return;
            start.current = { x: e.clientX, y: e.clientY };
          }}
          onPointerMove={(e) => {
            const s = start.current;
            if (!s) return;
            const dx = e.clientX - s.x;
            if (Math.abs(dx) > Math.abs(e.clientY - s.y)) moveTo(dx);
          }}
          onPointerUp={() => {
            start.current = null;
            if (dragged.current > SWIPE_PX) onSort(true);
            else if (dragged.current < -SWIPE_PX) onSort(false);
            else moveTo(0);
          }}
          onPointerCancel={() => {
            start.current = null;
            moveTo(0);
          }}
          aria-label={`${showing === 'word' ? word.word : word.definition}. ${flipped ? 'Back' : 'Front'} of the card; press to flip.`}
          data-testid="flashcard"
          data-side={showing}
          style={drag ? { transform: `translateX(${drag}px) rotate(${tilt}deg)` } : undefined}
          className={`flex min-h-72 w-full touch-pan-y flex-col items-center justify-center rounded-3xl border-2 bg-white px-6 py-10 text-center shadow-md outline-none select-none focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600 sm:min-h-80 dark:bg-slate-900 ${hint === 'know' ? 'border-emerald-500' : hint === 'learning' ? 'border-amber-500' : 'border-slate-200 dark:border-slate-700'} ${drag ? '' : 'transition-transform duration-200 motion-reduce:transition-none'}`}
        >
          <span key={showing} className="block motion-safe:animate-[flip-in_220ms_ease-out]">
            {face(showing)}
            {flipped && (
              <span className="mt-4 block text-base text-slate-600 italic dark:text-slate-300">
                {word.example}
              </span>
            )}
          </span>
        </button>
        <span className="pointer-events-none absolute inset-x-0 bottom-3 text-center text-sm text-slate-500 dark:text-slate-400">
          {flipped ? '' : 'Tap or press Space to flip'}
        </span>
      </div>
      <div className="mt-5 grid grid-cols-2 gap-3">
        <button
          type="button"
          onClick={() => onSort(false)}
          className="min-h-14 rounded-2xl border-2 border-amber-500 bg-amber-50 px-4 text-base font-semibold text-amber-950 hover:bg-amber-100 dark:bg-amber-950 dark:text-amber-100 dark:hover:bg-amber-900"
        >
          <span aria-hidden="true">← </span>Still learning
        </button>
        <button
          type="button"
          onClick={() => onSort(true)}
          className="min-h-14 rounded-2xl border-2 border-emerald-700 bg-emerald-700 px-4 text-base font-semibold text-white hover:bg-emerald-800 dark:border-emerald-600 dark:bg-emerald-700"
        >
          Know it<span aria-hidden="true"> →</span>
        </button>
      </div>
      <p className="mt-3 text-center text-sm text-slate-600 max-sm:hidden dark:text-slate-300">
        Keys: Space flips, → know it, ← still learning.
      </p>
      {/* Below the buttons: a note from Listen (no voice, say) never moves them. */}
      <div className="mt-4 flex justify-center text-center">
        <ListenButton text={word.word} />
      </div>
      <p className="mt-3 text-center text-sm text-slate-600 sm:hidden dark:text-slate-300">
        Swipe right if you know it, left if you are still learning it.
      </p>
    </>
  );
}

function FlashcardsDone({
  session,
  set,
  onAgain,
}: {
  session: Session;
  set: Props['set'];
  onAgain: () => void;
}) {
  const result = sessionResult(session);
  const missed = missedWords(result.missed, set, (w) => w.word, 'Still learning');
  return (
    <PlayerSummary
      eyebrow="Flashcards finished"
      title={`You knew ${result.right} of ${result.total} at first sight`}
      right={result.right}
      total={result.total}
      verdict={
        result.missed.length === 0
          ? 'You knew every card. Prove it in Learn or the test to mark the words learned.'
          : 'Every card is sorted. Learn turns the ones you were still learning into words you know.'
      }
      missed={missed}
      missedNoun="still-learning card"
      lead="next"
      next={{
        href: paths.wordStudy(set.id, result.missed.length ? 'learn' : 'test'),
        label: result.missed.length ? 'Learn these words →' : 'Take the test →',
      }}
      actions={
        <button type="button" className={secondaryButton} onClick={onAgain}>
          Go through the cards again
        </button>
      }
      testId="study-summary"
    />
  );
}
