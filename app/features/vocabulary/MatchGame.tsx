import { memo, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { TWord } from '../../../core/content/vocabulary';
import { links, paths } from '../../../core/paths';
import { patchItem } from '../../lib/items';
import { primaryButton, secondaryButton } from '../../ui/form';
import {
  MissedList,
  SessionSummary,
  SummaryActions,
  sessionVerdict,
} from '../../ui/SessionSummary';

const ROUNDS = 5;

interface Round {
  word: TWord;
  options: TWord[];
}

function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
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

function GameFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-labelledby="game-title" className="rounded-2xl bg-brand-50 p-6 dark:bg-slate-800">
      <h2 id="game-title" className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

interface Props {
  words: readonly TWord[];
  signedIn: boolean;
  /** The set being played, for the missed words' links. */
  setId: string;
  /** The learner's next set after this one, offered at the end. */
  nextSet?: { id: string; title: string } | null;
}

/**
 * Match the word to its definition. Each word's result (100 right, 0 wrong) is stored as
 * its gameScore for signed-in users. The end shows the score, the missed pairs with their
 * meanings, a retry of the missed ones, a new game and the next word set.
 */
export const MatchGame = memo(function MatchGame({ words, signedIn, setId, nextSet }: Props) {
  const [rounds, setRounds] = useState<Round[] | null>(null);
  const [index, setIndex] = useState(0);
  const [picked, setPicked] = useState<string | null>(null);
  const [picks, setPicks] = useState<string[]>([]);
  const [saveError, setSaveError] = useState<string | null>(null);
  const start = (next: Round[]) => {
    setRounds(next);
    setIndex(0);
    setPicks([]);
    setPicked(null);
  };

  if (!rounds) {
    return (
      <GameFrame title="Match the word">
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          Five definitions from this set. Pick the word each one describes.
        </p>
        <button
          type="button"
          className={`${primaryButton} mt-4`}
          onClick={() => start(makeRounds(words))}
        >
          Play
        </button>
      </GameFrame>
    );
  }

  const round = rounds[index];
  if (!round) {
    const byId = new Map(words.map((w) => [w.id, w]));
    const missed = rounds
      .map((r, i) => ({ word: r.word, chosen: byId.get(picks[i] ?? '') }))
      .filter((m) => m.chosen?.id !== m.word.id);
    const right = rounds.length - missed.length;
    return (
      <SessionSummary
        eyebrow="Word game finished"
        title={`${right} of ${rounds.length} matched`}
        verdict={sessionVerdict(right, rounds.length)}
        testId="game-summary"
      >
        <p role="status" className="sr-only" data-testid="game-result">
          You matched {right} of {rounds.length}.
        </p>
        {saveError && (
          <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
            {saveError}
          </p>
        )}
        <SummaryActions>
          {missed.length > 0 && (
            <button
              type="button"
              className={primaryButton}
              onClick={() =>
                start(
                  makeRounds(
                    words,
                    Math.random,
                    missed.map((m) => m.word),
                  ),
                )
              }
            >
              Retry the {missed.length === 1 ? 'one' : missed.length} you missed
            </button>
          )}
          <button
            type="button"
            className={missed.length > 0 ? secondaryButton : primaryButton}
            onClick={() => start(makeRounds(words))}
          >
            Play again with new words
          </button>
          {nextSet && (
            <Link to={paths.wordSet(nextSet.id)} className={secondaryButton}>
              Next word set: {nextSet.title} →
            </Link>
          )}
        </SummaryActions>
        <MissedList
          noun="missed pair"
          items={missed.map(({ word, chosen }) => ({
            key: word.id,
            prompt: word.definition,
            yours: chosen?.word ?? null,
            correct: word.word,
            explanation: `${chosen ? `“${chosen.word}” means: ${chosen.definition} ` : ''}In use: ${word.example}`,
            link: {
              to: links.word(setId, word.id),
              label: `Open “${word.word}”`,
            },
          }))}
        />
      </SessionSummary>
    );
  }

  function choose(id: string) {
    if (picked || !round) return;
    setPicked(id);
    setPicks((p) => [...p, id]);
    const correct = id === round.word.id;
    if (signedIn) {
      patchItem('word', round.word.id, { gameScore: correct ? 100 : 0 }).catch(() =>
        setSaveError('Some results could not be saved. Check your connection.'),
      );
    }
  }

  return (
    <GameFrame title={`Match the word: ${index + 1} / ${rounds.length}`}>
      <p className="mt-3 text-lg" id="game-definition">
        {round.word.definition}
      </p>
      <ul className="mt-4 grid gap-2 sm:grid-cols-2" aria-labelledby="game-definition">
        {round.options.map((o) => {
          const state = !picked
            ? ''
            : o.id === round.word.id
              ? 'correct'
              : o.id === picked
                ? 'wrong'
                : '';
          return (
            <li key={o.id}>
              <button
                type="button"
                onClick={() => choose(o.id)}
                aria-disabled={picked !== null}
                className={`w-full rounded-xl border-2 bg-white px-4 py-3 text-left dark:bg-slate-900 ${
                  state === 'correct'
                    ? 'border-emerald-600'
                    : state === 'wrong'
                      ? 'border-red-600'
                      : 'border-slate-300 dark:border-slate-600'
                }`}
              >
                {o.word}
                {state === 'correct' && <span className="ml-2 font-semibold">✓ Correct</span>}
                {state === 'wrong' && <span className="ml-2 font-semibold">✗ Not this one</span>}
              </button>
            </li>
          );
        })}
      </ul>
      {picked && (
        <button
          type="button"
          className={`${primaryButton} mt-4`}
          onClick={() => {
            setIndex((i) => i + 1);
            setPicked(null);
          }}
        >
          {index + 1 < rounds.length ? 'Next' : 'See result'}
        </button>
      )}
    </GameFrame>
  );
});
