import { useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { TWord } from '../../../core/content/vocabulary';
import { optionTone } from '../../../core/grammar/scoring';
import { links, paths } from '../../../core/paths';
import { shuffle } from '../../../core/random';
import { patchItem } from '../../lib/items';
import { useCurrentPath } from '../../lib/navigation';
import { useHydrated } from '../../lib/ssr-data';
import { AnswerOption } from '../../ui/AnswerOption';
import { secondaryButton } from '../../ui/form';
import {
  continueButton,
  FeedbackSheet,
  ItemPrompt,
  Player,
  useLeave,
} from '../../ui/player/Player';
import { PlayerSummary } from '../../ui/player/PlayerSummary';
import { usePlayerKeys } from '../../ui/player/use-player-keys';

const ROUNDS = 5;

interface Round {
  word: TWord;
  options: TWord[];
}

/**
 * Five definitions, each with four words to choose from; `only` asks those words (a retry
 * of the missed ones), with options still drawn from the whole set.
 */
export function makeRounds(
  words: readonly TWord[],
  random: () => number = Math.random,
  only?: readonly TWord[],
): Round[] {
  return shuffle(only ?? words, random)
    .slice(0, ROUNDS)
    .map((word) => ({
      word,
      options: shuffle(
        [
          word,
          ...shuffle(
            words.filter((w) => w.id !== word.id),
            random,
          ).slice(0, 3),
        ],
        random,
      ),
    }));
}

interface Props {
  words: readonly TWord[];
  signedIn: boolean;
  /** The set being played, for the missed words' links and for leaving. */
  setId: string;
  /** The learner's next set after this one, offered at the end. */
  nextSet?: { id: string; title: string } | null;
}

/**
 * Match the word to its definition, in the practice player: one definition at a time, the
 * feedback sheet with the word's meaning and an example, keys 1–4, Enter, Escape to leave.
 * Each word's result (100 right, 0 wrong) is stored as its gameScore for signed-in users. The
 * end shows the score, the missed words with their meanings, a retry of the missed ones, a
 * new game and the next word set.
 *
 * The rounds are random, so they are drawn once the page is hydrated (the server renders
 * the frame without them).
 */
export function MatchGame(props: Props) {
  const hydrated = useHydrated();
  return hydrated ? <Game {...props} /> : <GameSkeleton />;
}

function Game({ words, signedIn, setId, nextSet }: Props) {
  const [game, setGame] = useState(() => ({ run: 0, rounds: makeRounds(words) }));
  const [index, setIndex] = useState(0);
  const [picks, setPicks] = useState<string[]>([]);
  const [saveError, setSaveError] = useState<string | null>(null);
  const currentPath = useCurrentPath();
  const leave = {
    href: paths.wordSet(setId),
    note: signedIn
      ? 'Each word you answered is already saved.'
      : 'This game is not kept. You can start a new one from the word set.',
  };
  const leaving = useLeave(leave);

  const start = (rounds: Round[]) => {
    setGame((g) => ({ run: g.run + 1, rounds }));
    setIndex(0);
    setPicks([]);
  };

  const { rounds, run } = game;
  const round = rounds[index];

  if (!round) {
    const byId = new Map(words.map((w) => [w.id, w]));
    const missed = rounds
      .map((r, i) => ({ word: r.word, chosen: byId.get(picks[i] ?? '') }))
      .filter((m) => m.chosen?.id !== m.word.id);
    const right = rounds.length - missed.length;
    return (
      <PlayerSummary
        eyebrow="Word game finished"
        right={right}
        total={rounds.length}
        missed={missed.map(({ word, chosen }) => ({
          key: word.id,
          prompt: word.definition,
          yours: chosen?.word ?? null,
          correct: word.word,
          explanation: `${chosen ? `You chose “${chosen.word}”, which means: ${chosen.definition} ` : ''}“${word.word}” in use: ${word.example}`,
          link: { to: links.word(setId, word.id), label: `Open “${word.word}”` },
        }))}
        missedNoun="missed word"
        onRetry={() =>
          start(
            makeRounds(
              words,
              Math.random,
              missed.map((m) => m.word),
            ),
          )
        }
        actions={
          <button
            type="button"
            className={secondaryButton}
            onClick={() => start(makeRounds(words))}
          >
            Play again with new words
          </button>
        }
        next={
          nextSet
            ? { href: paths.wordSet(nextSet.id), label: `Next word set: ${nextSet.title} →` }
            : { href: paths.wordSet(setId), label: 'Back to the words' }
        }
        testId="game-summary"
      >
        {saveError && (
          <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
            {saveError}
          </p>
        )}
        {!signedIn && (
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">
            <Link
              to={links.login(currentPath)}
              className="font-semibold text-brand-700 underline dark:text-sky-400"
            >
              Log in
            </Link>{' '}
            to keep your game results with each word.
          </p>
        )}
      </PlayerSummary>
    );
  }

  function pick(id: string) {
    if (!round || picks.length > index) return; // the first choice counts
    setPicks((p) => [...p.slice(0, index), id]);
    if (signedIn) {
      patchItem('word', round.word.id, { gameScore: id === round.word.id ? 100 : 0 }).catch(() =>
        setSaveError('Some results could not be saved. Check your connection.'),
      );
    }
  }

  return (
    <>
      <GameRound
        key={`${run}-${index}`}
        round={round}
        position={index}
        total={rounds.length}
        picked={picks[index] ?? null}
        onPick={pick}
        onNext={() => setIndex((i) => i + 1)}
        leave={leave}
        onLeave={leaving.ask}
      />
      {leaving.dialog}
    </>
  );
}

/** One definition and its four words; once answered, the sheet with the meaning and "Next". */
function GameRound({
  round,
  position,
  total,
  picked,
  onPick,
  onNext,
  leave,
  onLeave,
}: {
  round: Round;
  position: number;
  total: number;
  picked: string | null;
  onPick: (id: string) => void;
  onNext: () => void;
  leave: { href: string; note: string };
  onLeave?: () => void;
}) {
  const promptRef = useRef<HTMLHeadingElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const answered = picked !== null;
  const chosenIndex = round.options.findIndex((o) => o.id === picked);
  const correctIndex = round.options.findIndex((o) => o.id === round.word.id);
  const chosen = round.options[chosenIndex];
  const right = picked === round.word.id;
  // Focus follows the game: the new definition, then the way on once answered.
  useLayoutEffect(() => {
    promptRef.current?.focus({ preventScroll: true });
  }, []);
  useLayoutEffect(() => {
    if (answered) nextRef.current?.focus({ preventScroll: true });
  }, [answered]);
  usePlayerKeys({
    optionCount: round.options.length,
    answered,
    choose: (i) => {
      const option = round.options[i];
      if (option) onPick(option.id);
    },
    onEnter: answered ? onNext : undefined,
    onEscape: onLeave,
  });

  return (
    <Player
      id="game"
      label={`Match the word: ${position + 1} / ${total}`}
      labelId="game-title"
      heading
      position={position + 1}
      total={total}
      done={position + (answered ? 1 : 0)}
      leave={leave}
      onLeaveRequest={onLeave}
      testId="word-game"
      feedback={
        answered && (
          <FeedbackSheet
            tone={right ? 'right' : 'wrong'}
            title={
              <>
                {right ? `Right: “${round.word.word}”` : `Not quite: it’s “${round.word.word}”`}
                <span className="sr-only">
                  {right ? ' Your answer is correct.' : ' Your answer is not correct.'}
                </span>
              </>
            }
            titleTestId="game-feedback"
            actions={
              <button ref={nextRef} type="button" className={continueButton} onClick={onNext}>
                {position + 1 < total ? 'Next' : 'See result'}
              </button>
            }
          >
            {!right && chosen && (
              <p>
                <strong className="font-semibold">{chosen.word}</strong> means: {chosen.definition}
              </p>
            )}
            <p className={right ? '' : 'mt-1'} data-testid="game-example">
              <span className="font-semibold">In use:</span> {round.word.example}
            </p>
          </FeedbackSheet>
        )
      }
    >
      <p className="mb-1 text-sm text-slate-600 dark:text-slate-300">Which word means this?</p>
      <ItemPrompt id="game-definition" promptRef={promptRef}>
        {round.word.definition}
      </ItemPrompt>
      {/* Words are short: two columns from the sm breakpoint, so a desktop's options are not
          wide bars with a word at one end. */}
      <ol className="mt-4 grid gap-2 sm:grid-cols-2 sm:gap-3" aria-labelledby="game-definition">
        {round.options.map((o, i) => (
          <li key={o.id}>
            <AnswerOption
              option={o.word}
              tone={optionTone(i, answered ? chosenIndex : null, correctIndex)}
              answered={answered}
              chosen={chosenIndex === i}
              keyHint={String(i + 1)}
              onChoose={() => onPick(o.id)}
            />
          </li>
        ))}
      </ol>
      {!answered && (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">
          Choose a word (keys 1–{round.options.length}).
        </p>
      )}
    </Player>
  );
}

/** The player's frame while the rounds are drawn (server render and hydration). */
function GameSkeleton() {
  return (
    <div aria-hidden="true" className="animate-pulse motion-reduce:animate-none">
      <div className="h-3 rounded-full bg-slate-200 dark:bg-slate-700" />
      <div className="mt-6 h-6 w-3/4 rounded bg-slate-200 dark:bg-slate-700" />
      <div className="mt-6 grid gap-2">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="h-14 rounded-xl bg-slate-100 dark:bg-slate-800" />
        ))}
      </div>
    </div>
  );
}
