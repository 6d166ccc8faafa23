import { shuffle } from '../random';

/**
 * Match (issue 27), as Quizlet plays it: MATCH_PAIRS words of a set, each as two tiles — the
 * word and its definition — shuffled together on one board. The learner selects two tiles.
 * A word and its own definition leave the board; a word and another word's definition is a
 * wrong pair, shown as wrong, and adds MATCH_PENALTY_MS. A second tile of the same side (two
 * words, two definitions) only moves the selection: it says nothing about the words, so it
 * costs nothing. The game ends when the board is empty, and its result is the time on the
 * clock plus the penalties. The server keeps each learner's lowest result per set, and only
 * results between MATCH_MIN_MS and MATCH_MAX_MS (the browser checks the same bounds).
 */

export const MATCH_PAIRS = 6;
export const MATCH_PENALTY_MS = 1000;
/** Twelve tiles cannot be read and paired faster than this by a person. */
export const MATCH_MIN_MS = 1000;
/** A board left open for longer says nothing about the words. */
export const MATCH_MAX_MS = 60 * 60 * 1000;

/** The parts of a word the board shows. */
export interface MatchWord {
  id: string;
  word: string;
  definition: string;
}

export type TileSide = 'word' | 'definition';

export interface MatchTile {
  /** `word:<wordId>` or `definition:<wordId>`: unique on a board. */
  id: string;
  wordId: string;
  side: TileSide;
  text: string;
}

/** A wrong pair: the word tile's word and the word whose definition was paired with it. */
export interface MatchMistake {
  wordId: string;
  definitionOf: string;
}

export interface MatchState {
  readonly tiles: readonly MatchTile[];
  /** Word ids whose pair has left the board, in the order found. */
  readonly found: readonly string[];
  /** The tile selected and waiting for its partner. */
  readonly selected: string | null;
  /** The last wrong pair's tile ids: shown as wrong until the next selection. */
  readonly wrong: readonly [string, string] | null;
  readonly mistakes: readonly MatchMistake[];
}

/** What selecting a tile did, for the screen to show and say. */
export type MatchMove =
  | { kind: 'selected'; tile: MatchTile }
  | { kind: 'deselected' }
  | { kind: 'found'; wordId: string }
  | { kind: 'wrong'; mistake: MatchMistake }
  /** A tile no longer (or never) on the board, or a move after the end. */
  | { kind: 'ignored' };

const key = (text: string) => text.trim().toLowerCase();

/**
 * A new board: up to MATCH_PAIRS words drawn at random from the set (`random` as
 * Math.random), their 12 tiles shuffled. A word whose text or definition is already on the
 * board is passed over, so no tile could belong to two pairs.
 */
export function newMatch(words: readonly MatchWord[], random: () => number): MatchState {
  const drawn: MatchWord[] = [];
  const texts = new Set<string>();
  const definitions = new Set<string>();
  for (const w of shuffle(words, random)) {
    if (drawn.length === MATCH_PAIRS) break;
    if (texts.has(key(w.word)) || definitions.has(key(w.definition))) continue;
    texts.add(key(w.word));
    definitions.add(key(w.definition));
    drawn.push(w);
  }
  const tiles = drawn.flatMap((w): MatchTile[] => [
    { id: `word:${w.id}`, wordId: w.id, side: 'word', text: w.word },
    { id: `definition:${w.id}`, wordId: w.id, side: 'definition', text: w.definition },
  ]);
  return { tiles: shuffle(tiles, random), found: [], selected: null, wrong: null, mistakes: [] };
}

/** Whether the board is empty (and so the game over). */
export const matchDone = (state: MatchState): boolean =>
  state.tiles.length > 0 && state.found.length * 2 >= state.tiles.length;

/** Whether a tile is still on the board. */
export const onBoard = (state: MatchState, tile: MatchTile): boolean =>
  !state.found.includes(tile.wordId);

/** Selects a tile: the rules in the opening comment. */
export function selectTile(
  state: MatchState,
  tileId: string,
): { state: MatchState; move: MatchMove } {
  const tile = state.tiles.find((t) => t.id === tileId);
  if (!tile || !onBoard(state, tile) || matchDone(state))
    return { state, move: { kind: 'ignored' } };
  const first = state.tiles.find((t) => t.id === state.selected);
  if (!first || first.side === tile.side) {
    if (first?.id === tile.id)
      return { state: { ...state, selected: null, wrong: null }, move: { kind: 'deselected' } };
    return {
      state: { ...state, selected: tile.id, wrong: null },
      move: { kind: 'selected', tile },
    };
  }
  if (first.wordId === tile.wordId) {
    return {
      state: { ...state, found: [...state.found, tile.wordId], selected: null, wrong: null },
      move: { kind: 'found', wordId: tile.wordId },
    };
  }
  const [word, definition] = first.side === 'word' ? [first, tile] : [tile, first];
  const mistake = { wordId: word.wordId, definitionOf: definition.wordId };
  return {
    state: {
      ...state,
      selected: null,
      wrong: [first.id, tile.id],
      mistakes: [...state.mistakes, mistake],
    },
    move: { kind: 'wrong', mistake },
  };
}

/** Lets a wrong pair's mark go (the screen shows it briefly). */
export const clearWrong = (state: MatchState): MatchState =>
  state.wrong ? { ...state, wrong: null } : state;

/** The result: the clock's time (ms since the start) plus a penalty per wrong pair. */
export const matchResultMs = (elapsedMs: number, mistakes: number): number =>
  Math.max(0, Math.round(elapsedMs)) + mistakes * MATCH_PENALTY_MS;

/** Whether a result can be kept: whole milliseconds within MATCH_MIN_MS…MATCH_MAX_MS. */
export const isPlausibleMatchMs = (ms: number): boolean =>
  Number.isInteger(ms) && ms >= MATCH_MIN_MS && ms <= MATCH_MAX_MS;

/** Whether `ms` beats the best so far (none yet: any plausible time does). */
export const beatsBest = (ms: number, best: number | null): boolean =>
  isPlausibleMatchMs(ms) && (best === null || ms < best);

/**
 * The clock as shown: "mm:ss.s", tenths cut (never rounded up to a time not reached yet);
 * past an hour the minutes go on ("61:05.0").
 */
export function formatMatchClock(ms: number): string {
  const tenths = Math.floor(Math.max(0, ms) / 100);
  const minutes = Math.floor(tenths / 600);
  const seconds = (tenths % 600) / 10;
  return `${String(minutes).padStart(2, '0')}:${seconds.toFixed(1).padStart(4, '0')}`;
}

/** A time in words, as a result is said: "24.6 seconds", "1 minute 5.2 seconds". */
export function formatMatchTime(ms: number): string {
  const tenths = Math.floor(Math.max(0, ms) / 100);
  const minutes = Math.floor(tenths / 600);
  const seconds = `${((tenths % 600) / 10).toFixed(1)} seconds`;
  return minutes === 0 ? seconds : `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} ${seconds}`;
}

/** `GET /api/vocabulary/:set/match`: the learner's best time in the set, null before any. */
export interface MatchBest {
  bestMs: number | null;
}

/** `POST /api/vocabulary/:set/match` and the sync op's result: the best after this time. */
export interface MatchSaved {
  bestMs: number;
  /** This time is the new best (lower than any before; a tie is not). */
  newBest: boolean;
}
